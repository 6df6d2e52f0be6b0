import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, auditApi, type AuditRow, type Endpoint, feeRulesApi, inspectionApi, merchantsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller, urlOf } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

let t: TestApp;
let ids: DemoIds;
let wh: ReturnType<typeof caller>; // GZPY warehouse owner
let centre: ReturnType<typeof caller>; // GZPY service-centre owner
let sz: ReturnType<typeof caller>; // SZSB warehouse owner
let szCentre: ReturnType<typeof caller>;
let cuiyu: ReturnType<typeof caller>;
let jinfu: ReturnType<typeof caller>;
let admin: ReturnType<typeof caller>;
let clerk: ReturnType<typeof caller>; // GZPY warehouse sub-account without the audit permission

beforeAll(async () => {
  // behind one proxy hop: the client address is the one X-Forwarded-For names
  t = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  ids = await demoIds(t.database.db);
  const as = async (type: Parameters<TestApp['login']>[0], mobile: string) => caller(t, await t.login(type, mobile));
  wh = await as('qualityInspection', '13900000001');
  clerk = await as('qualityInspection', '13900000002');
  centre = await as('base', '13700000001');
  sz = await as('qualityInspection', '13900000009');
  szCentre = await as('base', '13700000009');
  cuiyu = await as('trader', '13800000001');
  jinfu = await as('trader', '13800000002');
  admin = await as('manage', '13600000001');
});
afterAll(async () => t.close());

const db = () => t.database.db;

/** A POST from a client at `ip` (through the proxy). */
async function postFrom(token: ReturnType<typeof caller>, e: Endpoint, body: Record<string, unknown>, ip: string) {
  const res = await t.app.inject({ method: 'POST', url: urlOf(e), headers: { ...token.headers, 'x-forwarded-for': ip }, payload: body });
  return res.json() as { code: number; msg: string };
}

async function entries(who: ReturnType<typeof caller>, e: Endpoint, q: Record<string, unknown> = {}): Promise<{ list: AuditRow[]; total: number }> {
  const r = await who.call(e, { page_size: 100, ...q });
  expect(r.code).toBe(1000);
  return r.data as { list: AuditRow[]; total: number };
}

