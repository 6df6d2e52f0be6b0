import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi, platformSyncApi, shopsApi, warehouseApi } from '@gemqc/contract';
import { buildApp, type App } from '../../app';
import { testConfig, type Config } from '../../config';
import { fakeShops, startFakeDoudian, type FakeDoudian } from '../../integrations/doudian/fake';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';
import { completeAuthorisation, refreshExpiringTokens, startAuthorisation } from '../shops/service';
import { syncEnvOf } from './env';
import { dispatchShipments } from './service';

/**
 * The shipment write-back against the local stand-in of the platform (real HTTP, signed calls):
 * two app instances on one database — `t` without the job queue (a host that dies before it sends
 * a job) and `host` with it (pg-boss on the same PostgreSQL or PGlite).
 */
const shop = fakeShops[0]!; // 翠玉轩's seeded shop
let fake: FakeDoudian;
let t: TestApp;
let host: App;
let ids: DemoIds;
let shopRowId: number;
let wh: ReturnType<typeof caller>; // GZPY warehouse owner, on the host with the queue
let merchant: ReturnType<typeof caller>;
const w = warehouseApi;

function config(): Partial<Config> {
  const base = testConfig();
  return {
    doudian: { ...base.doudian, gatewayUrl: fake.url, authUrl: fake.authorizeUrl, fake: true, timeoutMs: 400 },
    writeback: { retries: 3, retryDelaySeconds: 1 },
    queuePollSeconds: 1,
  };
}

beforeAll(async () => {
  const base = testConfig();
  fake = await startFakeDoudian({ appKey: base.doudian.appKey, appSecret: base.doudian.appSecret, ordersPerShop: 80 });
  t = await createTestApp({ config: config() });
  host = await buildApp({ database: t.database, config: t.config, clock: t.clock, backgroundJobs: true });
  await host.ready();
  ids = await demoIds(t.database.db);
  shopRowId = (await one<{ id: number }>(t.database.db, sql`select id::int from shops where shop_id = ${shop.shopId}`)).id;
  const token = await t.login('qualityInspection', '13900000001');
  wh = caller({ ...t, app: host as TestApp['app'] }, token);
  merchant = caller(t, await t.login('trader', '13800000001'));
}, 60_000);
afterAll(async () => {
  await host?.close();
  await t?.close();
  await fake?.close();
});

let nextFakeOrder = 0;
/** A bound order of the seeded shop, for one of the platform's paid orders waiting for shipment. */
async function shopOrder(status: 'bound' | 'failed' = 'bound'): Promise<{ id: number; platformOrderId: string }> {
  const paid = fake.ordersOf(shop.shopId).filter((o) => o.order_status === 2);
  const p = paid[nextFakeOrder++]!;
  const id = await orderIn(t.database.db, ids, status, { shopId: shopRowId, platformOrderId: p.order_id });
  return { id, platformOrderId: p.order_id };
}

let waybillSeq = 0;
const waybill = () => `SF${Date.now() % 1e9}${String(++waybillSeq).padStart(3, '0')}`;

