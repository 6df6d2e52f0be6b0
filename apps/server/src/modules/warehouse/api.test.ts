import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { seedWarehouse } from '../../db/seeds/warehouse';
import { chinaDayDigits } from '@gemqc/contract';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

let t: TestApp;
let ids: DemoIds;
let owner: ReturnType<typeof caller>; // GZPY warehouse owner 13900000001
let clerk: ReturnType<typeof caller>; // GZPY sub-account 13900000002 (入仓质检员: no batch.close, no ship)
let szOwner: ReturnType<typeof caller>; // SZSB warehouse owner
let cuiyu: ReturnType<typeof caller>; // merchant
const w = warehouseApi;
const o = ordersApi.warehouse;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  owner = caller(t, await t.login('qualityInspection', '13900000001'));
  clerk = caller(t, await t.login('qualityInspection', '13900000002'));
  szOwner = caller(t, await t.login('qualityInspection', '13900000009'));
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

let waybillSeq = 0;
/** A new 翠玉轩 order awaiting arrival at the centre, with an inbound waybill entered by the merchant. */
async function parcel(centreId = ids.gz): Promise<{ id: string; orderNo: string; waybill: string }> {
  const id = await orderIn(t.database.db, ids, 'created', { centreId });
  const waybill = `SF${Date.now() % 1e9}${String(++waybillSeq).padStart(3, '0')}`;
  const res = await cuiyu.call(ordersApi.merchant.waybill, { id, carrier: '顺丰速运', waybill });
  expect(res.code).toBe(1000);
  const { order_no } = await one<{ order_no: string }>(t.database.db, sql`select order_no from testing_orders where id = ${id}`);
  return { id: String(id), orderNo: order_no, waybill };
}

