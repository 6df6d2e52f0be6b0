import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, ordersApi, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

// A scan queued in the browser while the warehouse Wi-Fi was down is sent when it comes back, with
// the client request key it got when it was scanned. When the answer is lost on the way back (the
// network dropped again), the browser sends it once more: the server must answer the first answer,
// not receive or ship a second time, and not refuse it as a repeat.

let t: TestApp;
let ids: DemoIds;
let token: string;
let cuiyu: ReturnType<typeof caller>;
const w = warehouseApi;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  token = await t.login('qualityInspection', '13900000001');
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

function post(path: string, body: unknown, key?: string) {
  return t.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...t.auth(token), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) }, payload: body as object });
}

const events = async (id: number | string, status: string) =>
  (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_events where order_id = ${Number(id)} and to_status = ${status}`)).n;

describe('a replayed offline scan with its request key', () => {
  it('receives the parcel once: the replay answers the first answer (the same batch), marked replayed', async () => {
    const id = await orderIn(t.database.db, ids, 'created');
    expect((await cuiyu.call(ordersApi.merchant.waybill, { id, carrier: '顺丰速运', waybill: `SF${Date.now() % 1e9}77` })).code).toBe(1000);
    const first = await post(w.intakeReceive.path, { id: String(id) }, 'scan-offline-receive-0001');
    const replay = await post(w.intakeReceive.path, { id: String(id) }, 'scan-offline-receive-0001');
    expect(first.json()).toMatchObject({ code: 1000, data: { order: { id: String(id), status: 'received' } } });
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await events(id, 'received')).toBe(1);
    // without the key a second receive is refused as before (the scan queue shows it as a conflict)
    expect((await post(w.intakeReceive.path, { id: String(id) })).json()).toMatchObject({ code: 1001, msg: '订单已入仓，请勿重复操作' });
  });

  it('ships the order once: the replay answers the first answer; another waybill under the same key is refused', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const body = { id: String(id), carrier: '顺丰速运', waybill: 'SF5566778899' };
    const first = await post(w.orderShip.path, body, 'scan-offline-ship-0001');
    const replay = await post(w.orderShip.path, body, 'scan-offline-ship-0001');
    expect(first.json()).toMatchObject({ code: 1000, data: { status: 'shipped', outbound_waybill: 'SF5566778899' } });
    expect(replay.json()).toEqual(first.json());
    expect(await events(id, 'shipped')).toBe(1);
    expect((await post(w.orderShip.path, { ...body, waybill: 'SF0000000001' }, 'scan-offline-ship-0001')).json()).toMatchObject({ code: 1001 });
  });

  it('a refused receive keeps no key: sent again once the order may be received, it is received', async () => {
    const id = await orderIn(t.database.db, ids, 'created');
    const early = await post(w.intakeReceive.path, { id: String(id) }, 'scan-offline-receive-0002');
    expect(early.json()).toMatchObject({ code: 1001 });
    expect((await cuiyu.call(ordersApi.merchant.waybill, { id, carrier: '顺丰速运', waybill: `SF${Date.now() % 1e9}78` })).code).toBe(1000);
    expect((await post(w.intakeReceive.path, { id: String(id) }, 'scan-offline-receive-0002')).json()).toMatchObject({ code: 1000 });
    expect(await events(id, 'received')).toBe(1);
  });
});
