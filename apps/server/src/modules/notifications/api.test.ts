import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountsApi, interceptionApi, NOTIFICATION_STREAM_PATH, notificationsApi as api, ordersApi, type NotificationView } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, orderIn, type DemoIds } from '../orders/testkit';
import { resolveSession } from '../../platform/sessions';
import { newSince, notifyDeadlines } from './service';

let t: TestApp;
let ids: DemoIds;
let base: ReturnType<typeof caller>; // 广州番禺 service centre
let trader: ReturnType<typeof caller>; // 翠玉轩
let other: ReturnType<typeof caller>; // 金福 (another merchant)
let warehouse: ReturnType<typeof caller>; // 广州番禺 inspector
let manager: ReturnType<typeof caller>;
let warehouseSz: ReturnType<typeof caller>; // 深圳水贝 inspector (another centre)

beforeAll(async () => {
  // streams stay open long enough to see a change made after they opened (tests default to 1 s);
  // the deadline job runs only when a test calls it, at the time the test gives
  t = await createTestApp({ config: { notificationStreamMs: 30_000 }, deps: { backgroundJobs: false } });
  ids = await demoIds(t.database.db);
  base = caller(t, await t.login('base', '13700000001'));
  trader = caller(t, await t.login('trader', '13800000001'));
  other = caller(t, await t.login('trader', '13800000002'));
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
  manager = caller(t, await t.login('manage', '13600000001'));
  warehouseSz = caller(t, await t.login('qualityInspection', '13900000009'));
});

afterAll(async () => {
  await t?.close();
});

describe('notifications', () => {
  it('an interception by the service centre notifies that merchant and the centre’s warehouse, no other tenant', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    const before = (await trader.call(api.summary)).data.unread;
    const otherBefore = await other.call(api.summary);
    expect((await base.call(interceptionApi.centerIntercept, { id, reason: '商家来电：买家已退款' })).code).toBe(1000);

    const mine = await trader.call(api.summary);
    expect(mine.code).toBe(1000);
    expect(mine.data.unread).toBe(before + 1);
    expect(mine.data.list[0]).toMatchObject({ kind: 'intercepted', order_id: String(id), read: false, params: { reason: '商家来电：买家已退款' } });
    const wh = await warehouse.call(api.summary);
    expect(wh.data.list[0]).toMatchObject({ kind: 'intercepted', order_id: String(id) });

    const theirs = await other.call(api.summary);
    expect(theirs.data.unread).toBe(otherBefore.data.unread);
    expect(theirs.data.list.map((n) => n.order_id)).not.toContain(String(id));
    // another tenant cannot mark it read
    expect((await other.call(api.read, { id: mine.data.list[0]!.id })).code).toBe(1004);
  });

  it('marks one read, then all read, kept on the server', async () => {
    await base.call(interceptionApi.centerIntercept, { id: await orderIn(t.database.db, ids, 'bound'), reason: '买家退款 A' });
    await base.call(interceptionApi.centerIntercept, { id: await orderIn(t.database.db, ids, 'bound'), reason: '买家退款 B' });
    const s = await trader.call(api.summary);
    expect(s.data.unread).toBeGreaterThanOrEqual(2);
    const one = await trader.call(api.read, { id: s.data.list[0]!.id });
    expect(one.data.unread).toBe(s.data.unread - 1);
    const again = await trader.call(api.summary);
    expect(again.data.list[0]!.read).toBe(true);
    expect(again.data.list[1]!.read).toBe(false);
    expect((await trader.call(api.readAll)).data.unread).toBe(0);
    expect((await trader.call(api.summary)).data.list.every((n) => n.read)).toBe(true);
  });

  it('the manager sees waiting reviews as work, not events', async () => {
    const s = await manager.call(api.summary);
    expect(s.code).toBe(1000);
    expect(s.data.todos.map((x) => x.kind).sort()).toEqual(['authorisations', 'centre_applications']);
    expect(s.data.list).toEqual([]);
  });

  it('refuses the stream without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${NOTIFICATION_STREAM_PATH}` });
    expect(res.json()).toMatchObject({ code: 403 });
  });

  it('the SSE stream over real HTTP delivers an interception made after it opened', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const last = (await trader.call(api.summary)).data.last_id;
    const ctrl = new AbortController();
    const res = await fetch(`${address}/api${NOTIFICATION_STREAM_PATH}?after=${last}`, { headers: trader.headers as Record<string, string>, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const id = await orderIn(t.database.db, ids, 'inspecting');
    await base.call(interceptionApi.centerIntercept, { id, reason: '实时推送测试' });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    const deadline = Date.now() + 10_000;
    while (!text.includes('event: notification') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value);
    }
    ctrl.abort();
    const data = /event: notification\ndata: (.*)\n/.exec(text)?.[1];
    expect(data).toBeTruthy();
    const n = JSON.parse(data!) as NotificationView;
    expect(n).toMatchObject({ kind: 'intercepted', order_id: String(id), params: { reason: '实时推送测试' } });
  }, 20_000);
});

