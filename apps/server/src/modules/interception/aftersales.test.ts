import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUDIAN_PUSH_PATH, interceptionApi, merchantsApi, warehouseApi } from '@gemqc/contract';
import { testConfig } from '../../config';
import { DoudianClient } from '../../integrations/doudian';
import { startFakeDoudian, type FakeDoudian } from '../../integrations/doudian/fake';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';
import { reconcileAftersales } from './reconcile';

// No refund missed (issue 23): refunds of parcels in transit, reconciliation with afterSale.List when
// a push is lost, the 拦截策略 the merchant changes, after-sales the buyer closes, and release — all
// against the local stand-in of the platform over real HTTP.
const { appKey, appSecret } = testConfig().doudian;
const SHOP = '4463798'; // 翠玉轩's seeded Doudian shop (its seed tokens are accepted by the stand-in)

let t: TestApp;
let fake: FakeDoudian;
let ids: DemoIds;
let shopRowId: number;
let seq = 0;
let warehouse: ReturnType<typeof caller>;
let centre: ReturnType<typeof caller>;
let merchant: ReturnType<typeof caller>;

async function shopOrder(status: 'bound' | 'passed' | 'awaiting_arrival') {
  const platformOrderId = `6911000000${String(Date.now()).slice(-6)}${String(++seq).padStart(3, '0')}`;
  const id = await orderIn(t.database.db, ids, status, { shopId: shopRowId, platformOrderId });
  const { order_no } = await one<{ order_no: string }>(t.database.db, sql`select order_no from testing_orders where id = ${id}`);
  return { id, platformOrderId, orderNo: order_no };
}
const statusOf = async (id: number) => one<{ status: string; intercept_reason: string }>(t.database.db, sql`select status, intercept_reason from testing_orders where id = ${id}`);
const eventsInto = async (id: number, to: string) => all<{ actor_name: string; reason: string }>(t.database.db, sql`select actor_name, reason from order_events where order_id = ${id} and to_status = ${to} order by id`);
const outcomesOf = async (id: number) => (await all<{ outcome: string }>(t.database.db, sql`select outcome from platform_messages where order_id = ${id} order by id`)).map((r) => r.outcome);
const notificationsOf = async (id: number, kind: string) => all<{ portal: string; params: Record<string, string> }>(t.database.db, sql`select portal, params from notifications where order_id = ${id} and kind = ${kind}`);
const reconcile = () =>
  reconcileAftersales({ db: t.database.db, config: testConfig(), doudian: new DoudianClient({ gateway: fake.url, appKey, appSecret }), authUrl: `${fake.url}/oauth/authorize`, now: new Date() });
