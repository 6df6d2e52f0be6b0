import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, auditApi, type AuditRow, authApi, centreApplicationsApi, chinaDay, codesApi, type Endpoint, feeRulesApi, inspectionApi, interceptionApi, merchantsApi, statementsApi, templatesApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import certificateLabelTemplate from '../templates/builtin/certificate_label.json';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

// 操作日志 names who did it (account id, mobile, role), and the changes the first reviews found
// unrecorded are recorded, each in the logs it belongs to.

let t: TestApp;
let ids: DemoIds;
type Caller = ReturnType<typeof caller>;
let wh: Caller; // GZPY warehouse owner
let centre: Caller; // GZPY service-centre owner
let cuiyu: Caller; // merchant 翠玉轩 owner
let admin: Caller;
const db = () => t.database.db;
const as = async (type: Parameters<TestApp['login']>[0], mobile: string, password?: string) => caller(t, await t.login(type, mobile, password));

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(db());
  wh = await as('qualityInspection', '13900000001');
  centre = await as('base', '13700000001');
  cuiyu = await as('trader', '13800000001');
  admin = await as('manage', '13600000001');
});
afterAll(async () => t.close());

async function entries(who: Caller, e: Endpoint, q: Record<string, unknown> = {}): Promise<AuditRow[]> {
  const r = await who.call(e, { page_size: 100, ...q });
  expect(r.code).toBe(1000);
  return (r.data as { list: AuditRow[] }).list;
}
const accountId = async (mobile: string, type: string) => (await one<{ id: string }>(db(), sql`select id::text from accounts where mobile = ${mobile} and user_type = ${type}`)).id;

describe('who: account id, mobile and role', () => {
  it('a sub-account renaming itself to its owner’s name is recorded, and its entries still show its own id, mobile and role', async () => {
    const role = await wh.call(accountsApi.warehouse.roleSave, { name: '复核员', description: '', permissions: ['fee.view', 'fee.manage'] });
    expect(role.code).toBe(1000);
    const acc = await wh.call(accountsApi.warehouse.save, { mobile: '13977770001', name: '小王', password: 'Secret@123', role_id: (role.data as { id: string }).id });
    expect(acc.code).toBe(1000);
    const sub = await as('qualityInspection', '13977770001', 'Secret@123');
    const ownerName = (await one<{ name: string }>(db(), sql`select name from accounts where mobile = '13900000001' and user_type = 'qualityInspection'`)).name;

    expect((await sub.call(authApi.warehouse.edit, { name: ownerName })).code).toBe(1000);
    const rename = (await entries(wh, auditApi.warehouse.list, { kind: 'profile' }))[0]!;
    expect(rename).toMatchObject({
      action: 'update',
      actor_id: await accountId('13977770001', 'qualityInspection'),
      actor_name: ownerName,
      actor_mobile: '139****0001',
      actor_role: '复核员',
      before: { name: '小王' },
      after: { name: ownerName },
    });
    expect(rename.object_label).toBe('小王（13977770001）');

    // a change it makes now reads with the owner's name, yet is told apart from the owner's
    expect((await sub.call(feeRulesApi.warehouse.save, { category_id: ids.jade, inspection_fee: 3100, certificate_fee: 1000 })).code).toBe(1000);
    expect((await wh.call(feeRulesApi.warehouse.save, { category_id: ids.jade, inspection_fee: 3200, certificate_fee: 1000 })).code).toBe(1000);
    const [byOwner, bySub] = await entries(wh, auditApi.warehouse.list, { kind: 'fee_rule' });
    expect(byOwner!.actor_name).toBe(bySub!.actor_name);
    expect(byOwner).toMatchObject({ actor_id: await accountId('13900000001', 'qualityInspection'), actor_mobile: '139****0001', actor_role: '主账号' });
    expect(bySub).toMatchObject({ actor_role: '复核员' });
    expect(bySub!.actor_id).not.toBe(byOwner!.actor_id);
    // the full mobile finds the entries of one account (the name no longer does)
    const mine = await entries(wh, auditApi.warehouse.list, { actor: '13977770001' });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor_role === '复核员')).toBe(true);
  });

  it('the export carries the account id, the full mobile and the role', async () => {
    const res = await wh.raw(auditApi.warehouse.export, { kind: 'profile' });
    expect(res.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['账号ID', '手机号', '角色']));
    const row = (ws.getRow(2).values as unknown[]).slice(1).map(String);
    expect(row).toEqual(expect.arrayContaining([await accountId('13977770001', 'qualityInspection'), '13977770001', '复核员']));
  });

  it('an owner’s own password change is recorded without the password', async () => {
    expect((await cuiyu.call(authApi.merchant.edit, { old_password: 'Demo@123456', password: 'Changed@2025' })).code).toBe(1000);
    const [e] = await entries(cuiyu, auditApi.merchant.list, { kind: 'profile' });
    expect(e).toMatchObject({ action: 'change_password', actor_role: '主账号', actor_mobile: '138****0001', before: null, after: null });
    expect(JSON.stringify(e)).not.toMatch(/Changed@2025|Demo@123456/);
  });
});