const receivedEvents = async (id: string) => (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_events where order_id = ${Number(id)} and to_status = 'received'`)).n;

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('intake: scan → receive → batch detail → close', () => {
  it('finds a parcel by its waybill (as a scanner types it: spaces, lower case) and by order no, receives it into the station’s batch, lists and closes the batch', async () => {
    const p = await parcel();
    const byWaybill = await owner.call(w.intakeScan, { code: `  ${p.waybill.toLowerCase()} ` });
    expect(byWaybill.code).toBe(1000);
    expect(byWaybill.data).toMatchObject({ can_receive: true, refusal: '', order: { id: p.id, order_no: p.orderNo, status: 'awaiting_arrival', inbound_waybill: p.waybill } });
    expect(byWaybill.data.items).toHaveLength(1);
    expect((await owner.call(w.intakeScan, { code: p.orderNo })).data.order.id).toBe(p.id);

    const got = await owner.call(w.intakeReceive, { id: p.id });
    expect(got.code).toBe(1000);
    expect(got.data.order).toMatchObject({ id: p.id, status: 'received', status_text: '已入仓' });
    const batch = got.data.batch;
    expect(batch).toMatchObject({ status: 'open', status_text: '进行中', centre_name: '广州番禺检测中心', operator_name: expect.any(String) });
    expect(batch.batch_no).toMatch(/^PC\d{8}\d{3}$/);
    expect(batch.order_count).toBeGreaterThanOrEqual(1);

    // scanned again: the order and the open batch, but no second intake
    const again = await owner.call(w.intakeScan, { code: p.waybill });
    expect(again.data).toMatchObject({ can_receive: false, refusal: '订单已入仓，请勿重复操作', batch: { id: batch.id } });
    expect(await owner.call(w.intakeReceive, { id: p.id })).toMatchObject({ code: 1001, msg: '订单已入仓，请勿重复操作' });
    expect(await receivedEvents(p.id)).toBe(1);

    const detail = await owner.call(w.batchDetail, { id: batch.id });
    expect(detail.code).toBe(1000);
    expect(detail.data.batch).toMatchObject({ id: batch.id, order_count: detail.data.orders.length });
    const mine = detail.data.orders.find((x) => x.id === p.id)!;
    expect(mine).toMatchObject({ order_no: p.orderNo, status: 'received' });
    expect(mine.received_at).not.toBeNull();
    expect(detail.data.status_counts.reduce((s, c) => s + c.count, 0)).toBe(detail.data.orders.length);
    expect(detail.data.status_counts).toContainEqual(expect.objectContaining({ status: 'received', status_text: '已入仓' }));

    // the warehouse order list narrows to the batch
    const list = await owner.call(o.list, { batch_id: batch.id, page_size: 100 });
    expect(list.code).toBe(1000);
    expect(list.data.total).toBe(detail.data.orders.length);
    expect(list.data.list.map((r) => r.id).sort()).toEqual(detail.data.orders.map((r) => r.id).sort());

    const closed = await owner.call(w.batchClose, { id: batch.id });
    expect(closed.code).toBe(1000);
    expect(closed.data.batch).toMatchObject({ id: batch.id, status: 'closed', status_text: '已关闭', closed_by_name: batch.operator_name });
    expect(closed.data.batch.closed_at).not.toBeNull();
    expect(closed.data.items.length).toBe(closed.data.batch.item_count);
    expect(closed.data.items.find((i) => i.order_no === p.orderNo)).toMatchObject({ inbound_waybill: p.waybill, item_name: '冰种翡翠手镯', category_name: '翡翠', merchant_name: '翠玉轩珠宝' });
    expect(closed.data.items.map((i) => i.seq)).toEqual(closed.data.items.map((_, k) => k + 1));
    expect(await owner.call(w.batchClose, { id: batch.id })).toMatchObject({ code: 1001, msg: '该批次已关闭，请勿重复操作' });
    expect((await owner.call(w.batchPrint, { id: batch.id })).data.items).toEqual(closed.data.items);

    // the next intake of the station opens a new batch of the day
    const q = await parcel();
    const next = await owner.call(w.intakeReceive, { id: q.id });
    expect(next.data.batch.id).not.toBe(batch.id);
    expect(next.data.batch).toMatchObject({ status: 'open', order_count: 1, item_count: 1 });
    expect(next.data.batch.batch_no.slice(2, 10)).toBe(chinaDayDigits(t.clock.now()));
    expect(next.data.batch.batch_no).not.toBe(batch.batch_no);
  });

  it('of several orders posted under one waybill, finds the one still awaiting arrival', async () => {
    const first = await parcel();
    expect((await owner.call(w.intakeReceive, { id: first.id })).code).toBe(1000);
    const id = await orderIn(t.database.db, ids, 'created');
    expect((await cuiyu.call(ordersApi.merchant.waybill, { id, carrier: '顺丰速运', waybill: first.waybill })).code).toBe(1000);
    const scanned = await owner.call(w.intakeScan, { code: first.waybill });
    expect(scanned.data).toMatchObject({ can_receive: true, order: { id: String(id), status: 'awaiting_arrival' } });
  });

  it('answers 1004 with the code when nothing of the centre matches', async () => {
    expect(await owner.call(w.intakeScan, { code: 'SF0000000000' })).toMatchObject({ code: 1004, msg: '未找到运单号或订单号为「SF0000000000」的订单，请核对后重试' });
  });

  it('refuses an order that has not been posted yet (illegal transition → 1001 with the reason)', async () => {
    const id = await orderIn(t.database.db, ids, 'created');
    expect(await owner.call(w.intakeReceive, { id })).toMatchObject({ code: 1001, msg: '订单当前为「待寄出」状态，不能入仓' });
    expect((await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from testing_orders where id = ${id} and batch_id is not null`)).n).toBe(0);
  });
});