const setPolicy = (p: 'after_sales_first' | 'shipping_first') => merchant.call(merchantsApi.interceptPolicy, { intercept_policy: p });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const pushUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api${DOUDIAN_PUSH_PATH}`;
  fake = await startFakeDoudian({ appKey, appSecret, pushUrl });
  ids = await demoIds(t.database.db);
  shopRowId = (await one<{ id: number }>(t.database.db, sql`select id::int from shops where shop_id = ${SHOP}`)).id;
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
  centre = caller(t, await t.login('base', '13700000001'));
  merchant = caller(t, await t.login('trader', '13800000001'));
});

afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('a refund while the parcel is on its way (待到仓)', () => {
  it('售后优先: recorded and the merchant told at once; the intake scan stops it with the reason and the order goes straight to interception', async () => {
    expect((await setPolicy('after_sales_first')).code).toBe(1000);
    const o = await shopOrder('awaiting_arrival');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId, refundAmount: 99000 });
    expect(r.status).toBe(200);
    expect(await outcomesOf(o.id)).toEqual(['intercept_on_arrival']);
    expect((await statusOf(o.id)).status).toBe('awaiting_arrival');
    const told = await notificationsOf(o.id, 'refund_in_transit');
    expect(told).toEqual([{ portal: 'trader', params: { reason: expect.stringContaining(`售后单 ${r.aftersaleId}`), policy: 'after_sales_first' } }]);
    // the order's interception side says it too
    const side = await merchant.call(interceptionApi.merchantInterception, { id: o.id });
    expect(side.data.refund_notices[0]).toMatchObject({ outcome: 'intercept_on_arrival', aftersale_id: r.aftersaleId });

    const scan = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
    expect(scan.code).toBe(1000);
    expect(scan.data.can_receive).toBe(false);
    expect(scan.data.order.status).toBe('intercepted');
    expect(scan.data.refusal).toContain('商家设置为「售后优先」：订单已拦截，请勿检测和发货，把货品放到拦截退回货架');
    expect(scan.data.refusal).toContain(`售后单 ${r.aftersaleId}`);
    expect(scan.data.refund_notice).toBe(scan.data.refusal);
    expect(await eventsInto(o.id, 'received')).toHaveLength(1);
    const intercepted = await eventsInto(o.id, 'intercepted');
    expect(intercepted).toHaveLength(1);
    expect(intercepted[0]!.actor_name).toBe('抖店售后消息');
    // on the 拦截退回 shelf (the warehouse's return queue)
    const queue = await warehouse.call(interceptionApi.warehouseQueue, { page: 1, page_size: 100 });
    expect(queue.data.list.map((x) => x.id)).toContain(String(o.id));
    // a second scan only shows it intercepted; it cannot be received
    const again = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
    expect(again.data.order.status).toBe('intercepted');
    expect(again.data.can_receive).toBe(false);
    expect(again.data.refusal).toContain('订单已被拦截（');
    expect((await warehouse.call(warehouseApi.intakeReceive, { id: o.id })).code).toBe(1001);
    expect(await eventsInto(o.id, 'intercepted')).toHaveLength(1);
  });

  it('售后优先: receiving it directly (确认入仓 without a scan) intercepts it as well', async () => {
    const o = await shopOrder('awaiting_arrival');
    await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    const res = await warehouse.call(warehouseApi.intakeReceive, { id: o.id });
    expect(res.code).toBe(1000);
    expect(res.data.order.status).toBe('intercepted');
  });

  it('发货优先: the scan shows the refund and the parcel is received as usual', async () => {
    expect((await setPolicy('shipping_first')).code).toBe(1000);
    try {
      const o = await shopOrder('awaiting_arrival');
      await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
      expect(await outcomesOf(o.id)).toEqual(['shipping_first']);
      expect((await notificationsOf(o.id, 'refund_in_transit'))[0]!.params.policy).toBe('shipping_first');
      const scan = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
      expect(scan.data.can_receive).toBe(true);
      expect(scan.data.order.status).toBe('awaiting_arrival');
      expect(scan.data.refund_notice).toContain('商家设置为「发货优先」，照常入仓检测发货');
      const res = await warehouse.call(warehouseApi.intakeReceive, { id: o.id });
      expect(res.data.order.status).toBe('received');
      expect(await eventsInto(o.id, 'intercepted')).toHaveLength(0);
    } finally {
      await setPolicy('after_sales_first');
    }
  });

  it('the buyer withdraws the after-sale before the parcel arrives: recorded, both told, and the scan receives it normally', async () => {
    const o = await shopOrder('awaiting_arrival');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    const closed = await fake.closeRefund(r.aftersaleId);
    expect(closed?.status).toBe(200);
    expect(await outcomesOf(o.id)).toEqual(['intercept_on_arrival', 'aftersale_closed']);
    expect((await notificationsOf(o.id, 'aftersale_closed')).map((n) => n.portal).sort()).toEqual(['qualityInspection', 'trader']);
    const scan = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
    expect(scan.data.can_receive).toBe(true);
    expect(scan.data.refund_notice).toBe('');
  });
});

describe('拦截策略 changes at any time', () => {
  it('the merchant changes it after approval (no new review), audited, and the next refund follows it', async () => {
    const before = await merchant.call(merchantsApi.authInfo);
    const changed = await setPolicy('shipping_first');
    expect(changed.code).toBe(1000);
    expect(changed.data.intercept_policy).toBe('shipping_first');
    expect(changed.data.status_id).toBe(before.data.status_id); // still approved: no new review
    try {
      const audit = await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where kind = 'intercept_policy' and after->>'intercept_policy' = 'shipping_first'`);
      expect(audit.n).toBeGreaterThanOrEqual(1);
      const a = await shopOrder('bound');
      await fake.simulateRefund({ shopId: SHOP, orderId: a.platformOrderId });
      expect((await statusOf(a.id)).status).toBe('bound');
      expect(await outcomesOf(a.id)).toEqual(['shipping_first']);
    } finally {
      expect((await setPolicy('after_sales_first')).data.intercept_policy).toBe('after_sales_first');
    }
    const b = await shopOrder('bound');
    await fake.simulateRefund({ shopId: SHOP, orderId: b.platformOrderId });
    expect((await statusOf(b.id)).status).toBe('intercepted');
    // a bad value is refused in words
    const bad = await merchant.call(merchantsApi.interceptPolicy, { intercept_policy: 'whatever' });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('请选择拦截策略');
  });
});

