import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi, interceptionApi as api, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { chargeItemFee } from '../fees/ledger';
import { sweepUnusedPhotos } from '../photos/cleanup';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

let t: TestApp;
let ids: DemoIds;
let base: ReturnType<typeof caller>; // 广州番禺 service centre
let trader: ReturnType<typeof caller>; // 翠玉轩
let other: ReturnType<typeof caller>; // 金福 (another merchant)
let warehouse: ReturnType<typeof caller>; // 广州番禺 inspector
let manager: ReturnType<typeof caller>; // platform manager

const events = (id: number) =>
  all<{ to_status: string; actor_type: string; actor_name: string; reason: string }>(
    t.database.db,
    sql`select to_status, actor_type, actor_name, reason from order_events where order_id = ${id} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  base = caller(t, await t.login('base', '13700000001'));
  trader = caller(t, await t.login('trader', '13800000001'));
  other = caller(t, await t.login('trader', '13800000002'));
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
  manager = caller(t, await t.login('manage', '13600000001'));
});

afterAll(async () => {
  await t?.close();
});

describe('manual interception', () => {
  it('centre staff intercept an order with a reason; the order event says who and why', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    const r = await base.call(api.centerIntercept, { id, reason: '商家来电：买家已退款' });
    expect(r.code).toBe(1000);
    expect(r.data.status).toBe('intercepted');
    const last = (await events(id)).at(-1)!;
    expect(last).toMatchObject({ to_status: 'intercepted', actor_type: 'base', reason: '商家来电：买家已退款' });
    expect(last.actor_name).not.toBe('');
    const again = await base.call(api.centerIntercept, { id, reason: '再次拦截' });
    expect(again.code).toBe(1001);
  });

  it('an interception without a reason is refused with a sentence', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const r = await base.call(api.centerIntercept, { id, reason: ' ' });
    expect(r.code).toBe(1001);
    expect(r.msg).toMatch(/拦截原因/);
  });

  it('a merchant requests; the centre sees it in the banner and confirms; the order is intercepted with the merchant’s reason', async () => {
    const id = await orderIn(t.database.db, ids, 'inspecting');
    const req = await trader.call(api.merchantRequest, { id, reason: '买家电话要求退款' });
    expect(req.code).toBe(1000);
    expect(req.data.status).toBe('pending');
    // a second click answers the same open request
    const twice = await trader.call(api.merchantRequest, { id, reason: '买家电话要求退款' });
    expect(twice.data.id).toBe(req.data.id);
    const alerts = await base.call(ordersApi.center.alerts);
    expect(alerts.data.intercept_requests.map((x) => x.id)).toContain(req.data.id);
    const info = await trader.call(api.merchantInterception, { id });
    expect(info.data.next_step).toMatch(/等待检测中心确认/);
    expect(info.data.next_step_key).toBe('request_pending'); // the web shows it in the session's language

    const ok = await base.call(api.centerConfirm, { id: req.data.id });
    expect(ok.code).toBe(1000);
    expect(ok.data.status).toBe('intercepted');
    const last = (await events(id)).at(-1)!;
    expect(last.actor_type).toBe('base');
    expect(last.reason).toContain('买家电话要求退款');
    expect((await base.call(api.centerConfirm, { id: req.data.id })).code).toBe(1001);
    expect((await base.call(api.centerRequests)).data.map((x) => x.id)).not.toContain(req.data.id);
  });

  it('another merchant cannot request interception of an order that is not theirs (not found)', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const r = await other.call(api.merchantRequest, { id, reason: '不是我的订单' });
    expect(r.code).toBe(1004);
  });

  it('a request for goods not yet at the centre is refused with what to do instead', async () => {
    const id = await orderIn(t.database.db, ids, 'awaiting_arrival');
    const r = await trader.call(api.merchantRequest, { id, reason: '买家退款了' });
    expect(r.code).toBe(1001);
    expect(r.msg).toMatch(/取消订单/);
  });

  it('the centre can reject a request with a note; the order stays as it was', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const req = await trader.call(api.merchantRequest, { id, reason: '买家退款' });
    const r = await base.call(api.centerReject, { id: req.data.id, note: '已打包待发，买家已撤销退款' });
    expect(r.code).toBe(1000);
    const info = await trader.call(api.merchantInterception, { id });
    expect(info.data.requests[0]).toMatchObject({ status: 'rejected', decision_note: '已打包待发，买家已撤销退款' });
    expect((await one<{ status: string }>(t.database.db, sql`select status from testing_orders where id = ${id}`)).status).toBe('bound');
  });
});

describe('interception by a platform manager', () => {
  it('finds an order of any centre by its number and intercepts it with a reason; the event names the manager', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const orderNo = (await one<{ order_no: string }>(t.database.db, sql`select order_no from testing_orders where id = ${id}`)).order_no;
    const found = await manager.call(api.manageSearch, { keyword: orderNo.toLowerCase() });
    expect(found.code).toBe(1000);
    expect(found.data.map((o) => o.id)).toEqual([String(id)]);
    expect(found.data[0]!.status).toBe('bound');

    const r = await manager.call(api.manageIntercept, { id, reason: '平台客服：买家投诉，暂停发货' });
    expect(r.code).toBe(1000);
    expect(r.data.status).toBe('intercepted');
    expect((await events(id)).at(-1)).toMatchObject({ to_status: 'intercepted', actor_type: 'manage', reason: '平台客服：买家投诉，暂停发货' });
    // the merchant sees it on the order
    expect((await trader.call(api.merchantInterception, { id })).data.next_step).not.toBe('');
  });

  it('an order that is not at a centre cannot be intercepted, with a sentence; a short keyword is refused', async () => {
    const id = await orderIn(t.database.db, ids, 'awaiting_arrival');
    const r = await manager.call(api.manageIntercept, { id, reason: '买家退款' });
    expect(r.code).toBe(1001);
    expect(r.msg).not.toBe('');
    const short = await manager.call(api.manageSearch, { keyword: 'JC' });
    expect(short.code).toBe(1001);
    expect(short.msg).toMatch(/至少4位/);
    expect((await manager.call(api.manageSearch, { keyword: 'NO-SUCH-ORDER' })).data).toEqual([]);
  });

  it('other portals may not use the manager’s endpoints', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    for (const who of [base, trader, warehouse]) {
      const r = await who.call(api.manageIntercept, { id, reason: '越权拦截' });
      expect(r.code).toBe(403); // another portal's token
    }
    expect((await one<{ status: string }>(t.database.db, sql`select status from testing_orders where id = ${id}`)).status).toBe('bound');
  });
});

describe('the return of an intercepted order', () => {
  it('lists in the warehouse queue, is refused for shipping with the reason, goes back by post and the merchant sees 已退回', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    await base.call(api.centerIntercept, { id, reason: '买家申请退款' });
    const queue = await warehouse.call(api.warehouseQueue, { page: 1, page_size: 100 });
    expect(queue.data.list.map((o) => o.id)).toContain(String(id));

    const ship = await warehouse.call(warehouseApi.orderShip, { id, carrier: '顺丰速运', waybill: 'SF1234567890' });
    expect(ship.code).toBe(1001);
    expect(ship.msg).toContain('买家申请退款');

    const back = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '顺丰速运', waybill: 'SF9876543210' });
    expect(back.code).toBe(1000);
    expect(back.data.status_text).toBe('已退回');
    const detail = await trader.call(ordersApi.merchant.detail, { id });
    expect(detail.data.order.status_text).toBe('已退回');
    const info = await trader.call(api.merchantInterception, { id });
    expect(info.data.return_info).toMatchObject({ mode: 'post', carrier: '顺丰速运', waybill: 'SF9876543210' });
    expect(info.data.next_step).toMatch(/寄回/);
    expect((await warehouse.call(api.warehouseQueue, { page: 1, page_size: 100 })).data.list.map((o) => o.id)).not.toContain(String(id));
  });

  it('pickup by the merchant needs who collected; it records who and when and moves the order to picked_up', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    await base.call(api.centerIntercept, { id, reason: '商家来电取回' });
    const missing = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'pickup' });
    expect(missing.code).toBe(1001);
    expect(missing.msg).toMatch(/取件人/);
    const at = '2026-11-26T06:30:00.000Z';
    const r = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'pickup', picked_up_by: '李四', picked_up_at: at });
    expect(r.data.status).toBe('picked_up');
    const info = await base.call(api.centerInterception, { id });
    expect(info.data.return_info).toMatchObject({ mode: 'pickup', picked_up_by: '李四', picked_up_at: at });
  });

  it('a pickup may keep a photo of the collector’s signature: shown on the order, kept by the photo sweep; another order’s photo is refused', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const upload = (orderId: number) =>
      t.app.inject({ method: 'POST', url: `/api${api.warehouseReturnPhoto.path}?id=${orderId}`, headers: { ...warehouse.headers, 'content-type': 'image/png' }, payload: png });
    // only for an order waiting to go back
    const notYet = await orderIn(t.database.db, ids, 'bound');
    expect((await upload(notYet)).json()).toMatchObject({ code: 1001, msg: expect.stringMatching(/不是待退回的订单/) });

    const id = await orderIn(t.database.db, ids, 'passed');
    await base.call(api.centerIntercept, { id, reason: '商家来电取回' });
    const other = await orderIn(t.database.db, ids, 'passed');
    await base.call(api.centerIntercept, { id: other, reason: '商家来电取回' });
    const up = (await upload(id)).json() as { code: number; data: { key: string; url: string } };
    expect(up.code).toBe(1000);
    const otherKey = ((await upload(other)).json() as { data: { key: string } }).data.key;

    const wrong = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'pickup', picked_up_by: '王五', signature_photo: otherKey });
    expect(wrong.code).toBe(1001);
    expect(wrong.msg).toMatch(/签收照片无效/);
    expect((await one<{ status: string }>(t.database.db, sql`select status from testing_orders where id = ${id}`)).status).toBe('intercepted');

    const ok = await warehouse.call(warehouseApi.orderReturn, { id, mode: 'pickup', picked_up_by: '王五', signature_photo: up.data.key });
    expect(ok.data.status).toBe('picked_up');
    const info = await trader.call(api.merchantInterception, { id });
    expect(info.data.return_info?.signature_url).toMatch(/^\/publics\/v1\/Inspection\/photo\?key=/);
    const served = await t.app.inject({ method: 'GET', url: `/api${info.data.return_info!.signature_url}` });
    expect(served.statusCode).toBe(200);

    // a day later the sweep deletes the other order's unused upload and keeps the signature
    const swept = await sweepUnusedPhotos(t.database.db, t.app.deps.storage, new Date(Date.now() + 25 * 3600_000));
    expect(swept.failed).toBe(0);
    expect(await t.app.deps.storage.stat(up.data.key)).not.toBeNull();
    expect(await t.app.deps.storage.stat(otherKey)).toBeNull();
  });

  it('fees already charged stay charged when the goods go back (no reversal, the balance unchanged)', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    const item = await one<{ id: number }>(t.database.db, sql`select id::int from order_items where order_id = ${id} limit 1`);
    await chargeItemFee(t.database.db, { itemId: item.id, type: 'INSPECTION' });
    const balance = async () => (await one<{ balance: number }>(t.database.db, sql`select balance::int from merchants where id = ${ids.cuiyu}`)).balance;
    const before = await balance();
    await base.call(api.centerIntercept, { id, reason: '买家申请退款' });
    await warehouse.call(warehouseApi.orderReturn, { id, mode: 'post', carrier: '中通快递', waybill: 'ZT1234567890' });
    expect(await balance()).toBe(before);
    const entries = await all<{ type: string }>(t.database.db, sql`select type from ledger_entries where order_id = ${id}`);
    expect(entries.map((e) => e.type)).toEqual(['INSPECTION']);
  });
});