describe('deadline notifications (the queue’s minute job, called here with the clock)', () => {
  const HOUR = 3600_000;
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
  /** The rows of `kind` written for an order (whoever sees them). */
  const rowsOf = (kind: string, orderId: number) =>
    all<{ portal: string; merchant_id: number | null; centre_id: number | null }>(
      t.database.db,
      sql`select portal, merchant_id::int, centre_id::int from notifications where kind = ${kind} and order_id = ${orderId}`,
    );
  let start: Date;
  let deadline: Date;
  let pending: number; // 已入仓, still to ship
  let shipped: number;
  let intercepted: number;

  beforeAll(async () => {
    start = t.clock.now();
    deadline = at(start, 7 * HOUR);
    const times = { startTime: start, latestShipTime: deadline };
    pending = await orderIn(t.database.db, ids, 'received', times);
    shipped = await orderIn(t.database.db, ids, 'shipped', times);
    intercepted = await orderIn(t.database.db, ids, 'intercepted', times);
  });

  it('an order crossing the 6-hour line is told once to its centre’s warehouse; shipped and intercepted orders are not', async () => {
    // a minute before the line: not yet (this turn also tells the demo orders already within it)
    await notifyDeadlines(t.database.db, at(start, HOUR - 60_000));
    expect(await rowsOf('deadline_soon', pending)).toEqual([]);

    const crossed = at(start, HOUR + 60_000);
    expect((await notifyDeadlines(t.database.db, crossed)).deadlineSoon).toBeGreaterThanOrEqual(1);
    expect((await notifyDeadlines(t.database.db, crossed)).deadlineSoon).toBe(0); // a second turn writes nothing
    expect(await rowsOf('deadline_soon', pending)).toEqual([{ portal: 'qualityInspection', merchant_id: null, centre_id: ids.gz }]);
    expect(await rowsOf('deadline_soon', shipped)).toEqual([]);
    expect(await rowsOf('deadline_soon', intercepted)).toEqual([]);

    const wh = (await warehouse.call(api.summary, { limit: 50 })).data;
    const mine = wh.list.filter((n) => n.order_id === String(pending));
    expect(mine).toEqual([expect.objectContaining({ kind: 'deadline_soon', read: false, params: { deadline: deadline.toISOString() }, created_at: crossed.toISOString() })]);
    // another centre's warehouse and the merchant are not told of it
    expect((await warehouseSz.call(api.summary, { limit: 50 })).data.list.map((n) => n.order_id)).not.toContain(String(pending));
    expect((await trader.call(api.summary, { limit: 50 })).data.list.filter((n) => n.order_id === String(pending))).toEqual([]);
  });

  it('once the deadline has passed unshipped, the merchant is told 发货超时 once; no other tenant sees it', async () => {
    await notifyDeadlines(t.database.db, at(start, 7 * HOUR - 60_000));
    expect(await rowsOf('overdue', pending)).toEqual([]);

    const past = at(start, 7 * HOUR + 60_000);
    await notifyDeadlines(t.database.db, past);
    await notifyDeadlines(t.database.db, at(past, 60_000));
    expect(await rowsOf('overdue', pending)).toEqual([{ portal: 'trader', merchant_id: ids.cuiyu, centre_id: null }]);
    expect(await rowsOf('overdue', shipped)).toEqual([]);
    expect(await rowsOf('overdue', intercepted)).toEqual([]);

    const mine = (await trader.call(api.summary, { limit: 50 })).data.list.filter((n) => n.order_id === String(pending));
    expect(mine).toEqual([expect.objectContaining({ kind: 'overdue', read: false, params: { deadline: deadline.toISOString() } })]);
    expect((await other.call(api.summary, { limit: 50 })).data.list.map((n) => n.order_id)).not.toContain(String(pending));
    expect((await warehouse.call(api.summary, { limit: 50 })).data.list.filter((n) => n.order_id === String(pending)).map((n) => n.kind)).toEqual(['deadline_soon']);
    // the same line as the orders module's 发货超时
    const now = t.clock.now();
    t.clock.set(past);
    try {
      expect((await trader.call(ordersApi.merchant.detail, { id: pending })).data.order.overdue).toBe(true);
    } finally {
      t.clock.set(now);
    }
  });
});

