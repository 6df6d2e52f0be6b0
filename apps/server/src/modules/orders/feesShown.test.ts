import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionApi, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from './testkit';

// Issue 25, point 1: one money figure. A 彩色宝石 item inspected 不合格 was charged ¥40.00 while its
// order detail, item row, list and export showed ¥55.00 (the certificate fee snapshot of an item
// with no certificate). Every fee an order shows is what the ledger charged (migration 125).

let t: TestApp;
let ids: DemoIds;
type Who = ReturnType<typeof caller>;
let wh: Who;
let merchant: Who;
let centre: Who;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(db());
  wh = caller(t, await t.login('qualityInspection', '13900000001'));
  merchant = caller(t, await t.login('trader', '13800000001'));
  centre = caller(t, await t.login('base', '13700000001'));
  // enough balance for every run of the property (a refused charge is another test's subject)
  await db().execute(sql`update merchants set credit_limit = 100000000 where id = ${ids.cuiyu}`);
});
afterAll(async () => t.close());

type Result = 'pass' | 'fail' | 'unable';
let keySeq = 0;
const fields = (item_id: string, result: Result) => ({
  item_id,
  mass: 3.5,
  shape: '椭圆形',
  colour: '红色',
  purity: '足金999',
  conclusion: result === 'pass' ? '红宝石' : result === 'fail' ? '合成红宝石' : '无法检测',
  result,
});

/** What the ledger charged for each item (fen, positive): charges and their reversals. */
async function chargedPerItem(orderId: number): Promise<Map<string, { inspection: number; certificate: number }>> {
  const rows = await all<{ item_id: string; kind: string; amount: number }>(
    db(),
    sql`select e.item_id::text, coalesce(r.type, e.type) as kind, (-sum(e.amount))::int as amount
        from ledger_entries e left join ledger_entries r on r.id = e.reverses_id
        where e.order_id = ${orderId} and e.item_id is not null and e.type in ('INSPECTION', 'CERTIFICATE', 'REVERSAL')
        group by 1, 2`,
  );
  const m = new Map<string, { inspection: number; certificate: number }>();
  for (const r of rows) {
    const x = m.get(r.item_id) ?? { inspection: 0, certificate: 0 };
    if (r.kind === 'INSPECTION') x.inspection += r.amount;
    if (r.kind === 'CERTIFICATE') x.certificate += r.amount;
    m.set(r.item_id, x);
  }
  return m;
}

/** The 检测费用（元） of one order in an export, in fen. */
async function exportedFee(who: Who, endpoint: typeof ordersApi.merchant.export, orderNo: string): Promise<number> {
  const res = await who.raw(endpoint, { order_no: orderNo });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const col = header.indexOf('检测费用（元）');
  expect(col).toBeGreaterThan(0);
  const rows: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1 && String(row.getCell(header.indexOf('订单号')).value) === orderNo) rows.push(Math.round(Number(row.getCell(col).value) * 100));
  });
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Every figure the order shows, against the ledger. */
async function expectShownIsCharged(orderId: number, orderNo: string) {
  const charged = await chargedPerItem(orderId);
  const total = [...charged.values()].reduce((n, c) => n + c.inspection + c.certificate, 0);
  for (const who of [merchant, centre]) {
    const detail = await who.call(who === merchant ? ordersApi.merchant.detail : ordersApi.center.detail, { id: orderId });
    expect(detail.code).toBe(1000);
    expect(detail.data.order.fee_total).toBe(total);
    for (const item of detail.data.items) {
      const c = charged.get(item.id) ?? { inspection: null, certificate: null }; // never charged: no figure (—)
      expect({ inspection: item.inspection_fee, certificate: item.certificate_fee }).toEqual(c);
    }
  }
  const list = await merchant.call(ordersApi.merchant.list, { order_no: orderNo });
  expect(list.data.list.map((r) => r.fee_total)).toEqual([total]);
  const centreList = await centre.call(ordersApi.center.list, { order_no: orderNo });
  expect(centreList.data.list.map((r) => r.fee_total)).toEqual([total]);
  expect(await exportedFee(merchant, ordersApi.merchant.export, orderNo)).toBe(total);
  return total;
}