const reportsOf = (orderId: number) => all<{ state: string; error: string; attempts: number }>(t.database.db, sql`select state, error, attempts from platform_shipments where order_id = ${orderId}`);
const stateOf = async (orderId: number) => (await reportsOf(orderId))[0]?.state;
/** Reports still on their way: a fault set for the next calls must not be spent on another test's report. */
const inFlight = async () => (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from platform_shipments where state in ('pending', 'sending')`)).n;
const shipmentsTo = (platformOrderId: string) => fake.shipments.filter((s) => s.orderId === platformOrderId);
const poll = { timeout: 60_000, interval: 100 };
/** The tests that wait for the queue's retries (1 s, 2 s, 4 s backoff, on a busy machine). */
const RETRIES_TIMEOUT = 120_000;

describe('shipment write-back (order.logisticsAdd through the job queue)', () => {
  it('ship → exactly one order.logisticsAdd with the shop order id, the platform’s carrier and the waybill; the detail says 已同步 with the time', async () => {
    const o = await shopOrder();
    const wb = waybill();
    const res = await wh.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: wb });
    expect(res.code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(shipmentsTo(o.platformOrderId)).toEqual([{ shopId: shop.shopId, orderId: o.platformOrderId, companyId: '7', companyCode: 'shunfeng', waybill: wb }]);
    // asking again (the sweep, a repeated ship) reports nothing twice
    await dispatchShipments(syncEnvOf(host.deps), { immediate: true });
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: wb })).code).toBe(1001);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: o.id });
    expect(detail.data.order.platform_sync).toMatchObject({ state: 'synced', text: '已同步', waybill: wb, error: '' });
    expect(detail.data.order.platform_sync.synced_at).not.toBeNull();
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(1);
  });

  it('the platform failing twice (a timeout, then malformed JSON) → one success after retries with backoff', async () => {
    const o = await shopOrder();
    await expect.poll(inFlight, poll).toBe(0);
    fake.failNext('order.logisticsAdd', 'timeout', 1, 2000);
    fake.failNext('order.logisticsAdd', 'malformed');
    const wb = waybill();
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '中通', waybill: wb })).code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    const [r] = await reportsOf(o.id);
    expect(r!.attempts).toBeGreaterThanOrEqual(3);
    expect(shipmentsTo(o.platformOrderId)).toEqual([expect.objectContaining({ companyCode: 'zhongtong', waybill: wb })]);
  }, RETRIES_TIMEOUT);

  it('a host that dies after the ship committed but before its job was sent: the report is made after the restart (the sweep), once', async () => {
    const o = await shopOrder();
    const wb = waybill();
    // the ship on the host without a queue: its report is written with the ship, no job is sent
    const dead = caller(t, await t.login('qualityInspection', '13900000001'));
    expect((await dead.call(w.orderShip, { id: o.id, carrier: '京东物流', waybill: wb })).code).toBe(1000);
    expect(await stateOf(o.id)).toBe('pending');
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(0);
    // a minute later the queue's sweep (scheduled every minute on whichever host) queues it
    t.clock.advanceSeconds(60);
    await dispatchShipments(syncEnvOf(host.deps));
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(shipmentsTo(o.platformOrderId)).toEqual([expect.objectContaining({ companyCode: 'jd', waybill: wb })]);
  });

  it('a host that died in the middle of the call (the platform got it): the retry finds 订单已发货 and counts it as its own — one report, 已同步', async () => {
    const o = await shopOrder();
    const wb = waybill();
    const dead = caller(t, await t.login('qualityInspection', '13900000001'));
    expect((await dead.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: wb })).code).toBe(1000);
    // the dead host took the report and its call reached the platform, then the host was killed
    await t.database.db.execute(sql`update platform_shipments set state = 'sending', attempts = 1, claimed_until = ${new Date(t.clock.now().getTime() - 60_000)} where order_id = ${o.id}`);
    const client = (await import('../../integrations/doudian')).doudianClient(t.config)!;
    const { fakeShopTokens } = await import('../../integrations/doudian/fake');
    await client.logisticsAdd(fakeShopTokens(testConfig().doudian.appSecret, shop.shopId, shop.shopName).accessToken, {
      orderId: o.platformOrderId,
      companyId: '7',
      companyCode: 'shunfeng',
      companyName: '顺丰速运',
      waybill: wb,
    });
    await dispatchShipments(syncEnvOf(host.deps));
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(1);
  });

  it('批量发货 of 3 → 3 reports, each with its own waybill', async () => {
    const os = [await shopOrder(), await shopOrder(), await shopOrder()];
    const wbs = os.map(() => waybill());
    const res = await wh.call(w.orderBatchShip, { orders: os.map((o, i) => ({ id: o.id, carrier: '圆通速递', waybill: wbs[i]! })) });
    expect(res.data.shipped_count).toBe(3);
    for (const o of os) await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    os.forEach((o, i) => expect(shipmentsTo(o.platformOrderId)).toEqual([expect.objectContaining({ companyCode: 'yuantong', waybill: wbs[i] })]));
  });

  it('a parcel returned to the merchant is never reported; an order without a shop says it has nothing to sync', async () => {
    const o = await shopOrder('failed');
    const before = fake.calls.filter((c) => c.method === 'order.logisticsAdd').length;
    const ret = await wh.call(w.orderReturn, { id: o.id, mode: 'post', carrier: '顺丰速运', waybill: waybill() });
    expect(ret.code).toBe(1000);
    await dispatchShipments(syncEnvOf(host.deps), { immediate: true });
    expect(await reportsOf(o.id)).toEqual([]);
    expect(fake.calls.filter((c) => c.method === 'order.logisticsAdd').length).toBe(before);
    expect((await merchant.call(ordersApi.merchant.detail, { id: o.id })).data.order.platform_sync).toMatchObject({ state: 'not_shipped' });

    const plain = await orderIn(t.database.db, ids, 'bound');
    expect((await wh.call(w.orderShip, { id: plain, carrier: '顺丰速运', waybill: waybill() })).code).toBe(1000);
    expect(await reportsOf(plain)).toEqual([]);
    expect((await merchant.call(ordersApi.merchant.detail, { id: plain })).data.order.platform_sync).toMatchObject({ state: 'none', text: '无需同步（非抖店订单）' });
  });

  it('a shop order shipped before the write-back existed (the seed’s) says it was not reported by GemQC, not 未发货', async () => {
    const old = await one<{ id: number }>(
      t.database.db,
      sql`select o.id::int from testing_orders o where o.shop_id is not null and o.platform_order_id is not null and o.status in ('shipped', 'completed')
          and not exists (select 1 from platform_shipments s where s.order_id = o.id) limit 1`,
    );
    expect((await merchant.call(ordersApi.merchant.detail, { id: old.id })).data.order.platform_sync).toMatchObject({ state: 'untracked', text: '未经本系统同步（发货早于同步上线）' });
  });

  it('a permanent refusal (refunded on the platform) → 同步失败 with the platform’s reason, the merchant and the centre told in words; 重试 by staff reports it once it can', async () => {
    const o = await shopOrder();
    fake.markRefunded(shop.shopId, o.platformOrderId);
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: waybill() })).code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('failed');
    const [r] = await reportsOf(o.id);
    expect(r!.error).toBe('抖店拒绝了发货信息：订单已退款，不能发货');
    expect(r!.attempts).toBe(1); // never retried
    const told = await all<{ portal: string; params: { reason: string } }>(t.database.db, sql`select portal, params from notifications where kind = 'sync_failed' and order_id = ${o.id} order by portal`);
    expect(told.map((n) => n.portal)).toEqual(['qualityInspection', 'trader']);
    expect(told[0]!.params.reason).toBe(r!.error);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: o.id });
    expect(detail.data.order.platform_sync).toMatchObject({ state: 'failed', text: '同步失败', error: r!.error });

    // the merchant may not retry; another centre's warehouse finds no such order
    expect((await merchant.call(platformSyncApi.warehouse.retry, { id: o.id })).code).not.toBe(1000);
    // the reason is gone (the platform took the refund back): the warehouse retries, audited in the order's log
    fake.clearFaults();
    const retried = await wh.call(platformSyncApi.warehouse.retry, { id: o.id });
    expect(retried.code).toBe(1000);
    expect(retried.data.state).toBe('pending');
    // (still refunded on the platform: it fails again, and says so again)
    await expect.poll(() => stateOf(o.id), poll).toBe('failed');
    const events = await all<{ reason: string }>(t.database.db, sql`select reason from order_events where order_id = ${o.id} and reason = '重试同步发货信息到抖店'`);
    expect(events).toHaveLength(1);
    expect((await wh.call(platformSyncApi.warehouse.retry, { id: o.id })).code).toBe(1000);
  });

  it('retries used up on a platform that stays down → 同步失败 (多次重试仍未成功); 重试 after it is back → 已同步', async () => {
    const o = await shopOrder();
    await expect.poll(inFlight, poll).toBe(0);
    fake.failNext('order.logisticsAdd', 'unavailable', 4);
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '韵达', waybill: waybill() })).code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('failed');
    expect((await reportsOf(o.id))[0]!.error).toBe('多次重试仍未成功：抖店开放平台暂时不可用');
    fake.clearFaults();
    const centre = caller(t, await t.login('base', '13700000001'));
    const r = await centre.call(platformSyncApi.center.retry, { id: o.id });
    expect(r.code).toBe(1000);
    // the centre's host has no queue here: the job is sent by the sweep on the host that has one
    t.clock.advanceSeconds(60);
    await dispatchShipments(syncEnvOf(host.deps));
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(1);
  }, RETRIES_TIMEOUT);
});

describe('shop tokens stay alive', () => {
  it('an access token the platform says expired is refreshed and the report made; the refresh job renews tokens two hours before they expire', async () => {
    fake.expireAccessTokens(shop.shopId);
    const o = await shopOrder();
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: waybill() })).code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(fake.calls.some((c) => c.method === 'token.refresh' && c.code === 10000)).toBe(true);

    await t.database.db.execute(sql`update shops set access_expires_at = ${new Date(t.clock.now().getTime() + 3600_000)} where id = ${shopRowId}`);
    const before = await one<{ enc: string }>(t.database.db, sql`select access_token_enc as enc from shops where id = ${shopRowId}`);
    const r = await refreshExpiringTokens({ db: t.database.db, config: t.config, doudian: syncEnvOf(host.deps).doudian, authUrl: '', now: t.clock.now() });
    expect(r).toMatchObject({ refreshed: 1, expired: 0 });
    const after = await one<{ enc: string; exp: Date }>(t.database.db, sql`select access_token_enc as enc, access_expires_at as exp from shops where id = ${shopRowId}`);
    expect(after.enc).not.toBe(before.enc);
    expect(new Date(after.exp).getTime()).toBeGreaterThan(t.clock.now().getTime() + 6 * 86_400_000);
  });

  it('a revoked authorisation: 需重新授权 for the merchant (shop list, notification), its reports wait; authorising again resumes them', async () => {
    fake.revokeAuthorisation(shop.shopId);
    const o = await shopOrder();
    expect((await wh.call(w.orderShip, { id: o.id, carrier: '顺丰速运', waybill: waybill() })).code).toBe(1000);
    await expect.poll(() => stateOf(o.id), poll).toBe('waiting_auth');
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(0);
    const shops = await merchant.call(shopsApi.list, { page: 1, page_size: 10 });
    expect(shops.data.list.find((s) => s.shop_id === shop.shopId)).toMatchObject({ status: 'expired', status_text: '需重新授权' });
    const told = await all<{ params: { shop: string } }>(t.database.db, sql`select params from notifications where kind = 'shop_reauth' and portal = 'trader' and merchant_id = ${ids.cuiyu}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.params.shop).toBe(shop.shopName);
    expect((await merchant.call(ordersApi.merchant.detail, { id: o.id })).data.order.platform_sync).toMatchObject({ state: 'waiting_auth', text: '待同步（店铺需重新授权）' });

    // the merchant authorises the shop again: the waiting report goes
    const env = { db: t.database.db, config: t.config, doudian: syncEnvOf(host.deps).doudian, authUrl: fake.authorizeUrl, now: t.clock.now() };
    const account = await one<{ id: number }>(t.database.db, sql`select id::int from accounts where mobile = '13800000001' and merchant_id is not null limit 1`);
    const started = await startAuthorisation(env, { merchantId: ids.cuiyu, accountId: account.id, origin: 'http://localhost' });
    await completeAuthorisation(env, { code: fake.issueCode(shop.shopId), state: started.state });
    t.clock.advanceSeconds(60);
    await dispatchShipments(syncEnvOf(host.deps));
    await expect.poll(() => stateOf(o.id), poll).toBe('synced');
    expect(shipmentsTo(o.platformOrderId)).toHaveLength(1);
  });
});