const auditCount = async () => (await one<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`)).n;

describe('audit log (操作日志)', () => {
  it('records a fee-rule change with its operator, client address and before → after', async () => {
    const r = await postFrom(wh, feeRulesApi.warehouse.save, { category_id: ids.jade, inspection_fee: 3300, certificate_fee: 1000 }, '203.0.113.7');
    expect(r.code).toBe(1000);
    const { list } = await entries(wh, auditApi.warehouse.list, { kind: 'fee_rule' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      actor_type: 'qualityInspection',
      actor_name: '广州番禺检测中心 质检',
      // who, beyond a name: the account, its mobile (masked in the list) and role
      actor_id: expect.stringMatching(/^\d+$/),
      actor_mobile: '139****0001',
      actor_role: '主账号',
      ip: '203.0.113.7',
      kind: 'fee_rule',
      kind_text: '检测费配置',
      action: 'update',
      action_text: '修改',
      object_label: '翡翠',
      before: { inspection_fee: 3000, certificate_fee: 1000 },
      after: { inspection_fee: 3300, certificate_fee: 1000 },
    });
    expect(Date.parse(list[0]!.created_at)).toBe(t.clock.now().getTime());
  });

  it('shows a centre’s entries to both of its portals and the platform, never to another centre or a merchant', async () => {
    expect((await entries(centre, auditApi.center.list, { kind: 'fee_rule' })).total).toBe(1);
    expect((await entries(admin, auditApi.admin.list, { kind: 'fee_rule' })).total).toBe(1);
    expect((await entries(sz, auditApi.warehouse.list)).total).toBe(0);
    expect((await entries(szCentre, auditApi.center.list)).total).toBe(0);
    expect((await entries(cuiyu, auditApi.merchant.list)).total).toBe(0);
  });

  it('is read only with the portal’s audit permission (owners hold it; a sub-account needs it in its role)', async () => {
    const r = await clerk.call(auditApi.warehouse.list);
    expect(r.code).toBe(1003);
    expect(r.msg).toContain('操作日志');
  });

  it('records a top-up in the merchant’s own log with the balance before and after, not in another merchant’s', async () => {
    const balance = (await one<{ b: number }>(db(), sql`select balance::int as b from merchants where id = ${ids.cuiyu}`)).b;
    const r = await postFrom(admin, merchantsApi.topUp, { id: ids.cuiyu, amount: 10000, idempotency_key: 'audit-topup-1' }, '198.51.100.2');
    expect(r.code).toBe(1000);
    // the same key again is not a second top-up, and not a second entry
    expect((await postFrom(admin, merchantsApi.topUp, { id: ids.cuiyu, amount: 10000, idempotency_key: 'audit-topup-1' }, '198.51.100.2')).code).toBe(1000);
    const { list } = await entries(cuiyu, auditApi.merchant.list, { kind: 'balance' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ actor_type: 'manage', actor_name: '平台管理员', ip: '198.51.100.2', action: 'top_up', object_label: '翠玉轩珠宝', before: { balance }, after: { balance: balance + 10000, amount: 10000 } });
    expect((await entries(jinfu, auditApi.merchant.list)).total).toBe(0);
    expect((await entries(wh, auditApi.warehouse.list, { kind: 'balance' })).total).toBe(0);
  });

  it('records roles and sub-accounts (never a password), scoped to the organisation', async () => {
    const role = await wh.call(accountsApi.warehouse.roleSave, { name: '审计测试角色', description: '', permissions: ['warehouse.order.view'] });
    expect(role.code).toBe(1000);
    const roleId = (role.data as { id: string }).id;
    expect((await wh.call(accountsApi.warehouse.roleSave, { id: roleId, name: '审计测试角色', description: '', permissions: ['warehouse.order.view', 'warehouse.audit.view'] })).code).toBe(1000);
    const acc = await wh.call(accountsApi.warehouse.save, { mobile: '13911112222', name: '审计员', password: 'Secret@123', role_id: roleId });
    expect(acc.code).toBe(1000);
    const accId = (acc.data as { id: string }).id;
    expect((await wh.call(accountsApi.warehouse.resetPassword, { id: accId, password: 'Other@4567' })).code).toBe(1000);
    expect((await wh.call(accountsApi.warehouse.status, { id: accId, status: 0 })).code).toBe(1000);

    const roles = (await entries(wh, auditApi.warehouse.list, { kind: 'role' })).list;
    expect(roles.map((e) => e.action)).toEqual(['update', 'create']);
    // kept as keys, shown by their names in the role editor's catalogue
    expect(roles[0]).toMatchObject({ before: { permissions: ['订单列表'] }, after: { permissions: ['订单列表', '操作日志'] } });
    const subs = (await entries(wh, auditApi.warehouse.list, { kind: 'sub_account', object: '13911112222' })).list;
    expect(subs.map((e) => e.action)).toEqual(['disable', 'reset_password', 'create']);
    expect(subs[2]).toMatchObject({ object_label: '审计员（13911112222）', before: null, after: { name: '审计员', mobile: '13911112222', role: '审计测试角色' } });
    expect(subs[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(JSON.stringify(subs)).not.toMatch(/Secret@123|Other@4567|argon/);
    expect((await entries(sz, auditApi.warehouse.list, { kind: 'role' })).total).toBe(0);
  });

  it('a refused change leaves no entry: a result the credit limit refuses is rolled back with its entry', async () => {
    const orderId = await orderIn(db(), ids, 'received', { merchantId: ids.jinfu });
    const [item] = await all<{ id: string }>(db(), sql`select id::text from order_items where order_id = ${orderId}`);
    await db().execute(sql`update merchants set balance = 0, credit_limit = 0 where id = ${ids.jinfu}`);
    const n = await auditCount();
    const body = { item_id: item!.id, mass: 5.2, conclusion: '翡翠（A货）', result: 'pass' };
    const refused = await wh.call(inspectionApi.submit, body);
    expect(refused.code).toBe(1001);
    expect(await auditCount()).toBe(n);
    // with credit the same result goes through and is recorded
    await db().execute(sql`update merchants set credit_limit = 1000000 where id = ${ids.jinfu}`);
    expect((await wh.call(inspectionApi.submit, body)).code).toBe(1000);
    const { list } = await entries(wh, auditApi.warehouse.list, { kind: 'inspection_result' });
    expect(list[0]).toMatchObject({ action: 'submit', before: null, after: { result: 'pass', conclusion: '翡翠（A货）' } });
  });

  it('filters by China day, operator and object, and pages', async () => {
    const today = t.clock.now();
    const day = new Date(today.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await entries(admin, auditApi.admin.list, { start_date: day, end_date: day })).total).toBeGreaterThan(0);
    expect((await entries(admin, auditApi.admin.list, { start_date: '2000-01-01', end_date: '2000-01-01' })).total).toBe(0);
    expect((await entries(admin, auditApi.admin.list, { actor: '平台管理' })).list.every((e) => e.actor_name === '平台管理员')).toBe(true);
    expect((await entries(admin, auditApi.admin.list, { object: '翠玉轩' })).total).toBe(1);
    const page = await admin.call(auditApi.admin.list, { page: 1, page_size: 2 });
    expect((page.data as { list: unknown[] }).list).toHaveLength(2);
  });

  it('sorts by 时间 both ways (newest first by default), the id breaking ties; another column is refused', async () => {
    const all = async (q: object) => {
      const r = await admin.call(auditApi.admin.list, { page: 1, page_size: 100, ...q });
      expect(r.code).toBe(1000);
      return (r.data as { list: { id: string; created_at: string }[] }).list;
    };
    const newest = await all({});
    expect(newest.length).toBeGreaterThan(2);
    const key = (e: { id: string; created_at: string }) => [e.created_at, e.id.padStart(20, '0')].join(' ');
    expect(newest.map(key)).toEqual([...newest.map(key)].sort().reverse());
    expect(await all({ sort_by: 'created_at', sort_order: 'desc' })).toEqual(newest);
    expect(await all({ sort_by: 'created_at', sort_order: 'asc' })).toEqual([...newest].reverse());
    const refused = await admin.call(auditApi.admin.list, { sort_by: 'ip' } as never);
    expect(refused).toMatchObject({ code: 1001, msg: '不能按这一列排序：此列表只能按时间排序' });
  });

  it('exports the filtered entries as an Excel sheet with before and after in words', async () => {
    const res = await wh.raw(auditApi.warehouse.export, { kind: 'fee_rule' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const row = (ws.getRow(2).values as unknown[]).slice(1).map(String);
    expect(row).toEqual(expect.arrayContaining(['203.0.113.7', '检测费配置', '修改', '翡翠', '检测费：¥30.00', '检测费：¥33.00']));
  });
});

describe('client address without a trusted proxy', () => {
  it('ignores X-Forwarded-For (a client cannot choose the address recorded)', async () => {
    const plain = await createTestApp();
    try {
      const ids2 = await demoIds(plain.database.db);
      const owner = caller(plain, await plain.login('qualityInspection', '13900000001'));
      const res = await plain.app.inject({
        method: 'POST',
        url: urlOf(feeRulesApi.warehouse.save),
        headers: { ...owner.headers, 'x-forwarded-for': '203.0.113.99' },
        payload: { category_id: ids2.gold, inspection_fee: 100, certificate_fee: 100 },
      });
      expect(res.json().code).toBe(1000);
      const r = await owner.call(auditApi.warehouse.list);
      expect((r.data as { list: AuditRow[] }).list[0]!.ip).toBe('127.0.0.1');
    } finally {
      await plain.close();
    }
  });
});
