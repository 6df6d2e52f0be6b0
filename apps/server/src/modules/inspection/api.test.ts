import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, inspectionApi, ordersApi } from '@gemqc/contract';
import type { TestApp } from '../../../test/app';
import { all, one, type DemoIds } from '../orders/testkit';
import { newOrder as kitNewOrder, openWarehouseTestApp, orderStatus, result, type WarehouseTestApp, type Who } from './testkit';

const api = inspectionApi;
const PHOTO_MAX = 16 * 1024;

let t: TestApp;
let ids: DemoIds;
let wh: Who; // GZPY warehouse owner
let sub: Who; // GZPY warehouse sub-account (no recording permission)
let sz: Who; // SZSB warehouse owner
let merchant: Who; // 翠玉轩
let anon: Who;
let app: WarehouseTestApp;

beforeAll(async () => {
  app = await openWarehouseTestApp('insp', { photoMaxBytes: PHOTO_MAX });
  ({ t, ids, wh, sub, sz, merchant, anon } = app);
});
afterAll(() => app.close());

const db = () => t.database.db;

const newOrder = (status: 'received' | 'awaiting_arrival', items = 1, merchantId?: number) => kitNewOrder(db(), ids, status, items, merchantId);
const status = (orderId: number) => orderStatus(db(), orderId);
async function ledgerOf(orderId: number) {
  return all<{ type: string; amount: number; item_id: string }>(db(), sql`select type, amount::int, item_id::text from ledger_entries where order_id = ${orderId} order by id`);
}
async function balance(merchantId: number): Promise<number> {
  return (await one<{ b: number }>(db(), sql`select balance::int as b from merchants where id = ${merchantId}`)).b;
}