describe('changes that were not recorded', () => {
  it('the manager disabling and enabling a merchant: in that merchant’s log and the platform’s', async () => {
    expect((await admin.call(merchantsApi.status, { id: ids.jinfu, status_id: 0 })).code).toBe(1000);
    expect((await admin.call(merchantsApi.status, { id: ids.jinfu, status_id: 1 })).code).toBe(1000);
    const jinfu = await as('trader', '13800000002');
    const theirs = await entries(jinfu, auditApi.merchant.list, { kind: 'merchant' });
    expect(theirs.map((e) => e.action)).toEqual(['enable', 'disable']);
    expect(theirs[1]).toMatchObject({ actor_type: 'manage', actor_role: '主账号', before: { enabled: true }, after: { enabled: false } });
    expect((await entries(admin, auditApi.admin.list, { kind: 'merchant' })).length).toBe(2);
    expect(await entries(cuiyu, auditApi.merchant.list, { kind: 'merchant' })).toEqual([]);
  });

  it('approving a testing authorisation records what was approved, its 拦截策略 included', async () => {
    await db().execute(sql`update testing_authorisations set status = 0, intercept_policy = 'shipping_first' where merchant_id = ${ids.jinfu}`);
    expect((await admin.call(merchantsApi.review, { id: ids.jinfu, status_id: 1 })).code).toBe(1000);
    const jinfu = await as('trader', '13800000002');
    const [e] = await entries(jinfu, auditApi.merchant.list, { kind: 'testing_auth' });
    expect(e).toMatchObject({ action: 'approve', actor_type: 'manage', before: { status: '审核中' }, after: { status: '已通过', intercept_policy: 'shipping_first' } });
    await db().execute(sql`update testing_authorisations set intercept_policy = 'after_sales_first' where merchant_id = ${ids.jinfu}`);
  });

  it('a centre application approved: in the new centre’s log and the platform’s', async () => {
    t.clock.advanceSeconds(61);
    expect((await caller(t, '').call(authApi.smsSend, { mobile: '13777770001' })).code).toBe(1000);
    const reg = await caller(t, '').call(authApi.center.register, {
      mobile: '13777770001',
      verify_code: (await t.lastSmsCode('13777770001'))!,
      password: 'Secret@123',
      name: '赵站长',
      center_name: '揭阳审计测试中心',
      center_address: '广东省揭阳市阳美玉都',
    });
    expect(reg.code).toBe(1000);
    const id = (reg.data as { id: string }).id;
    expect((await admin.call(centreApplicationsApi.approve, { id })).code).toBe(1000);
    const [e] = await entries(admin, auditApi.admin.list, { kind: 'centre_application' });
    expect(e).toMatchObject({ action: 'approve', object_label: '揭阳审计测试中心', after: { status: '已通过' } });
    const owner = await as('base', '13777770001', 'Secret@123');
    expect((await entries(owner, auditApi.center.list, { kind: 'centre_application' })).length).toBe(1);
    expect(await entries(centre, auditApi.center.list, { kind: 'centre_application' })).toEqual([]);
  });

  it('code bind and unbind, then the statement confirm, in the centre’s log', async () => {
    const orderId = await orderIn(db(), ids, 'received');
    const items = await all<{ id: string }>(db(), sql`select id::text from order_items where order_id = ${orderId} order by id`);
    for (const it of items) {
      const r = await wh.call(inspectionApi.submit, { item_id: it.id, mass: 5.2, conclusion: '翡翠（A货）', result: 'pass' });
      expect(r.code).toBe(1000);
    }
    const bound = await wh.call(codesApi.bind, { item_id: items[0]!.id, code: 'AUDIT0001' });
    expect(bound.code).toBe(1000);
    const bindingId = (bound.data as { binding: { id: string } }).binding.id;
    expect((await wh.call(codesApi.unbind, { id: bindingId, reason: '标签贴错' })).code).toBe(1000);
    const codes = await entries(centre, auditApi.center.list, { kind: 'code_binding' });
    expect(codes.map((e) => e.action)).toEqual(['unbind', 'bind']);
    expect(codes[1]).toMatchObject({ after: { code: 'AUDIT0001' } });
    expect(codes[0]).toMatchObject({ before: { code: 'AUDIT0001' }, after: { code: null, reason: '标签贴错' } });

    const month = chinaDay(t.clock.now()).slice(0, 7);
    expect((await wh.call(statementsApi.confirm, { merchant_id: ids.cuiyu, month })).code).toBe(1000);
    expect((await wh.call(statementsApi.confirm, { merchant_id: ids.cuiyu, month })).code).toBe(1000); // again: harmless, not recorded twice
    const st = await entries(wh, auditApi.warehouse.list, { kind: 'statement' });
    expect(st).toHaveLength(1);
    expect(st[0]).toMatchObject({ action: 'confirm', after: { merchant: '翠玉轩珠宝', month } });
    expect(await entries(cuiyu, auditApi.merchant.list, { kind: 'statement' })).toEqual([]);
  });

  it('template set-default and delete', async () => {
    const save = (name: string) => wh.call(templatesApi.warehouse.save, { name, kind: 'certificate_label', template: certificateLabelTemplate });
    const a = (await save('审计模板甲')).data as { id: string };
    const b = (await save('审计模板乙')).data as { id: string };
    expect((await wh.call(templatesApi.warehouse.setDefault, { id: a.id })).code).toBe(1000);
    expect(await wh.call(templatesApi.warehouse.delete, { id: b.id })).toMatchObject({ code: 1000 });
    const list = await entries(wh, auditApi.warehouse.list, { kind: 'label_template' });
    expect(list.slice(0, 2).map((e) => [e.action, e.object_label])).toEqual([
      ['delete', '审计模板乙'],
      ['set_default', '审计模板甲'],
    ]);
    expect(list[0]).toMatchObject({ before: { name: '审计模板乙', is_default: false }, after: null });
  });

  it('staff interceptions: the centre’s, the manager’s, a merchant request and its rejection — in the centre’s and the merchant’s logs', async () => {
    const byCentre = await orderIn(db(), ids, 'bound');
    const byManager = await orderIn(db(), ids, 'bound');
    const requested = await orderIn(db(), ids, 'bound');
    expect((await centre.call(interceptionApi.centerIntercept, { id: byCentre, reason: '商家来电：买家已退款' })).code).toBe(1000);
    expect((await admin.call(interceptionApi.manageIntercept, { id: byManager, reason: '平台处理投诉' })).code).toBe(1000);
    const req = await cuiyu.call(interceptionApi.merchantRequest, { id: requested, reason: '买家要求退货' });
    expect(req.code).toBe(1000);
    expect((await centre.call(interceptionApi.centerReject, { id: (req.data as { id: string }).id, note: '已发出通知，无法拦截' })).code).toBe(1000);

    const inCentre = await entries(centre, auditApi.center.list, { kind: 'interception' });
    expect(inCentre.map((e) => [e.action, e.actor_type])).toEqual([
      ['reject', 'base'],
      ['request', 'trader'],
      ['intercept', 'manage'],
      ['intercept', 'base'],
    ]);
    expect(inCentre[3]).toMatchObject({ after: { reason: '商家来电：买家已退款', status: '已拦截' } });
    expect((await entries(cuiyu, auditApi.merchant.list, { kind: 'interception' })).length).toBe(4);
  });
});
