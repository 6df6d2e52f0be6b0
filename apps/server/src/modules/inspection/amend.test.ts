import { sql } from 'drizzle-orm';
import { systemActor } from '../../platform/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, feesApi, inspectionApi, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { transition } from '../orders/stateMachine';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

const api = inspectionApi;
let t: TestApp;
let ids: DemoIds;
type Who = ReturnType<typeof caller>;
let wh: Who; // GZPY warehouse owner: every key, incl. warehouse.result.amend
let sub: Who; // GZPY warehouse sub-account whose role may record results but not amend them
let sz: Who; // SZSB warehouse owner (another centre)
let merchant: Who; // 翠玉轩, the orders' merchant

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  wh = caller(t, await t.login('qualityInspection', '13900000001'));
  sub = caller(t, await t.login('qualityInspection', '13900000002'));
  sz = caller(t, await t.login('qualityInspection', '13900000009'));
  merchant = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

const db = () => t.database.db;

async function receivedOrder(items = 1): Promise<{ orderId: number; itemIds: string[] }> {
  const list = Array.from({ length: items }, (_, i) => ({ name: `改判翡翠${i + 1}`, categoryId: ids.jade, weight: 30 + i, declaredValue: 100000 }));
  const orderId = await orderIn(db(), ids, 'received', { items: list });
  const rows = await all<{ id: string }>(db(), sql`select id::text from order_items where order_id = ${orderId} order by id`);
  return { orderId, itemIds: rows.map((r) => r.id) };
}

const fields = (item_id: string, result: 'pass' | 'fail' | 'unable', over: Record<string, unknown> = {}) => ({
  item_id,
  mass: 30.5,
  shape: '圆形',
  colour: '绿色',
  conclusion: result === 'pass' ? '翡翠（A货）' : result === 'fail' ? '翡翠（B货）' : '无法检测',
  result,
  ...over,
});

let keySeq = 0;
const amendBody = (item_id: string, result: 'pass' | 'fail' | 'unable', reason = '复检发现充胶痕迹', over: Record<string, unknown> = {}) => ({
  ...fields(item_id, result),
  reason,
  idempotency_key: `amend-test-${Date.now()}-${++keySeq}`,
  ...over,
});

const status = async (orderId: number) => (await one<{ status: string }>(db(), sql`select status from testing_orders where id = ${orderId}`)).status;
const balance = async () => (await one<{ b: number }>(db(), sql`select balance::int as b from merchants where id = ${ids.cuiyu}`)).b;
const ledgerOf = (itemId: string) =>
  all<{ id: number; type: string; amount: number; reverses_id: number | null; note: string }>(
    db(),
    sql`select id::int, type, amount::int, reverses_id::int, note from ledger_entries where item_id = ${itemId} order by id`,
  );
const certificateOf = (itemId: string) => all<{ certificate_no: string }>(db(), sql`select certificate_no from certificates where item_id = ${itemId}`);
const eventsOf = (orderId: number) =>
  all<{ from_status: string; to_status: string; actor_name: string; reason: string }>(db(), sql`select from_status, to_status, actor_name, reason from order_events where order_id = ${orderId} order by id`);
const fees = async () => {
  const rule = await one<{ i: number; c: number }>(db(), sql`select inspection_fee::int as i, certificate_fee::int as c from fee_rules where centre_id = ${ids.gz} and category_id = ${ids.jade} order by merchant_id is null limit 1`);
  return { inspection: rule.i, certificate: rule.c };
};

describe('GET /warehouse/v1/Inspection/feeQuote', () => {
  it('quotes what a first save of each result charges, and the submit charges exactly that', async () => {
    const { itemIds } = await receivedOrder(2);
    const f = await fees();
    const q = await wh.call(api.feeQuote, { item_id: itemIds[0] });
    expect(q.code).toBe(1000);
    expect(q.data).toMatchObject({ inspection_fee: f.inspection, certificate_fee: f.certificate });
    const pass = q.data.quotes.find((x) => x.result === 'pass')!;
    expect(pass.lines.map((l) => [l.type, l.amount])).toEqual([
      ['INSPECTION', -f.inspection],
      ['CERTIFICATE', -f.certificate],
    ]);
    expect(pass.net).toBe(f.inspection + f.certificate);
    expect(q.data.quotes.find((x) => x.result === 'fail')!.net).toBe(f.inspection);

    const saved = await wh.call(api.submit, fields(itemIds[0]!, 'pass'));
    expect(saved.data.charged).toBe(pass.net);

    // an edit while inspecting: nothing for pass, the certificate fee back for fail
    const edit = await wh.call(api.feeQuote, { item_id: itemIds[0] });
    expect(edit.data.quotes.find((x) => x.result === 'pass')!.net).toBe(0);
    const toFail = edit.data.quotes.find((x) => x.result === 'fail')!;
    expect(toFail.net).toBe(-f.certificate);
    const edited = await wh.call(api.submit, fields(itemIds[0]!, 'fail'));
    expect(edited.data.charged).toBe(toFail.net);
  });

  it('does not quote another centre’s item', async () => {
    const { itemIds } = await receivedOrder(1);
    expect((await sz.call(api.feeQuote, { item_id: itemIds[0] })).code).toBe(1004);
  });
});