describe('intake under concurrency', () => {
  it('two inspectors receiving the same parcel at once: one intake, the other gets 1001, and no empty batch is left', async () => {
    const p = await parcel();
    const { max } = await one<{ max: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as max from batches`);
    const answers = await Promise.all([owner.call(w.intakeReceive, { id: p.id }), clerk.call(w.intakeReceive, { id: p.id })]);
    expect(answers.map((a) => a.code).sort()).toEqual([1000, 1001]);
    expect(answers.find((a) => a.code === 1001)!.msg).toBe('订单已入仓，请勿重复操作');
    expect(await receivedEvents(p.id)).toBe(1);
    const after = await all<{ id: number; n: number }>(
      t.database.db,
      sql`select b.id::int, (select count(*)::int from testing_orders o where o.batch_id = b.id) as n from batches b where b.id > ${max}`,
    );
    expect(after.every((b) => b.n > 0)).toBe(true);
  });

  it('two first scans of one station at once open one batch', async () => {
    const [a, b] = [await parcel(ids.sz), await parcel(ids.sz)];
    const [ra, rb] = await Promise.all([szOwner.call(w.intakeReceive, { id: a.id }), szOwner.call(w.intakeReceive, { id: b.id })]);
    expect([ra.code, rb.code]).toEqual([1000, 1000]);
    expect(ra.data.batch.id).toBe(rb.data.batch.id);
    const open = await all<{ id: number }>(t.database.db, sql`select id::int from batches where centre_id = ${ids.sz} and status = 'open'`);
    expect(open).toHaveLength(1);
  });
});

describe('batches', () => {
  it('lists the centre’s batches (seeded and new) with filters; operators are the filter options', async () => {
    const all = await owner.call(w.batchList, { page_size: 100 });
    expect(all.code).toBe(1000);
    expect(all.data.total).toBeGreaterThan(1);
    expect(all.data.list.every((b) => b.centre_name === '广州番禺检测中心')).toBe(true);
    const closed = await owner.call(w.batchList, { status: 'closed', page_size: 100 });
    expect(closed.data.list.length).toBeGreaterThan(0);
    expect(closed.data.list.every((b) => b.status === 'closed')).toBe(true);
    const first = all.data.list[all.data.list.length - 1]!;
    const byNo = await owner.call(w.batchList, { batch_no: first.batch_no.slice(2) });
    expect(byNo.data.list.map((b) => b.id)).toContain(first.id);
    const day = first.opened_at; // ISO; the China day of it
    const d = new Date(new Date(day).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const byDay = await owner.call(w.batchList, { start_date: d, end_date: d, page_size: 100 });
    expect(byDay.data.list.map((b) => b.id)).toContain(first.id);
    const ops = await owner.call(w.batchOperators);
    expect(ops.data.length).toBeGreaterThan(0);
    const byOp = await owner.call(w.batchList, { operator_id: ops.data[0]!.value, page_size: 100 });
    expect(byOp.data.list.every((b) => b.operator_id === ops.data[0]!.value)).toBe(true);
    const page2 = await owner.call(w.batchList, { page: 2, page_size: 1 });
    expect(page2.data).toMatchObject({ page: 2, page_size: 1, total: all.data.total });
  });

  it('seeded batches hold the centre’s received demo orders', async () => {
    const seeded = await one<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from testing_orders o where o.centre_id = ${ids.gz} and o.batch_id is null and exists (select 1 from order_events e where e.order_id = o.id and e.to_status = 'received')`,
    );
    expect(seeded.n).toBe(0);
  });

  it('the demo seed is idempotent: a second run adds no batch', async () => {
    const count = async () => (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from batches`)).n;
    const before = await count();
    await seedWarehouse(t.database);
    expect(await count()).toBe(before);
  });

  it('refuses a bad filter with a sentence', async () => {
    expect(await owner.call(w.batchList, { status: 'x' })).toMatchObject({ code: 1001, msg: '批次状态只能是进行中或已关闭' });
    expect(await owner.call(w.batchList, { start_date: '2026-11-22', end_date: '2026-11-01' })).toMatchObject({ code: 1001, msg: '开始日期不能晚于结束日期' });
  });
});

describe('shipping and returns', () => {
  it('ships a bound order with the outbound carrier and waybill; the list finds it by that waybill', async () => {
    const id = await orderIn(t.database.db, ids, 'bound');
    const res = await owner.call(w.orderShip, { id, carrier: '顺丰速运', waybill: 'SF7788990011' });
    expect(res).toMatchObject({ code: 1000, data: { id: String(id), status: 'shipped', status_text: '已发货', outbound_carrier: '顺丰速运', outbound_waybill: 'SF7788990011' } });
    const found = await owner.call(o.list, { waybill: 'SF7788990011' });
    expect(found.data.list.map((r) => r.id)).toEqual([String(id)]);
    expect(await owner.call(w.orderShip, { id, carrier: '顺丰速运', waybill: 'SF7788990011' })).toMatchObject({ code: 1001, msg: '订单已发货，请勿重复操作' });
  });

  it('refuses to ship an intercepted order, with the intercept reason', async () => {
    const id = await orderIn(t.database.db, ids, 'intercepted');
    const res = await owner.call(w.orderShip, { id, carrier: '顺丰速运', waybill: 'SF7788990022' });
    expect(res).toMatchObject({ code: 1001, msg: '订单已被拦截（买家申请退款），不能发货，请联系商家取回货品' });
  });

  it('refuses to ship an order that is not bound yet', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    expect(await owner.call(w.orderShip, { id, carrier: '顺丰速运', waybill: 'SF7788990033' })).toMatchObject({ code: 1001, msg: '订单当前为「检测合格」状态，不能发货' });
  });

  it('returns a failed order by post (return_pending then returned, with the waybill) and an intercepted one by pickup', async () => {
    const failed = await orderIn(t.database.db, ids, 'failed');
    const r1 = await owner.call(w.orderReturn, { id: failed, mode: 'post', carrier: '顺丰速运', waybill: 'SF5566778899' });
    expect(r1).toMatchObject({ code: 1000, data: { status: 'returned', status_text: '已退回' } });
    const ev = await all<{ to_status: string; reason: string }>(t.database.db, sql`select to_status, reason from order_events where order_id = ${failed} order by id desc limit 2`);
    expect(ev.map((e) => e.to_status)).toEqual(['returned', 'return_pending']);
    expect(ev[0]!.reason).toContain('SF5566778899');
    const d = await owner.call(o.detail, { id: failed });
    expect(d.data.order).toMatchObject({ outbound_waybill: 'SF5566778899', status: 'returned' });

    const intercepted = await orderIn(t.database.db, ids, 'intercepted');
    expect(await owner.call(w.orderReturn, { id: intercepted, mode: 'pickup', picked_up_by: '商家员工' })).toMatchObject({ code: 1000, data: { status: 'picked_up' } });
    expect(await owner.call(w.orderReturn, { id: intercepted, mode: 'pickup', picked_up_by: '商家员工' })).toMatchObject({ code: 1001, msg: '订单当前为「商家已自提」状态，请勿重复操作' });
  });

  it('refuses to return an order that passed inspection', async () => {
    const id = await orderIn(t.database.db, ids, 'passed');
    expect(await owner.call(w.orderReturn, { id, mode: 'pickup', picked_up_by: '商家员工' })).toMatchObject({ code: 1001, msg: '订单当前为「检测合格」状态，不能确认商家自提' });
  });
});

describe('批量发货 (Order/batchShip)', () => {
  const shippedEvents = async (id: number) => (await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_events where order_id = ${id} and to_status = 'shipped'`)).n;
  const outbound = async (id: number) =>
    one<{ status: string; outbound_waybill: string }>(t.database.db, sql`select status, outbound_waybill from testing_orders where id = ${id}`);
  let seq = 0;
  const waybillNo = () => `YT${Date.now() % 1e9}${String(++seq).padStart(3, '0')}`;

  it('ships each bound order with its own waybill; a refused order and another centre’s order fail with their reasons and do not stop the rest', async () => {
    const a = await orderIn(t.database.db, ids, 'bound');
    const passed = await orderIn(t.database.db, ids, 'passed');
    const theirs = await orderIn(t.database.db, ids, 'bound', { centreId: ids.sz });
    const intercepted = await orderIn(t.database.db, ids, 'intercepted');
    const b = await orderIn(t.database.db, ids, 'bound');
    const [wa, wp, wt, wi, wb] = [waybillNo(), waybillNo(), waybillNo(), waybillNo(), waybillNo()];
    const res = await owner.call(w.orderBatchShip, {
      orders: [
        { id: a, carrier: '顺丰速运', waybill: wa },
        { id: passed, carrier: '顺丰速运', waybill: wp },
        { id: theirs, carrier: '顺丰速运', waybill: wt },
        { id: intercepted, carrier: '顺丰速运', waybill: wi },
        { id: b, carrier: '顺丰速运', waybill: wb },
      ],
    });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ shipped_count: 2, failed_count: 3 });
    expect(res.data.results.map((r) => [r.id, r.code, r.msg])).toEqual([
      [String(a), 1000, ''],
      [String(passed), 1001, '订单当前为「检测合格」状态，不能发货'],
      [String(theirs), 1004, '订单不存在或不属于本检测中心'],
      [String(intercepted), 1001, '订单已被拦截（买家申请退款），不能发货，请联系商家取回货品'],
      [String(b), 1000, ''],
    ]);
    expect(res.data.results[0]!.shipped).toMatchObject({ id: String(a), status: 'shipped', status_text: '已发货', outbound_carrier: '顺丰速运', outbound_waybill: wa });
    expect(res.data.results[1]!.shipped).toBeNull();
    expect(await outbound(a)).toEqual({ status: 'shipped', outbound_waybill: wa });
    expect(await outbound(b)).toEqual({ status: 'shipped', outbound_waybill: wb });
    // the other centre's order is untouched (and its centre still ships it itself)
    expect(await outbound(theirs)).toEqual({ status: 'bound', outbound_waybill: '' });
    expect(await outbound(passed)).toEqual({ status: 'passed', outbound_waybill: '' });
    expect(await shippedEvents(theirs)).toBe(0);
    // the list finds each shipped order by its waybill, as after a single ship
    expect((await owner.call(o.list, { waybill: wb })).data.list.map((r) => r.id)).toEqual([String(b)]);
  });

  it('a repeated request (a retry, with the same or other waybills) ships nothing twice', async () => {
    const a = await orderIn(t.database.db, ids, 'bound');
    const b = await orderIn(t.database.db, ids, 'bound');
    const body = { orders: [{ id: a, carrier: '中通快递', waybill: waybillNo() }, { id: b, carrier: '中通快递', waybill: waybillNo() }] };
    expect((await owner.call(w.orderBatchShip, body)).data.shipped_count).toBe(2);
    const again = await owner.call(w.orderBatchShip, body);
    expect(again.code).toBe(1000);
    expect(again.data).toMatchObject({ shipped_count: 0, failed_count: 2 });
    expect(again.data.results.map((r) => r.msg)).toEqual(['订单已发货，请勿重复操作', '订单已发货，请勿重复操作']);
    const other = await owner.call(w.orderBatchShip, { orders: [{ id: a, carrier: '中通快递', waybill: waybillNo() }] });
    expect(other.data.results[0]).toMatchObject({ code: 1001, msg: '订单已发货，请勿重复操作' });
    expect(await shippedEvents(a)).toBe(1);
    expect(await shippedEvents(b)).toBe(1);
    expect((await outbound(a)).outbound_waybill).toBe(body.orders[0]!.waybill);
  });

  it('two identical requests at once ship each order once', async () => {
    const a = await orderIn(t.database.db, ids, 'bound');
    const b = await orderIn(t.database.db, ids, 'bound');
    const body = { orders: [{ id: a, carrier: '顺丰速运', waybill: waybillNo() }, { id: b, carrier: '顺丰速运', waybill: waybillNo() }] };
    const answers = await Promise.all([owner.call(w.orderBatchShip, body), owner.call(w.orderBatchShip, body)]);
    expect(answers.map((x) => x.code)).toEqual([1000, 1000]);
    expect(answers.reduce((n, x) => n + x.data.shipped_count, 0)).toBe(2);
    expect(await shippedEvents(a)).toBe(1);
    expect(await shippedEvents(b)).toBe(1);
  });

  it('refuses duplicate waybills (letter case aside) or a repeated order as a whole with a sentence, shipping nothing', async () => {
    const a = await orderIn(t.database.db, ids, 'bound');
    const b = await orderIn(t.database.db, ids, 'bound');
    const dup = await owner.call(w.orderBatchShip, { orders: [{ id: a, carrier: '顺丰速运', waybill: 'SF5550001111' }, { id: b, carrier: '顺丰速运', waybill: 'sf5550001111' }] });
    expect(dup).toMatchObject({ code: 1001, msg: '发货运单号 sf5550001111 填写了两次，每个订单需要各自的运单号' });
    const twice = await owner.call(w.orderBatchShip, { orders: [{ id: a, carrier: '顺丰速运', waybill: 'SF5550002222' }, { id: a, carrier: '顺丰速运', waybill: 'SF5550003333' }] });
    expect(twice).toMatchObject({ code: 1001, msg: '同一个订单在本次发货中出现了两次，请刷新页面后重新选择' });
    expect((await outbound(a)).status).toBe('bound');
    expect((await outbound(b)).status).toBe('bound');
  });

  it('refuses an empty or too long list and a bad line with a sentence', async () => {
    expect(await owner.call(w.orderBatchShip, { orders: [] })).toMatchObject({ code: 1001, msg: '请选择要发货的订单' });
    expect(await owner.call(w.orderBatchShip, {})).toMatchObject({ code: 1001, msg: '请选择要发货的订单' });
    const many = Array.from({ length: 101 }, (_, i) => ({ id: i + 1, carrier: '顺丰速运', waybill: `SF${String(1e9 + i)}` }));
    expect(await owner.call(w.orderBatchShip, { orders: many })).toMatchObject({ code: 1001, msg: '一次最多批量发货100个订单，请分批发货' });
    expect(await owner.call(w.orderBatchShip, { orders: [{ id: 1, carrier: '顺丰速运', waybill: 'SF1' }] })).toMatchObject({ code: 1001, msg: '发货运单号为6-32位字母或数字' });
    expect(await owner.call(w.orderBatchShip, { orders: [{ id: 1, waybill: 'SF1234567' }] })).toMatchObject({ code: 1001, msg: '请选择发货快递公司' });
  });

  it('is scoped and permitted as Order/ship: only another centre’s orders → 1004; no ship permission → 1003; a merchant → 403', async () => {
    const gz = await orderIn(t.database.db, ids, 'bound');
    const body = { orders: [{ id: gz, carrier: '顺丰速运', waybill: waybillNo() }] };
    expect(await szOwner.call(w.orderBatchShip, body)).toMatchObject({ code: 1004, msg: '订单不存在或不属于本检测中心' });
    expect((await clerk.call(w.orderBatchShip, body)).code).toBe(1003);
    expect((await cuiyu.call(w.orderBatchShip, body)).code).toBe(403);
    expect(await outbound(gz)).toEqual({ status: 'bound', outbound_waybill: '' });
  });
});