describe('the bell by permission', () => {
  /** A sub-account of `owner`'s organisation with a role of `permissions`, signed in. */
  async function subAccount(owner: ReturnType<typeof caller>, ns: 'merchant' | 'warehouse', userType: 'trader' | 'qualityInspection', mobile: string, permissions: string[]) {
    const role = await owner.call(accountsApi[ns].roleSave, { name: `铃铛测试${mobile.slice(-4)}`, description: '', permissions } as never);
    expect(role.code).toBe(1000);
    const acc = await owner.call(accountsApi[ns].save, { mobile, name: '铃铛测试员', password: 'Bell@12345', role_id: (role.data as { id: string }).id } as never);
    expect(acc.code).toBe(1000);
    const token = await t.login(userType, mobile, 'Bell@12345');
    return Object.assign(caller(t, token), { token });
  }

  it('a sub-account without the order permission gets no order notification (number, reason) in its list, count or stream; one with it does', async () => {
    const financeOnly = await subAccount(trader, 'merchant', 'trader', '13812340001', ['merchant.finance.view']);
    const orderReader = await subAccount(trader, 'merchant', 'trader', '13812340002', ['merchant.order.view']);
    const whFinance = await subAccount(warehouse, 'warehouse', 'qualityInspection', '13912340001', ['warehouse.finance.view']);
    const id = await orderIn(t.database.db, ids, 'bound');
    expect((await base.call(interceptionApi.centerIntercept, { id, reason: '买家退款：机密原因' })).code).toBe(1000);

    for (const who of [financeOnly, whFinance]) {
      const s = await who.call(api.summary);
      expect(s.code).toBe(1000);
      expect(s.data.list.filter((n) => n.kind !== 'balance_low')).toEqual([]);
      expect(JSON.stringify(s.data)).not.toContain('机密原因');
      // nor does the stream (it sends what newSince answers for the stream's session)
      const session = await resolveSession(t.database.db, who.token, t.clock.now(), 30);
      expect((await newSince(t.database.db, session!, 0)).filter((n) => n.kind !== 'balance_low')).toEqual([]);
    }
    const readerSession = await resolveSession(t.database.db, orderReader.token, t.clock.now(), 30);
    expect((await newSince(t.database.db, readerSession!, 0)).map((n) => n.order_id)).toContain(String(id));
    const s = await orderReader.call(api.summary);
    expect(s.data.list.map((n) => n.order_id)).toContain(String(id));
    expect(s.data.unread).toBeGreaterThan(0);
    // a notification it cannot see cannot be marked read either
    const ownerList = await trader.call(api.summary);
    const theirs = ownerList.data.list.find((n) => n.order_id === String(id))!;
    expect((await financeOnly.call(api.read, { id: theirs.id })).code).toBe(1004);
  });
});