const categoryOf = async (code: string) => (await one<{ id: number }>(db(), sql`select id::int from gem_categories where code = ${code}`)).id;
const ruleOf = async (categoryId: number) =>
  one<{ i: number; c: number }>(
    db(),
    sql`select inspection_fee::int as i, certificate_fee::int as c from fee_rules
        where centre_id = ${ids.gz} and category_id = ${categoryId} and (merchant_id = ${ids.cuiyu} or merchant_id is null)
        order by merchant_id is null limit 1`,
  );

async function orderWith(categoryIds: number[]) {
  const orderId = await orderIn(db(), ids, 'received', { items: categoryIds.map((categoryId, i) => ({ name: `费用物品${i + 1}`, categoryId, weight: 2 + i, declaredValue: 50000 })) });
  const items = await all<{ id: string }>(db(), sql`select id::text from order_items where order_id = ${orderId} order by id`);
  const { order_no } = await one<{ order_no: string }>(db(), sql`select order_no from testing_orders where id = ${orderId}`);
  return { orderId, orderNo: order_no, itemIds: items.map((i) => i.id) };
}

describe('one money figure: every fee an order shows is what the ledger charged', () => {
  it('a 彩色宝石 item inspected 不合格 shows ¥40.00 (no certificate fee) in the detail, its item row, both lists and the export', async () => {
    const csbs = await categoryOf('CSBS');
    const rule = await ruleOf(csbs);
    expect(rule).toEqual({ i: 4000, c: 1500 });
    const { orderId, orderNo, itemIds } = await orderWith([csbs]);
    const saved = await wh.call(inspectionApi.submit, fields(itemIds[0]!, 'fail'));
    expect(saved.code).toBe(1000);
    expect(await expectShownIsCharged(orderId, orderNo)).toBe(4000);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.items[0]).toMatchObject({ inspection_fee: 4000, certificate_fee: 0 });
  });

  it('an item not inspected yet shows no fee (—), and its order 0', async () => {
    const { orderId, orderNo } = await orderWith([ids.jade]);
    expect(await expectShownIsCharged(orderId, orderNo)).toBe(0);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.items[0]).toMatchObject({ inspection_fee: null, certificate_fee: null });
  });

  it('property: over item kinds, results and amendments, shown = charged (detail, item rows, lists, export)', async () => {
    const codes = (await all<{ code: string }>(db(), sql`select code from gem_categories order by id`)).map((c) => c.code);
    const result = fc.constantFrom<Result>('pass', 'fail', 'unable');
    const item = fc.record({ code: fc.constantFrom(...codes), first: result, amendments: fc.array(result, { maxLength: 2 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 2 }), async (plan) => {
        const categoryIds = await Promise.all(plan.map((p) => categoryOf(p.code)));
        const { orderId, orderNo, itemIds } = await orderWith(categoryIds);
        for (const [i, p] of plan.entries()) {
          const r = await wh.call(inspectionApi.submit, fields(itemIds[i]!, p.first));
          expect(r.code, r.msg).toBe(1000);
        }
        for (const [i, p] of plan.entries()) {
          for (const to of p.amendments) {
            const r = await wh.call(inspectionApi.amend, { ...fields(itemIds[i]!, to), reason: '复检后改判', idempotency_key: `fees-shown-${++keySeq}` });
            expect(r.code, r.msg).toBe(1000);
          }
        }
        await expectShownIsCharged(orderId, orderNo);
        // and what was charged is the rule of the final result: the inspection fee, + the certificate fee for a pass
        const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
        for (const [i, p] of plan.entries()) {
          const final = p.amendments.at(-1) ?? p.first;
          const rule = await ruleOf(categoryIds[i]!);
          expect(detail.data.items[i]).toMatchObject({ inspection_fee: rule.i, certificate_fee: final === 'pass' ? rule.c : 0 });
        }
      }),
      { numRuns: 12 },
    );
  });
});
