import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUDIAN_PUSH_PATH, ordersApi } from '@gemqc/contract';
import { testConfig } from '../../config';
import { startFakeDoudian, type FakeDoudian } from '../../integrations/doudian/fake';
import { newMsgId, pushSignature, refundCreatedData, sendPush } from '../../integrations/doudian/push';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { receiveDoudianPush } from './service';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

// The Doudian message push over real HTTP: the app listens on a port, the local fake platform pushes
// signed refund messages to it exactly as the platform's message service does.
const { appKey, appSecret } = testConfig().doudian;
const SHOP = '4463798'; // 翠玉轩's seeded Doudian shop

let t: TestApp;
let fake: FakeDoudian;
let pushUrl: string;
let ids: DemoIds;
let shopRowId: number;
let seq = 0;

/** A new order of 翠玉轩's shop in `status` with a fresh platform order id. */
async function shopOrder(status: 'bound' | 'passed' | 'shipped' | 'awaiting_arrival') {
  const platformOrderId = `6900000000${String(Date.now()).slice(-6)}${String(++seq).padStart(3, '0')}`;
  const id = await orderIn(t.database.db, ids, status, { shopId: shopRowId, platformOrderId });
  return { id, platformOrderId };
}

const statusOf = async (id: number) => (await one<{ status: string; intercept_reason: string }>(t.database.db, sql`select status, intercept_reason from testing_orders where id = ${id}`));
const interceptEvents = async (id: number) =>
  all<{ actor_name: string; reason: string }>(t.database.db, sql`select actor_name, reason from order_events where order_id = ${id} and to_status = 'intercepted'`);
const messagesOf = async (msgId: string) => all<{ outcome: string; order_id: string | null }>(t.database.db, sql`select outcome, order_id::text as order_id from platform_messages where msg_id = ${msgId}`);
const messageCount = async () => (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from platform_messages`)).n;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  pushUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api${DOUDIAN_PUSH_PATH}`;
  fake = await startFakeDoudian({ appKey, appSecret, pushUrl });
  ids = await demoIds(t.database.db);
  shopRowId = (await one<{ id: number }>(t.database.db, sql`select id::int from shops where shop_id = ${SHOP}`)).id;
});

afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('Doudian message push (refund messages)', () => {
  it('a signed refund for an order at the centre intercepts it once, with the platform reason, and answers success', async () => {
    const o = await shopOrder('bound');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId, aftersaleType: 2, refundAmount: 128000 });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ code: 0, msg: 'success' });
    const s = await statusOf(o.id);
    expect(s.status).toBe('intercepted');
    const [msg] = await all<{ aftersale_id: string }>(t.database.db, sql`select aftersale_id from platform_messages where msg_id = ${r.msgId}`);
    expect(s.intercept_reason).toBe(`抖店买家申请售后：未发货仅退款，退款 ¥1,280.00，售后单 ${msg!.aftersale_id}`);
    const events = await interceptEvents(o.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_name).toBe('抖店售后消息');
    expect(await messagesOf(r.msgId)).toEqual([{ outcome: 'intercepted', order_id: String(o.id) }]);
  });

  it('a push signed with sign-method md5 is accepted too', async () => {
    const o = await shopOrder('passed');
    const msgId = newMsgId();
    const res = await sendPush(pushUrl, { appKey, appSecret }, [{ tag: '200', msg_id: msgId, data: refundCreatedData({ shopId: SHOP, orderId: o.platformOrderId }) }], { signMethod: 'md5' });
    expect(res.status).toBe(200);
    expect((await statusOf(o.id)).status).toBe('intercepted');
  });

  it('a bad signature is refused before anything is read: nothing stored, the order unchanged', async () => {
    const o = await shopOrder('bound');
    const before = await messageCount();
    const messages = [{ tag: '200', msg_id: newMsgId(), data: refundCreatedData({ shopId: SHOP, orderId: o.platformOrderId }) }];
    const wrongSecret = pushSignature(appKey, 'not-the-secret', JSON.stringify(messages), 'hmac-sha256');
    const res = await sendPush(pushUrl, { appKey, appSecret }, messages, { signature: wrongSecret });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).code).not.toBe(0);
    // a wrong app-id with a signature made for it is refused as well
    const other = await sendPush(pushUrl, { appKey: 'another-app', appSecret }, messages);
    expect(other.status).toBe(401);
    expect(await messageCount()).toBe(before);
    expect((await statusOf(o.id)).status).toBe('bound');
    expect(await interceptEvents(o.id)).toHaveLength(0);
  });

  it('the same message pushed 20 times at once intercepts once and is stored once; every delivery answers success', async () => {
    const o = await shopOrder('bound');
    const msgId = newMsgId();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId, msgId })));
    for (const a of answers) expect([a.status, JSON.parse(a.body)]).toEqual([200, { code: 0, msg: 'success' }]);
    expect(await interceptEvents(o.id)).toHaveLength(1);
    expect(await messagesOf(msgId)).toHaveLength(1);
    expect((await statusOf(o.id)).status).toBe('intercepted');
  });

  it('policy shipping-first: the refund is recorded and shown in the centre banner, the order is not intercepted', async () => {
    const o = await shopOrder('bound');
    await t.database.db.execute(sql`update testing_authorisations set intercept_policy = 'shipping_first' where merchant_id = ${ids.cuiyu}`);
    try {
      const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toEqual({ code: 0, msg: 'success' });
      expect((await statusOf(o.id)).status).toBe('bound');
      expect(await interceptEvents(o.id)).toHaveLength(0);
      expect(await messagesOf(r.msgId)).toEqual([{ outcome: 'shipping_first', order_id: String(o.id) }]);
      const base = caller(t, await t.login('base', '13700000001'));
      const alerts = await base.call(ordersApi.center.alerts);
      expect(alerts.data.refund_notices.map((n) => n.order_id)).toContain(String(o.id));
    } finally {
      await t.database.db.execute(sql`update testing_authorisations set intercept_policy = 'after_sales_first' where merchant_id = ${ids.cuiyu}`);
    }
  });

  it('an unknown order, an unknown shop and an order already shipped are recorded and answered success', async () => {
    const unknownOrder = await fake.simulateRefund({ shopId: SHOP, orderId: '6911111111111111111' });
    const unknownShop = await fake.simulateRefund({ shopId: '9999999', orderId: '6922222222222222222' });
    const shipped = await shopOrder('shipped');
    const late = await fake.simulateRefund({ shopId: SHOP, orderId: shipped.platformOrderId });
    for (const r of [unknownOrder, unknownShop, late]) expect([r.status, JSON.parse(r.body)]).toEqual([200, { code: 0, msg: 'success' }]);
    expect(await messagesOf(unknownOrder.msgId)).toEqual([{ outcome: 'unknown_order', order_id: null }]);
    expect(await messagesOf(unknownShop.msgId)).toEqual([{ outcome: 'unknown_shop', order_id: null }]);
    expect(await messagesOf(late.msgId)).toEqual([{ outcome: 'already_shipped', order_id: String(shipped.id) }]);
    expect((await statusOf(shipped.id)).status).toBe('shipped');
  });

  it('19-digit ids sent as JSON numbers keep every digit (the order is found)', async () => {
    const o = await shopOrder('bound');
    const r = await fake.simulateRefund({ shopId: SHOP, orderId: o.platformOrderId });
    const [row] = await all<{ platform_order_id: string }>(t.database.db, sql`select platform_order_id from platform_messages where msg_id = ${r.msgId}`);
    expect(row!.platform_order_id).toBe(o.platformOrderId);
  });

  it('one push: a NUL, a lone surrogate and a 5,000-deep object beside a valid refund — the refund is applied, each bad message recorded as rejected with why, the push answered success', async () => {
    const o = await shopOrder('bound');
    const valid = refundCreatedData({ shopId: SHOP, orderId: o.platformOrderId, refundAmount: 5000 });
    const bad = {
      nul: { tag: '200', msg_id: newMsgId(), data: valid.replace('"reason_code":1', '"reason_code":1,"note":"坏\\u0000消息"') },
      rawNul: { tag: '200', msg_id: newMsgId(), data: valid.replace('"reason_code":1', '"reason_code":1,"note":"坏\u0000消息"') },
      surrogate: { tag: '200', msg_id: newMsgId(), data: valid.replace('"reason_code":1', '"reason_code":1,"note":"\ud800"') },
      deep: { tag: '200', msg_id: newMsgId(), data: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
    };
    const good = { tag: '200', msg_id: newMsgId(), data: valid };
    const res = await sendPush(pushUrl, { appKey, appSecret }, [bad.nul, bad.rawNul, bad.surrogate, good, bad.deep]);
    expect([res.status, JSON.parse(res.body)]).toEqual([200, { code: 0, msg: 'success' }]);
    expect((await statusOf(o.id)).status).toBe('intercepted');
    expect(await messagesOf(good.msg_id)).toEqual([{ outcome: 'intercepted', order_id: String(o.id) }]);
    const why = async (msgId: string) => one<{ outcome: string; reason: string }>(t.database.db, sql`select outcome, reason from platform_messages where msg_id = ${msgId}`);
    expect(await why(bad.nul.msg_id)).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('空字符') });
    expect(await why(bad.rawNul.msg_id)).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('空字符') });
    expect(await why(bad.surrogate.msg_id)).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('代理') });
    expect(await why(bad.deep.msg_id)).toMatchObject({ outcome: 'rejected', reason: expect.stringContaining('层') });
    // the platform pushes it again: each is a known message, nothing more happens, still success
    const again = await sendPush(pushUrl, { appKey, appSecret }, [bad.deep, good, bad.nul]);
    expect([again.status, JSON.parse(again.body)]).toEqual([200, { code: 0, msg: 'success' }]);
    expect(await interceptEvents(o.id)).toHaveLength(1);
  });

  it('a message without a msg_id or with data that is not JSON does not block the valid one beside it', async () => {
    const o = await shopOrder('bound');
    const good = { tag: '200', msg_id: newMsgId(), data: refundCreatedData({ shopId: SHOP, orderId: o.platformOrderId }) };
    const before = await messageCount();
    const res = await sendPush(pushUrl, { appKey, appSecret }, [{ tag: '200', data: '{}' } as never, good, { tag: '200', msg_id: newMsgId(), data: '{"p_id":' }]);
    expect([res.status, JSON.parse(res.body)]).toEqual([200, { code: 0, msg: 'success' }]);
    expect((await statusOf(o.id)).status).toBe('intercepted');
    expect(await messageCount()).toBe(before + 3);
    const rejected = await all<{ reason: string }>(t.database.db, sql`select reason from platform_messages where outcome = 'rejected' and reason like '%msg_id%'`);
    expect(rejected.length).toBeGreaterThan(0);
  });

  it('a message the database could not store (connection lost) answers an error, so the platform pushes again', async () => {
    const body = JSON.stringify([{ tag: '200', msg_id: newMsgId(), data: refundCreatedData({ shopId: SHOP, orderId: '6933333333333333333' }) }]);
    const headers = { 'app-id': appKey, 'sign-method': 'hmac-sha256', 'event-sign': pushSignature(appKey, appSecret, body, 'hmac-sha256') };
    const down = {
      transaction: async () => {
        throw new Error('connection terminated');
      },
    } as unknown as typeof t.database.db;
    const a = await receiveDoudianPush(down, { appKey, appSecret }, headers, body, new Date());
    expect(a.status).toBe(500);
    expect(a.body.code).not.toBe(0);
    expect(a.body.msg).toContain('请稍后重新推送');
  });
});
