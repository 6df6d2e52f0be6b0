import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi, interceptionApi as api, merchantsApi, notificationsApi, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

// Issue 25, point 2: return information where the work is — the merchant's 退货地址, contact and
// phone on 拦截退回, in the 快递寄回 dialog (prefilled, editable, audited), in the centre's banner
// and the order's panel; a merchant with none is asked for one when its order is intercepted.

let t: TestApp;
let ids: DemoIds;
type Who = ReturnType<typeof caller>;
let base: Who;
let warehouse: Who;
let trader: Who;
let manager: Who;
const db = () => t.database.db;

let cuiyuAuth: { contact_person: string; contact_mobile: string; return_address: string };

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(db());
  base = caller(t, await t.login('base', '13700000001'));
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
  trader = caller(t, await t.login('trader', '13800000001'));
  manager = caller(t, await t.login('manage', '13600000001'));
  cuiyuAuth = await one(db(), sql`select contact_person, contact_mobile, return_address from testing_authorisations where merchant_id = ${ids.cuiyu}`);
  // the seed's contact of the authorisation differs from the registration's, as in real life
  await db().execute(sql`update testing_authorisations set contact_person = '李经理', contact_mobile = '13912345678' where merchant_id = ${ids.cuiyu}`);
  cuiyuAuth = { ...cuiyuAuth, contact_person: '李经理', contact_mobile: '13912345678' };
});
afterAll(async () => t?.close());

async function intercepted(merchantId = ids.cuiyu): Promise<number> {
  const id = await orderIn(db(), ids, 'passed', { merchantId });
  const r = await base.call(api.centerIntercept, { id, reason: '商家来电：买家已退款' });
  expect(r.code, r.msg).toBe(1000);
  return id;
}

const auditOf = (orderId: number) =>
  all<{ kind: string; action: string; before: Record<string, string>; after: Record<string, string> }>(
    db(),
    sql`select kind, action, before, after from audit_log where kind = 'order_return' and object_id = ${String(orderId)}`,
  );