describe('POST /warehouse/v1/Inspection/submit', () => {
  it('records results, moves the order received → inspecting → passed, issues certificates and charges each fee once', async () => {
    const { orderId, itemIds } = await newOrder('received', 2);
    const before = await balance(ids.cuiyu);

    const a = await wh.call(api.submit, result(itemIds[0]!, 'pass'));
    expect(a.code).toBe(1000);
    expect(a.data).toMatchObject({ order_status: 'inspecting', pending_items: 1, inspection: { result: 'pass', result_text: '合格', mass: 52.36, mass_unit: 'g' } });
    expect(a.data.certificate?.certificate_no).toMatch(/^GZPY\d{8}\d{5}$/);
    expect(a.data.certificate?.verify_url).toBe(`/verify/${a.data.certificate?.verify_code}`);
    expect(a.data.charged).toBeGreaterThan(0);
    expect(await status(orderId)).toBe('inspecting');

    // the same result again (an edit while inspecting): no new charge, same certificate
    const again = await wh.call(api.submit, result(itemIds[0]!, 'pass', { conclusion: '翡翠（A货）冰种' }));
    expect(again.code).toBe(1000);
    expect(again.data.charged).toBe(0);
    expect(again.data.certificate?.certificate_no).toBe(a.data.certificate?.certificate_no);
    expect(again.data.certificate?.conclusion).toBe('翡翠（A货）冰种');

    const b = await wh.call(api.submit, result(itemIds[1]!, 'pass'));
    expect(b.data).toMatchObject({ order_status: 'passed', pending_items: 0 });
    expect(await status(orderId)).toBe('passed');

    const entries = await ledgerOf(orderId);
    expect(entries.map((e) => e.type).sort()).toEqual(['CERTIFICATE', 'CERTIFICATE', 'INSPECTION', 'INSPECTION']);
    const total = entries.reduce((s, e) => s + e.amount, 0);
    expect(await balance(ids.cuiyu)).toBe(before + total);
    expect(-total).toBe(a.data.charged + b.data.charged);
    expect(b.data.merchant_balance).toBe(before + total);

    // the merchant sees the results and certificates in the order detail
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.order.status).toBe('passed');
    expect(detail.data.inspections).toHaveLength(2);
    expect(detail.data.certificates.map((c) => c.certificate_no).sort()).toEqual([a.data.certificate!.certificate_no, b.data.certificate!.certificate_no].sort());
    expect(detail.data.items.every((i) => i.result === 'pass' && i.certificate_no && i.inspection_fee !== null && i.certificate_fee !== null)).toBe(true);
    expect(detail.data.events.map((e) => e.to_status)).toEqual(expect.arrayContaining(['inspecting', 'passed']));

    // finished: no more edits
    const late = await wh.call(api.submit, result(itemIds[0]!, 'fail'));
    expect(late.code).toBe(1001);
    expect(late.msg).toContain('不能再修改检测结果');
  });

  it('fail → failed; a pass edited to fail withdraws the certificate and reverses its fee', async () => {
    const { orderId, itemIds } = await newOrder('received', 2);
    const before = await balance(ids.cuiyu);
    const p = await wh.call(api.submit, result(itemIds[0]!, 'pass'));
    expect(p.data.certificate).not.toBeNull();
    const f = await wh.call(api.submit, result(itemIds[0]!, 'fail'));
    expect(f.code).toBe(1000);
    expect(f.data.certificate).toBeNull();
    expect(f.data.charged).toBeLessThan(0);
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from certificates where order_id = ${orderId}`)).n).toBe(0);
    const u = await wh.call(api.submit, result(itemIds[1]!, 'unable'));
    expect(u.data.order_status).toBe('failed');
    expect(await status(orderId)).toBe('failed');
    const entries = await ledgerOf(orderId);
    expect(entries.map((e) => e.type)).toEqual(['INSPECTION', 'CERTIFICATE', 'REVERSAL', 'INSPECTION']);
    expect(await balance(ids.cuiyu)).toBe(before + entries.reduce((s, e) => s + e.amount, 0));
  });

  it('a single unable item → unable', async () => {
    const { orderId, itemIds } = await newOrder('received');
    expect((await wh.call(api.submit, result(itemIds[0]!, 'unable'))).data.order_status).toBe('unable');
    expect(await status(orderId)).toBe('unable');
  });

  it('past the credit limit the result is refused and nothing is written', async () => {
    const { orderId, itemIds } = await newOrder('received', 1, ids.jinfu);
    await db().execute(sql`update merchants set balance = 100, credit_limit = 0 where id = ${ids.jinfu}`);
    const before = await one<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries where merchant_id = ${ids.jinfu}`);
    const r = await wh.call(api.submit, result(itemIds[0]!, 'pass'));
    expect(r.code).toBe(1001);
    expect(r.msg).toContain('商户余额不足，请联系商户充值后再录入');
    expect(await status(orderId)).toBe('received');
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from inspection_records where order_id = ${orderId}`)).n).toBe(0);
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from certificates where order_id = ${orderId}`)).n).toBe(0);
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from order_events where order_id = ${orderId} and to_status = 'inspecting'`)).n).toBe(0);
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries where merchant_id = ${ids.jinfu}`)).n).toBe(before.n);
    expect(await balance(ids.jinfu)).toBe(100);
    // within a credit limit it goes through
    await db().execute(sql`update merchants set credit_limit = 1000000 where id = ${ids.jinfu}`);
    expect((await wh.call(api.submit, result(itemIds[0]!, 'pass'))).code).toBe(1000);
  });

  it('validates the input and the order state', async () => {
    const { itemIds } = await newOrder('received');
    expect((await wh.call(api.submit, result(itemIds[0]!, 'pass', { conclusion: '  ' }))).msg).toBe('请输入检测结论');
    expect((await wh.call(api.submit, result(itemIds[0]!, 'pass', { result: 'maybe' }))).msg).toBe('请选择检测结果（合格、不合格或无法检测）');
    expect((await wh.call(api.submit, result(itemIds[0]!, 'pass', { mass: 'abc' }))).msg).toBe('质量必须是数字');
    expect((await wh.call(api.submit, result(itemIds[0]!, 'pass', { mass_unit: 'kg' }))).code).toBe(1001);
    const waiting = await newOrder('awaiting_arrival');
    const r = await wh.call(api.submit, result(waiting.itemIds[0]!, 'pass'));
    expect(r).toMatchObject({ code: 1001, msg: '订单尚未入仓，不能录入检测结果' });
    expect((await wh.call(api.submit, result('999999999', 'pass'))).code).toBe(1004);
  });
});