describe('reconciliation with afterSale.List', () => {
  it('finds a refund whose push was lost and applies it once; a second run and a late push apply nothing twice', async () => {
    const o = await shopOrder('bound');
    const aftersaleId = fake.createRefundWithoutPush({ shopId: SHOP, orderId: o.platformOrderId, refundAmount: 50000 });
    expect((await statusOf(o.id)).status).toBe('bound');
    const first = await reconcile();
    expect(first.failed).toBe(0);
    expect(first.applied).toBeGreaterThanOrEqual(1);
    const s = await statusOf(o.id);
    expect(s.status).toBe('intercepted');
    expect(s.intercept_reason).toBe(`抖店买家申请售后：未发货仅退款，退款 ¥500.00，售后单 ${aftersaleId}`);
    expect(fake.calls.some((c) => c.method === 'afterSale.List' && c.code === 10000)).toBe(true);
    const second = await reconcile();
    expect(second.applied).toBe(0);
    // the push arrives late (as the platform retries): recorded, nothing applied again
    const pushedLate = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    expect(pushedLate.status).toBe(200);
    const ours = await all<{ outcome: string; aftersale_id: string }>(t.database.db, sql`select outcome, aftersale_id from platform_messages where order_id = ${o.id} order by id`);
    expect(ours[0]).toEqual({ outcome: 'intercepted', aftersale_id: aftersaleId });
    expect(await eventsInto(o.id, 'intercepted')).toHaveLength(1);
    expect(await notificationsOf(o.id, 'intercepted')).toHaveLength(2); // merchant + warehouse, once
  });

  it('a refund of a parcel in transit found by reconciliation stops it at the scan; one pushed and then reconciled is applied once', async () => {
    const o = await shopOrder('awaiting_arrival');
    fake.createRefundWithoutPush({ shopId: SHOP, orderId: o.platformOrderId });
    await reconcile();
    expect(await outcomesOf(o.id)).toEqual(['intercept_on_arrival']);
    const scan = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
    expect(scan.data.order.status).toBe('intercepted');

    const p = await shopOrder('bound');
    const pushed = await fake.simulateRefund({ shopId: SHOP, orderId: p.platformOrderId });
    expect(pushed.status).toBe(200);
    const r = await reconcile();
    expect(r.failed).toBe(0);
    expect(await outcomesOf(p.id)).toEqual(['intercepted']);
  });

  it('an after-sale closed on the platform whose close push was lost is recorded closed by reconciliation', async () => {
    const o = await shopOrder('awaiting_arrival');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    await fake.closeRefund(r.aftersaleId, { push: false });
    const res = await reconcile();
    expect(res.closed).toBeGreaterThanOrEqual(1);
    expect(await outcomesOf(o.id)).toEqual(['intercept_on_arrival', 'aftersale_closed']);
    expect((await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo })).data.can_receive).toBe(true);
  });
});

describe('release an interception', () => {
  it('the service centre releases an intercepted order with a reason (audited): it goes back to where it was and may ship', async () => {
    const o = await shopOrder('bound');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    expect((await statusOf(o.id)).status).toBe('intercepted');
    await fake.closeRefund(r.aftersaleId);
    const missing = await centre.call(interceptionApi.centerRelease, { id: o.id, reason: '' });
    expect(missing).toMatchObject({ code: 1001, msg: '请填写解除拦截的原因（至少2个字）' });
    const res = await centre.call(interceptionApi.centerRelease, { id: o.id, reason: '买家已撤销售后，商家确认照常发货' });
    expect(res.code).toBe(1000);
    expect(res.data.status).toBe('bound');
    expect((await statusOf(o.id)).intercept_reason).toBe('');
    const back = await eventsInto(o.id, 'bound');
    expect(back.at(-1)!.reason).toBe('解除拦截：买家已撤销售后，商家确认照常发货');
    const audit = await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where kind = 'interception' and action = 'release' and object_id = ${String(o.id)}`);
    expect(audit.n).toBe(1);
    const ship = await warehouse.call(warehouseApi.orderShip, { id: o.id, carrier: '顺丰速运', waybill: `SF${Date.now()}` });
    expect(ship.code).toBe(1000);
    // nothing left to release
    const again = await centre.call(interceptionApi.centerRelease, { id: o.id, reason: '再次解除' });
    expect(again.code).toBe(1001);
  });

  it('the warehouse releases a parcel in transit: the scan no longer stops it; another centre cannot', async () => {
    const o = await shopOrder('awaiting_arrival');
    await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    const other = caller(t, await t.login('qualityInspection', '13900000009'));
    expect((await other.call(interceptionApi.warehouseRelease, { id: o.id, reason: '商家来电要求照常检测' })).code).toBe(1004);
    const res = await warehouse.call(interceptionApi.warehouseRelease, { id: o.id, reason: '商家来电要求照常检测' });
    expect(res.code).toBe(1000);
    expect(res.data.status).toBe('awaiting_arrival');
    const scan = await warehouse.call(warehouseApi.intakeScan, { code: o.orderNo });
    expect(scan.data.can_receive).toBe(true);
    expect(scan.data.refund_notice).toBe('');
  });
});