describe('POST /warehouse/v1/Inspection/amend', () => {
  it('pass → fail: reverses the charges, charges the inspection fee again, withdraws the certificate and its tag, fails the order, records who and why', async () => {
    const { orderId, itemIds } = await receivedOrder(1);
    const item = itemIds[0]!;
    const f = await fees();
    await wh.call(api.submit, fields(item, 'pass'));
    await wh.call(codesApi.bind, { item_id: item, code: 'AMEND0001' });
    expect(await status(orderId)).toBe('bound');
    const before = await balance();

    const quote = (await wh.call(api.feeQuote, { item_id: item, mode: 'amend' })).data.quotes.find((x) => x.result === 'fail')!;
    expect(quote.lines.map((l) => [l.type, l.amount])).toEqual([
      ['REVERSAL', f.inspection],
      ['REVERSAL', f.certificate],
      ['INSPECTION', -f.inspection],
    ]);

    const r = await wh.call(api.amend, amendBody(item, 'fail', '复检发现充胶痕迹'));
    expect(r.code).toBe(1000);
    expect(r.data).toMatchObject({ from_result: 'pass', to_result: 'fail', order_status: 'failed', certificate: null, reversed: f.inspection + f.certificate, charged: quote.net, duplicate: false });
    expect(r.data.charged).toBe(-f.certificate);
    expect(r.data.inspection).toMatchObject({ result: 'fail', conclusion: '翡翠（B货）' });
    expect(await balance()).toBe(before + f.certificate);
    expect(r.data.merchant_balance).toBe(before + f.certificate);

    const entries = await ledgerOf(item);
    expect(entries.map((e) => [e.type, e.amount])).toEqual([
      ['INSPECTION', -f.inspection],
      ['CERTIFICATE', -f.certificate],
      ['REVERSAL', f.inspection],
      ['REVERSAL', f.certificate],
      ['INSPECTION', -f.inspection],
    ]);
    expect(entries[2]!.reverses_id).toBe(entries[0]!.id);
    expect(entries[3]!.reverses_id).toBe(entries[1]!.id);
    expect(entries[2]!.note).toContain('合格 → 不合格');
    expect(await certificateOf(item)).toEqual([]);
    const tag = await one<{ bound_code: string | null; unbound: number }>(
      db(),
      sql`select i.bound_code, (select count(*)::int from code_bindings b where b.item_id = i.id and b.unbound_at is not null) as unbound from order_items i where i.id = ${item}`,
    );
    expect(tag).toEqual({ bound_code: null, unbound: 1 });

    const last = (await eventsOf(orderId)).at(-1)!;
    expect(last).toMatchObject({ from_status: 'bound', to_status: 'failed' });
    expect(last.reason).toContain('复检发现充胶痕迹');
    expect(last.actor_name).not.toBe('');

    // the merchant sees the reversal in 费用明细 and the amendment in the order's timeline
    const ledger = await merchant.call(feesApi.ledger, { page: 1, page_size: 50, type: 'REVERSAL' });
    expect(ledger.data.list.filter((e) => e.item_id === item).map((e) => e.amount).sort()).toEqual([f.inspection, f.certificate].sort());
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.events.find((e) => e.reason.includes('复检发现充胶痕迹'))).toMatchObject({ to_status: 'failed' });
    // and the audit log (操作日志) has it: before → after with the reason
    const logged = await one<{ before: { result: string }; after: { result: string; reason: string } }>(
      db(),
      sql`select before, after from audit_log where kind = 'inspection_result' and action = 'amend' and object_id = ${String(item)}`,
    );
    expect(logged).toMatchObject({ before: { result: 'pass' }, after: { result: 'fail', reason: expect.stringContaining('复检发现充胶痕迹') } });
  });

  it('fail → pass: reverses the inspection charge, charges it again with the certificate fee, issues a certificate and passes the order', async () => {
    const { orderId, itemIds } = await receivedOrder(1);
    const item = itemIds[0]!;
    const f = await fees();
    await wh.call(api.submit, fields(item, 'fail'));
    expect(await status(orderId)).toBe('failed');
    const before = await balance();

    const r = await wh.call(api.amend, amendBody(item, 'pass', '仪器校准后复检为A货'));
    expect(r.code).toBe(1000);
    expect(r.data).toMatchObject({ from_result: 'fail', to_result: 'pass', order_status: 'passed', reversed: f.inspection, charged: f.certificate });
    expect(r.data.certificate?.certificate_no).toMatch(/^GZPY\d{13}$/);
    expect(await certificateOf(item)).toEqual([{ certificate_no: r.data.certificate!.certificate_no }]);
    expect(await balance()).toBe(before - f.certificate);
    expect((await ledgerOf(item)).map((e) => [e.type, e.amount])).toEqual([
      ['INSPECTION', -f.inspection],
      ['REVERSAL', f.inspection],
      ['INSPECTION', -f.inspection],
      ['CERTIFICATE', -f.certificate],
    ]);
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({ from_status: 'failed', to_status: 'passed' });

    // and back: the re-issued certificate's fee is reversed in turn
    const back = await wh.call(api.amend, amendBody(item, 'fail', '商家复核后确认为B货'));
    expect(back.data).toMatchObject({ order_status: 'failed', charged: -f.certificate, certificate: null });
    expect(await balance()).toBe(before);
  });

  it('an amendment that keeps the result updates the record and certificate, books nothing, and notes the event without moving the order', async () => {
    const { orderId, itemIds } = await receivedOrder(1);
    const item = itemIds[0]!;
    await wh.call(api.submit, fields(item, 'pass'));
    const entries = (await ledgerOf(item)).length;
    const r = await wh.call(api.amend, amendBody(item, 'pass', '结论补充种水', { conclusion: '翡翠（A货）冰种' }));
    expect(r.data).toMatchObject({ charged: 0, reversed: 0, order_status: 'passed' });
    expect(r.data.certificate?.conclusion).toBe('翡翠（A货）冰种');
    expect((await ledgerOf(item)).length).toBe(entries);
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({ from_status: 'passed', to_status: 'passed' });
  });

  it('a repeated request (same key) answers the first amendment and changes nothing', async () => {
    const { orderId, itemIds } = await receivedOrder(1);
    const item = itemIds[0]!;
    await wh.call(api.submit, fields(item, 'pass'));
    const body = amendBody(item, 'fail');
    const first = await wh.call(api.amend, body);
    const snapshot = { ledger: await ledgerOf(item), balance: await balance(), events: await eventsOf(orderId) };
    const [again, alsoAgain] = await Promise.all([wh.call(api.amend, body), wh.call(api.amend, body)]);
    for (const r of [again, alsoAgain]) {
      expect(r.code).toBe(1000);
      expect(r.data).toMatchObject({ amendment_id: first.data.amendment_id, duplicate: true, charged: first.data.charged, reversed: first.data.reversed });
    }
    expect({ ledger: await ledgerOf(item), balance: await balance(), events: await eventsOf(orderId) }).toEqual(snapshot);

    // the key of that amendment cannot amend another item
    const other = await receivedOrder(1);
    await wh.call(api.submit, fields(other.itemIds[0]!, 'pass'));
    const conflict = await wh.call(api.amend, { ...body, item_id: other.itemIds[0] });
    expect(conflict.code).toBe(1001);
    expect(conflict.msg).toContain('请求编号');
  });

  it('is refused once the order has shipped, with a sentence, and changes nothing', async () => {
    const { orderId, itemIds } = await receivedOrder(1);
    const item = itemIds[0]!;
    await wh.call(api.submit, fields(item, 'pass'));
    await wh.call(codesApi.bind, { item_id: item, code: 'AMEND0002' });
    await transition(db(), orderId, 'shipped', systemActor);
    const entries = await ledgerOf(item);
    const r = await wh.call(api.amend, amendBody(item, 'fail'));
    expect(r.code).toBe(1001);
    expect(r.msg).toBe('订单已发货，货品已寄出，检测结果不能再修改');
    expect(await ledgerOf(item)).toEqual(entries);
    expect(await certificateOf(item)).toHaveLength(1);
    expect(await status(orderId)).toBe('shipped');
  });

  it('is refused while the order is still inspecting (the result is edited directly) and for an item without a result', async () => {
    const { itemIds } = await receivedOrder(2);
    await wh.call(api.submit, fields(itemIds[0]!, 'pass'));
    const r = await wh.call(api.amend, amendBody(itemIds[0]!, 'fail'));
    expect(r.code).toBe(1001);
    expect(r.msg).toContain('仍在检测中');

    // intercepted before its items were inspected
    const orderId = await orderIn(db(), ids, 'intercepted', { items: [{ name: '未检翡翠', categoryId: ids.jade, weight: 10, declaredValue: 1000 }] });
    const [unchecked] = await all<{ id: string }>(db(), sql`select id::text from order_items where order_id = ${orderId}`);
    const none = await wh.call(api.amend, amendBody(unchecked!.id, 'pass'));
    expect(none.code).toBe(1001);
    expect(none.msg).toBe('「未检翡翠」尚未录入检测结果，请先录入');
  });

  it('is refused without the warehouse.result.amend permission (1003 naming it), and for another centre’s item (1004)', async () => {
    const { itemIds } = await receivedOrder(1);
    await wh.call(api.submit, fields(itemIds[0]!, 'pass'));
    const denied = await sub.call(api.amend, amendBody(itemIds[0]!, 'fail'));
    expect(denied.code).toBe(1003);
    expect(denied.msg).toContain('修改已提交的检测结果');
    expect((await sz.call(api.amend, amendBody(itemIds[0]!, 'fail'))).code).toBe(1004);
    expect(await certificateOf(itemIds[0]!)).toHaveLength(1);
  });

  it('asks for a reason', async () => {
    const { itemIds } = await receivedOrder(1);
    await wh.call(api.submit, fields(itemIds[0]!, 'pass'));
    const r = await wh.call(api.amend, amendBody(itemIds[0]!, 'fail', ''));
    expect(r.code).toBe(1001);
    expect(r.msg).toContain('修改原因');
  });
});