describe('return information where the work is', () => {
  it('拦截退回 shows the merchant’s 检测信息 contact, phone and 退货地址 on each row', async () => {
    const id = await intercepted();
    const q = await warehouse.call(api.warehouseQueue, { page: 1, page_size: 100 });
    const row = q.data.list.find((r) => r.id === String(id))!;
    expect(row.return_to).toMatchObject({ merchant_name: '翠玉轩珠宝', contact: '李经理', mobile: '13912345678', address: cuiyuAuth.return_address });
    expect(row.return_to.address.length).toBeGreaterThan(4);
  });

  it('the centre’s banner says whom to call; the order panel of the centre and warehouse shows where the goods go', async () => {
    const id = await intercepted();
    const alerts = await base.call(ordersApi.center.alerts);
    expect(alerts.data.intercepted.find((x) => x.id === String(id))).toMatchObject({ merchant_contact: '李经理', merchant_mobile: '13912345678' });
    for (const [who, endpoint] of [
      [base, api.centerInterception],
      [warehouse, api.warehouseInterception],
      [trader, api.merchantInterception],
    ] as const) {
      const info = await who.call(endpoint, { id });
      expect(info.data.return_to).toMatchObject({ contact: '李经理', mobile: '13912345678', address: cuiyuAuth.return_address });
    }
  });

  it('快递寄回 without changes sends to the merchant’s own address and records no audit entry; the return says where it went', async () => {
    const id = await intercepted();
    const r = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '顺丰速运', waybill: 'SF1111222233' });
    expect(r.code, r.msg).toBe(1000);
    const info = await trader.call(api.merchantInterception, { id });
    expect(info.data.return_info).toMatchObject({ mode: 'post', contact: '李经理', mobile: '13912345678', address: cuiyuAuth.return_address });
    expect(await auditOf(id)).toEqual([]);
  });

  it('快递寄回 with an edited address sends there and records who changed what in the audit log', async () => {
    const id = await intercepted();
    const r = await warehouse.call(warehouseApi.orderReturn, {
      id,
      mode: 'post',
      carrier: '中通快递',
      waybill: 'ZT5555666677',
      return_contact: '王仓管',
      return_mobile: '13711112222',
      return_address: '广东省深圳市罗湖区水贝二路8号 翠玉轩仓库',
    });
    expect(r.code, r.msg).toBe(1000);
    const info = await base.call(api.centerInterception, { id });
    expect(info.data.return_info).toMatchObject({ contact: '王仓管', mobile: '13711112222', address: '广东省深圳市罗湖区水贝二路8号 翠玉轩仓库' });
    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'update',
      before: { contact: '李经理', mobile: '13912345678', address: cuiyuAuth.return_address },
      after: { contact: '王仓管', mobile: '13711112222', address: '广东省深圳市罗湖区水贝二路8号 翠玉轩仓库' },
    });
  });

  it('refuses a bad phone in the dialog with a sentence', async () => {
    const id = await intercepted();
    const r = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '顺丰速运', waybill: 'SF9999888877', return_mobile: '电话' });
    expect(r).toMatchObject({ code: 1001, msg: '退货联系电话格式不正确' });
  });

  it('a merchant with no 退货地址 is asked for one when its order is intercepted; the parcel cannot go by post until an address is entered', async () => {
    // 金福's 检测信息 predates the 退货地址 (an approved merchant with none entered)
    await db().execute(sql`update testing_authorisations set return_address = '' where merchant_id = ${ids.jinfu}`);
    const jinfu = caller(t, await t.login('trader', '13800000002'));
    const id = await intercepted(ids.jinfu);
    const bell = await jinfu.call(notificationsApi.summary, { limit: 20 });
    expect(bell.data.list.find((n) => n.kind === 'return_address_missing' && n.order_id === String(id))).toBeTruthy();
    // the merchant with an address is not asked
    const cuiyuId = await intercepted();
    const cuiyuBell = await trader.call(notificationsApi.summary, { limit: 50 });
    expect(cuiyuBell.data.list.some((n) => n.kind === 'return_address_missing' && n.order_id === String(cuiyuId))).toBe(false);

    const info = await jinfu.call(api.merchantInterception, { id });
    expect(info.data.return_to).toMatchObject({ merchant_name: '金福珠宝', address: '' });
    const refused = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '顺丰速运', waybill: 'SF3333444455' });
    expect(refused).toMatchObject({ code: 1001, msg: '商家尚未填写退货地址，请联系商家确认后在「退货地址」中填写' });
    const ok = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '顺丰速运', waybill: 'SF3333444455', return_address: '广东省广州市番禺区市桥街12号' });
    expect(ok.code, ok.msg).toBe(1000);
    expect((await auditOf(id))[0]).toMatchObject({ before: { address: '' }, after: { address: '广东省广州市番禺区市桥街12号' } });
  });
});

describe('the merchant is told when its 检测信息 is reviewed', () => {
  const submit = (merchantId: number) =>
    db().execute(sql`insert into testing_authorisations (merchant_id, company_name, licence_no, contact_person, contact_mobile, return_address, return_method, intercept_policy, status)
      values (${merchantId}, '新商户珠宝有限公司', '91440101MA5XXXXXX1', '赵女士', '13566667777', '广东省广州市天河区天河路1号', 'post', 'after_sales_first', 0)
      on conflict (merchant_id) do update set status = 0, reject_reason = ''`);

  it('a rejection tells the merchant why; an approval tells it that it may create orders', async () => {
    const newbie = caller(t, await t.login('trader', '13800000003'));
    await submit(ids.newbie);
    const rejected = await manager.call(merchantsApi.review, { id: ids.newbie, status_id: 2, reason: '营业执照照片不清晰' });
    expect(rejected.code, rejected.msg).toBe(1000);
    let bell = await newbie.call(notificationsApi.summary, { limit: 20 });
    expect(bell.data.list.find((n) => n.kind === 'auth_rejected')).toMatchObject({ params: { reason: '营业执照照片不清晰' }, read: false });

    await submit(ids.newbie);
    expect((await manager.call(merchantsApi.review, { id: ids.newbie, status_id: 1 })).code).toBe(1000);
    bell = await newbie.call(notificationsApi.summary, { limit: 20 });
    expect(bell.data.list[0]).toMatchObject({ kind: 'auth_approved', read: false });
    // another merchant is not told
    expect((await trader.call(notificationsApi.summary, { limit: 50 })).data.list.some((n) => n.kind === 'auth_approved' || n.kind === 'auth_rejected')).toBe(false);
  });
});