describe('the warehouse order list, detail and export', () => {
  it('lists only the centre’s orders and shows a detail with items and events', async () => {
    const list = await owner.call(o.list, { page_size: 50 });
    expect(list.code).toBe(1000);
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((r) => r.centre_name === '广州番禺检测中心')).toBe(true);
    const d = await owner.call(o.detail, { id: list.data.list[0]!.id });
    expect(d.code).toBe(1000);
    expect(d.data.items.length).toBeGreaterThan(0);
    expect(d.data.events.length).toBeGreaterThan(0);
    const merchants = await owner.call(o.merchants);
    expect(merchants.data.map((m) => m.label)).toContain('翠玉轩珠宝');
  });

  it('exports an xlsx of the filtered list (here: one batch)', async () => {
    const batch = (await owner.call(w.batchList, { status: 'closed', page_size: 1 })).data.list[0]!;
    const res = await owner.raw(o.export, { batch_id: batch.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const sheet = await sheetOf(res);
    expect(sheet.actualRowCount - 1).toBe(batch.order_count);
  });

  it('导出所选: with ids, exactly those orders of the centre in the list’s order; another centre’s ids are simply not in it', async () => {
    const mine = (await owner.call(o.list, { page_size: 5, sort_by: 'order_no', sort_order: 'asc' })).data.list.slice(1, 4);
    const theirs = (await szOwner.call(o.list, { page_size: 1 })).data.list[0]!;
    const ids = [mine[2]!.id, theirs.id, mine[0]!.id, mine[1]!.id].join(',');
    const numbers = (sheet: ExcelJS.Worksheet) => {
      const out: string[] = [];
      sheet.eachRow((row, i) => void (i > 1 && out.push(String(row.getCell(1).value))));
      return out;
    };
    // the other filters still apply; the sort is the list's
    const res = await owner.raw(o.export, { ids, sort_by: 'order_no', sort_order: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(numbers(await sheetOf(res))).toEqual(mine.map((r) => r.order_no));
    expect(numbers(await sheetOf(await owner.raw(o.export, { ids, order_no: mine[1]!.order_no })))).toEqual([mine[1]!.order_no]);
    // the other centre asking for these ids gets its own order only
    expect(numbers(await sheetOf(await szOwner.raw(o.export, { ids })))).toEqual([theirs.order_no]);
    expect(numbers(await sheetOf(await szOwner.raw(o.export, { ids: mine.map((r) => r.id).join(',') })))).toEqual([]);
  });

  it('导出所选 refuses an empty, malformed or too long id list with a sentence', async () => {
    expect((await owner.raw(o.export, { ids: '' })).json()).toMatchObject({ code: 1001, msg: '请选择要导出的订单' });
    expect((await owner.raw(o.export, { ids: '1,x' })).json()).toMatchObject({ code: 1001, msg: '订单编号格式不正确' });
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await owner.raw(o.export, { ids: many })).json()).toMatchObject({ code: 1001, msg: '一次最多导出所选的500个订单，请减少勾选，或不勾选按筛选条件导出' });
  });
});

describe('tenancy, portals, permissions and validation', () => {
  it('another centre’s order and batch are not found (1004)', async () => {
    const p = await parcel();
    expect((await szOwner.call(w.intakeScan, { code: p.orderNo })).code).toBe(1004);
    expect((await szOwner.call(w.intakeReceive, { id: p.id })).code).toBe(1004);
    expect((await szOwner.call(o.detail, { id: p.id })).code).toBe(1004);
    const gzBatch = (await owner.call(w.batchList, { page_size: 1 })).data.list[0]!;
    expect((await szOwner.call(w.batchDetail, { id: gzBatch.id })).code).toBe(1004);
    expect((await szOwner.call(w.batchPrint, { id: gzBatch.id })).code).toBe(1004);
    expect((await szOwner.call(w.batchClose, { id: gzBatch.id })).code).toBe(1004);
    expect((await szOwner.call(w.batchList, { page_size: 100 })).data.list.some((b) => b.id === gzBatch.id)).toBe(false);
    const bound = await orderIn(t.database.db, ids, 'bound');
    expect((await szOwner.call(w.orderShip, { id: bound, carrier: '顺丰速运', waybill: 'SF1122334455' })).code).toBe(1004);
    expect((await szOwner.call(w.orderReturn, { id: bound, mode: 'pickup', picked_up_by: '商家员工' })).code).toBe(1004);
    expect((await szOwner.call(o.list, { page_size: 100 })).data.list.every((r) => r.centre_name === '深圳水贝检测中心')).toBe(true);
  });

  it('a merchant’s token is refused (403)', async () => {
    expect((await cuiyu.call(w.intakeScan, { code: 'SF1' })).code).toBe(403);
    expect((await cuiyu.call(w.batchList)).code).toBe(403);
    expect((await cuiyu.call(o.list)).code).toBe(403);
  });

  it('a sub-account without the permission gets 1003 (close batch, ship); with it, it may scan and view', async () => {
    const batch = (await owner.call(w.batchList, { status: 'open', page_size: 1 })).data.list[0]!;
    expect((await clerk.call(w.batchClose, { id: batch.id })).code).toBe(1003);
    const bound = await orderIn(t.database.db, ids, 'bound');
    expect((await clerk.call(w.orderShip, { id: bound, carrier: '顺丰速运', waybill: 'SF1122334466' })).code).toBe(1003);
    expect((await clerk.call(w.orderReturn, { id: bound, mode: 'pickup', picked_up_by: '商家员工' })).code).toBe(1003);
    expect((await clerk.call(w.batchDetail, { id: batch.id })).code).toBe(1000);
    expect((await clerk.call(o.list)).code).toBe(1000);
  });

  it('documents every warehouse endpoint in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const e of [...Object.values(w), ...Object.values(o)]) expect(Object.keys(doc.paths)).toContain(`/api${e.path}`);
  });

  it('bad input answers 1001 with a zh-CN sentence', async () => {
    expect(await owner.call(w.intakeScan, { code: '   ' })).toMatchObject({ code: 1001, msg: '请扫描或输入运单号/订单号' });
    expect(await owner.call(w.intakeScan, {})).toMatchObject({ code: 1001, msg: '请扫描或输入运单号/订单号' });
    expect(await owner.call(w.intakeScan, { code: "SF1'; drop" })).toMatchObject({ code: 1001, msg: '运单号/订单号只能包含字母、数字和-' });
    expect(await owner.call(w.intakeReceive, { id: 'abc' })).toMatchObject({ code: 1001, msg: '编号格式不正确' });
    expect(await owner.call(w.orderShip, { id: 1, carrier: '顺丰速运' })).toMatchObject({ code: 1001, msg: '请输入发货运单号' });
    expect(await owner.call(w.orderShip, { id: 1, carrier: '', waybill: 'SF1234567' })).toMatchObject({ code: 1001, msg: '请选择发货快递公司' });
    expect(await owner.call(w.orderReturn, { id: 1, mode: 'post', carrier: '顺丰速运' })).toMatchObject({ code: 1001, msg: '快递寄回请输入退回运单号' });
    expect(await owner.call(w.orderReturn, { id: 1, mode: 'boat' })).toMatchObject({ code: 1001, msg: '请选择退回方式（快递寄回或商家自提）' });
    expect(await owner.call(o.list, { batch_id: 'x' })).toMatchObject({ code: 1001, msg: '编号格式不正确' });
  });
});