describe('Tenancy, portals and permissions', () => {
  it("another centre's items and bindings are not found (1004); a merchant token is 403; a missing permission is 1003", async () => {
    const { orderId, itemIds } = await newOrder('received');
    expect((await sz.call(api.submit, result(itemIds[0]!, 'pass'))).code).toBe(1004);
    expect(await status(orderId)).toBe('received');
    expect((await merchant.call(api.submit, result(itemIds[0]!, 'pass'))).code).toBe(403);
    expect((await sub.call(api.submit, result(itemIds[0]!, 'pass'))).code).toBe(1000); // the role has it
  });
});

describe('GET /publics/v1/Certificate/verify', () => {
  it('shows the certificate without login and without merchant or buyer data; unknown → 1004', async () => {
    const { orderId, itemIds } = await newOrder('received');
    const s = await wh.call(api.submit, result(itemIds[0]!, 'pass', { purity: '' }));
    const code = s.data.certificate!.verify_code;
    const r = await anon.call(api.certificateVerify, { code: code.toLowerCase() });
    expect(r.code).toBe(1000);
    expect(r.data).toMatchObject({
      certificate_no: s.data.certificate!.certificate_no,
      conclusion: '翡翠（A货）',
      result: 'pass',
      result_text: '合格',
      mass: 52.36,
      mass_unit: 'g',
      centre_name: '广州番禺检测中心',
      item_name: '测试翡翠手镯1',
      category_name: '翡翠',
    });
    expect(r.data.fields).toMatchObject({ 名称: '测试翡翠手镯1', 总质量: '52.36g', 折射率: '1.66', 纯度: null });
    const order = await one<{ buyer_name: string; buyer_phone: string; buyer_address: string; order_no: string }>(
      db(),
      sql`select buyer_name, buyer_phone, buyer_address, order_no from testing_orders where id = ${orderId}`,
    );
    const text = JSON.stringify(r.data);
    for (const secret of ['翠玉轩', order.buyer_name, order.buyer_phone, order.buyer_address, order.order_no, 'merchant', 'buyer']) expect(text).not.toContain(secret);
    expect((await anon.call(api.certificateVerify, { code: 'VNOSUCH123' })).code).toBe(1004);
    expect((await anon.call(api.certificateVerify, {})).msg).toBe('请输入查询码');
    // a seeded certificate works too
    const seeded = await one<{ verify_code: string }>(db(), sql`select verify_code from certificates order by id limit 1`);
    expect((await anon.call(api.certificateVerify, { code: seeded.verify_code })).code).toBe(1000);
  });

  it('finds the certificate by the tag code bound to the item; an unbound tag finds nothing', async () => {
    const { itemIds } = await newOrder('received');
    const s = await wh.call(api.submit, result(itemIds[0]!, 'pass', {}));
    const bound = await wh.call(codesApi.bind, { item_id: itemIds[0], code: 'TAG7700001' });
    expect(bound.code).toBe(1000);
    const byTag = await anon.call(api.certificateVerify, { code: 'tag7700001' });
    expect(byTag.code).toBe(1000);
    expect(byTag.data.certificate_no).toBe(s.data.certificate!.certificate_no);
    expect((await wh.call(codesApi.unbind, { id: bound.data.binding.id, reason: '标签贴错' })).code).toBe(1000);
    expect((await anon.call(api.certificateVerify, { code: 'TAG7700001' })).code).toBe(1004);
  });
});
