import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interceptionApi, NOTIFICATION_STREAM_PATH, notificationsApi as api, type NotificationView } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../orders/apiKit';
import { demoIds, orderIn, type DemoIds } from '../orders/testkit';

let t: TestApp;
let ids: DemoIds;
let base: ReturnType<typeof caller>; // 广州番禺 service centre
let trader: ReturnType<typeof caller>; // 翠玉轩
let other: ReturnType<typeof caller>; // 金福 (another merchant)
let warehouse: ReturnType<typeof caller>; // 广州番禺 inspector
let manager: ReturnType<typeof caller>;

beforeAll(async () => {
  // streams stay open long enough to see a change made after they opened (tests default to 1 s)
  t = await createTestApp({ config: { notificationStreamMs: 30_000 } });
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
