import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { charge, reverse, topUp } from '../fees/ledger';

let t: TestApp;
let wh: ReturnType<typeof caller>;
let sub: ReturnType<typeof caller>;
let szsb: ReturnType<typeof caller>;
let trader: ReturnType<typeof caller>;
let merchantId: number;
let centreId: number;
let certificateEntryId: number;

/** A China-time wall clock reading as an instant. */
const cn = (s: string) => new Date(`${s}+08:00`);

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  const r = (await t.database.db.execute(q)) as unknown as { rows: T[] };
  return r.rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  wh = caller(t, await t.login('qualityInspection', '13900000001'));
  sub = caller(t, await t.login('qualityInspection', '13900000002'));
  szsb = caller(t, await t.login('qualityInspection', '13900000009'));
  trader = caller(t, await t.login('trader', '13800000001'));
  // 新商户 (GZPY by default): no demo ledger, so its statements hold only the entries below
  merchantId = Number((await one<{ id: string }>(sql`select id from merchants where mobile = '13800000003'`)).id);
  centreId = Number((await one<{ centre_id: string }>(sql`select centre_id from accounts where mobile = '13900000001' and user_type = 'qualityInspection'`)).centre_id);
  const db = t.database.db;
  const fee = (itemId: number, type: 'INSPECTION' | 'CERTIFICATE', amount: number, at: string) =>
    charge(db, { merchantId, centreId, orderId: 990_000 + itemId, itemId: 990_000 + itemId, type, amount, now: cn(at) });
  await topUp(db, { merchantId, amount: 100_000, key: 'stmt-test', now: cn('2025-02-01T09:00:00') });
  await fee(1, 'INSPECTION', 3000, '2025-02-28T23:59:59'); // February in China (UTC: Feb 28)
  await fee(2, 'INSPECTION', 3000, '2025-03-01T00:05:00'); // March in China, still February in UTC
  certificateEntryId = (await fee(2, 'CERTIFICATE', 1000, '2025-03-15T10:00:00')).entry.id;
  const wrong = await fee(3, 'INSPECTION', 2500, '2025-03-20T11:00:00');
  await reverse(db, { entryId: wrong.entry.id, note: '重复计费', now: cn('2025-03-20T15:00:00') });
  await fee(4, 'INSPECTION', 2000, '2025-03-31T23:59:00'); // the last minute of March in China
  await fee(5, 'INSPECTION', 4000, '2025-04-01T00:00:30'); // April in China, March 31 in UTC
});
afterAll(async () => t.close());

describe('GET /warehouse/v1/Finance/statementList', () => {
  it('sums the month’s entries by type, with Asia/Shanghai month boundaries, a reversal as a negative charge and the net', async () => {
    const a = await wh.call(statementsApi.list, { month: '2025-03', merchant_id: merchantId });
    expect(a.code).toBe(1000);
    expect(a.data.period).toEqual({ month: '2025-03', start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(a.data.total).toBe(1);
    const row = a.data.list[0]!;
    expect(row).toMatchObject({ merchant_id: String(merchantId), merchant_name: '新商户', status: 'draft', status_text: '待确认', entry_count: 5, item_count: 3, net_amount: 6000, confirmed: null, difference: null });
    expect(row.totals).toEqual([
      { type: 'INSPECTION', type_text: '检测费', count: 3, amount: 7500 },
      { type: 'CERTIFICATE', type_text: '证书费', count: 1, amount: 1000 },
      { type: 'REVERSAL', type_text: '冲正', count: 1, amount: -2500 },
      { type: 'ADJUSTMENT', type_text: '调整', count: 0, amount: 0 },
    ]);
    expect(a.data.summary).toMatchObject({ merchant_count: 1, entry_count: 5, net_amount: 6000, confirmed_count: 0 });
    expect(a.data.days).toHaveLength(31);
    expect(a.data.days[0]).toEqual({ date: '2025-03-01', inspection: 3000, certificate: 0, reversal: 0, adjustment: 0, net: 3000 });
    expect(a.data.days.find((d) => d.date === '2025-03-20')).toMatchObject({ inspection: 2500, reversal: -2500, net: 0 });
    expect(a.data.days[30]).toMatchObject({ date: '2025-03-31', inspection: 2000 });
    expect(a.data.days.reduce((s, d) => s + d.net, 0)).toBe(6000);

    const feb = await wh.call(statementsApi.list, { month: '2025-02', merchant_id: merchantId });
    expect(feb.data.list[0]).toMatchObject({ net_amount: 3000, entry_count: 1 }); // the top-up is not a centre charge
    const apr = await wh.call(statementsApi.list, { month: '2025-04', merchant_id: merchantId });
    expect(apr.data.list[0]).toMatchObject({ net_amount: 4000, entry_count: 1 });
  });

  it('takes a date range of China days instead of a month (no status: statements are confirmed per month)', async () => {
    const a = await wh.call(statementsApi.list, { start_date: '2025-03-31', end_date: '2025-04-01', merchant_id: merchantId });
    expect(a.data.period).toEqual({ month: null, start_date: '2025-03-31', end_date: '2025-04-01' });
    expect(a.data.list[0]).toMatchObject({ status: null, net_amount: 6000, entry_count: 2 });
    expect(a.data.days.map((d) => d.date)).toEqual(['2025-03-31', '2025-04-01']);
  });

  it('defaults to the current month and lists every merchant with charges there; the summary adds up the rows', async () => {
    const a = await wh.call(statementsApi.list, { page_size: 100 });
    expect(a.code).toBe(1000);
    const cnMonth = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    expect(a.data.period.month).toBe(cnMonth);
    // the chart stops at today (China time): no flat line over days still to come
    const today = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(a.data.days.at(-1)!.date).toBe(today);
    expect(a.data.days[0]!.date).toBe(`${cnMonth}-01`);
    expect(a.data.list.length).toBe(a.data.total);
    expect(a.data.list.reduce((s, r) => s + r.net_amount, 0)).toBe(a.data.summary.net_amount);
    expect(a.data.list.reduce((s, r) => s + r.entry_count, 0)).toBe(a.data.summary.entry_count);
    for (const r of a.data.list) expect(r.totals.reduce((s, x) => s + x.amount, 0)).toBe(r.net_amount);
    const page = await wh.call(statementsApi.list, { page: 2, page_size: 1 });
    expect(page.data.list.length).toBe(Math.min(1, Math.max(0, a.data.total - 1)));
  });
});

describe('GET /warehouse/v1/Finance/statementDetail', () => {
  it('pages the entries behind one merchant’s statement oldest first, with the statement', async () => {
    const a = await wh.call(statementsApi.detail, { merchant_id: merchantId, month: '2025-03', page_size: 2 });
    expect(a.code).toBe(1000);
    expect(a.data.total).toBe(5);
    expect(a.data.list.map((e) => e.type)).toEqual(['INSPECTION', 'CERTIFICATE']);
    expect(a.data.list[0]).toMatchObject({ amount: -3000, created_at: cn('2025-03-01T00:05:00').toISOString() });
    expect(a.data.statement).toMatchObject({ net_amount: 6000, entry_count: 5 });
    const rev = await wh.call(statementsApi.detail, { merchant_id: merchantId, month: '2025-03', type: 'REVERSAL' });
    expect(rev.data.list).toHaveLength(1);
    expect(rev.data.list[0]).toMatchObject({ type: 'REVERSAL', amount: 2500, note: '重复计费' });
  });
});

describe('POST /warehouse/v1/Finance/statementConfirm', () => {
  it('stores the totals; confirming again is harmless; a later reversal shows as a difference, not a silent change', async () => {
    const first = await wh.call(statementsApi.confirm, { merchant_id: String(merchantId), month: '2025-03' });
    expect(first.code).toBe(1000);
    expect(first.data).toMatchObject({ status: 'confirmed', status_text: '已确认', net_amount: 6000, difference: 0 });
    expect(first.data.confirmed).toMatchObject({ net_amount: 6000, entry_count: 5, item_count: 3, confirmed_by_name: expect.any(String) });
    t.clock.advanceSeconds(60);
    const again = await wh.call(statementsApi.confirm, { merchant_id: merchantId, month: '2025-03' });
    expect(again.code).toBe(1000);
    expect(again.data.confirmed).toEqual(first.data.confirmed);
    const n = await one<{ n: number }>(sql`select count(*)::int as n from statements where merchant_id = ${merchantId}`);
    expect(n.n).toBe(1);

    // the certificate fee of March is reversed afterwards, booked in March
    await reverse(t.database.db, { entryId: certificateEntryId, note: '证书费退回', now: cn('2025-03-31T20:00:00') });
    const after = await wh.call(statementsApi.list, { month: '2025-03', merchant_id: merchantId });
    expect(after.data.list[0]).toMatchObject({ status: 'confirmed', net_amount: 5000, entry_count: 6, difference: -1000 });
    expect(after.data.list[0]!.confirmed).toMatchObject({ net_amount: 6000, entry_count: 5 });
    expect(after.data.list[0]!.confirmed!.totals.find((x) => x.type === 'REVERSAL')).toMatchObject({ count: 1, amount: -2500 });
    expect(after.data.summary.confirmed_count).toBe(1);

    expect((await wh.call(statementsApi.list, { month: '2025-03', status: 'confirmed' })).data.list.map((r) => r.merchant_id)).toEqual([String(merchantId)]);
    expect((await wh.call(statementsApi.list, { month: '2025-03', status: 'draft', merchant_id: merchantId })).data.total).toBe(0);
    expect((await wh.call(statementsApi.list, { month: '2025-04', status: 'draft', merchant_id: merchantId })).data.total).toBe(1);
  });

  it('refuses a month not started yet and a month without charges (1001)', async () => {
    const future = await wh.call(statementsApi.confirm, { merchant_id: merchantId, month: '2099-01' });
    expect(future).toMatchObject({ code: 1001, msg: '2099-01 尚未开始，不能确认该月账单' });
    const empty = await wh.call(statementsApi.confirm, { merchant_id: merchantId, month: '2024-01' });
    expect(empty.code).toBe(1001);
    expect(empty.msg).toContain('没有费用记录');
  });
});

describe('permissions, tenancy and validation', () => {
  it('answers 1003 to a sub-account without the finance permissions and 403 to another portal', async () => {
    expect((await sub.call(statementsApi.list, {})).code).toBe(1003);
    expect((await sub.call(statementsApi.detail, { merchant_id: merchantId })).code).toBe(1003);
    expect((await sub.call(statementsApi.confirm, { merchant_id: merchantId, month: '2025-03' })).code).toBe(1003);
    expect((await sub.raw(statementsApi.export, {})).json().code).toBe(1003);
    expect((await trader.call(statementsApi.list, {})).code).toBe(403);
  });

  it('answers 1004 for a merchant of another centre, and another centre sees none of these entries', async () => {
    expect((await szsb.call(statementsApi.detail, { merchant_id: merchantId, month: '2025-03' })).code).toBe(1004);
    expect((await szsb.call(statementsApi.list, { merchant_id: merchantId })).code).toBe(1004);
    expect((await szsb.call(statementsApi.confirm, { merchant_id: merchantId, month: '2025-03' })).code).toBe(1004);
    expect((await szsb.raw(statementsApi.detailExport, { merchant_id: merchantId })).json().code).toBe(1004);
    expect((await szsb.call(statementsApi.list, { month: '2025-03' })).data.total).toBe(0);
    expect((await wh.call(statementsApi.detail, { merchant_id: '999999' })).code).toBe(1004);
    const options = await szsb.call(statementsApi.merchants);
    expect(options.data.map((o) => o.label)).not.toContain('新商户');
    expect((await wh.call(statementsApi.merchants)).data.map((o) => o.label)).toContain('新商户');
  });

  it('answers 1001 with a sentence for a bad month, a mixed or half period, a status with a range and a bad merchant', async () => {
    const msg = async (q: Record<string, unknown>) => {
      const a = await wh.call(statementsApi.list, q);
      expect(a.code).toBe(1001);
      return a.msg;
    };
    expect(await msg({ month: '2025-13' })).toBe('月份格式应为YYYY-MM');
    expect(await msg({ month: '2025-03', start_date: '2025-03-01', end_date: '2025-03-02' })).toBe('请选择月份或日期范围中的一种');
    expect(await msg({ start_date: '2025-03-01' })).toBe('请选择完整的开始日期和结束日期');
    expect(await msg({ start_date: '2025-03-02', end_date: '2025-03-01' })).toBe('开始日期不能晚于结束日期');
    expect(await msg({ start_date: '2024-01-01', end_date: '2025-03-01' })).toBe('日期范围最多366天');
    expect(await msg({ start_date: '2025-03-01', end_date: '2025-03-02', status: 'draft' })).toBe('账单状态按月确认，按状态筛选时请选择月份');
    expect(await msg({ status: 'paid' })).toBe('账单状态不正确');
    expect(await msg({ merchant_id: 'abc' })).toBe('编号格式不正确');
    expect((await wh.call(statementsApi.detail, {})).msg).toBe('请选择商家');
    expect((await wh.call(statementsApi.confirm, { merchant_id: merchantId })).msg).toBe('请选择要确认的月份');
    expect((await wh.call(statementsApi.confirm, { merchant_id: merchantId, month: '2025/03' })).msg).toBe('月份格式应为YYYY-MM');
  });
});

describe('Excel exports', () => {
  async function sheet(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it('exports the list with the sums per type in yuan, the status and the difference', async () => {
    const ws = await sheet(await wh.raw(statementsApi.export, { month: '2025-03', merchant_id: merchantId }));
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('应收合计（元）');
    expect(ws.actualRowCount).toBe(2);
    const cell = (name: string) => ws.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('商家')).toBe('新商户');
    expect(cell('账期')).toBe('2025-03');
    expect(cell('检测费（元）')).toBe(75);
    expect(cell('冲正（元）')).toBe(-35);
    expect(cell('应收合计（元）')).toBe(50);
    expect(cell('状态')).toBe('已确认');
    expect(cell('确认后差额（元）')).toBe(-10);
  });

  it('exports one merchant’s entries (a row each, amounts as charged)', async () => {
    const ws = await sheet(await wh.raw(statementsApi.detailExport, { merchant_id: merchantId, month: '2025-03' }));
    expect(ws.actualRowCount).toBe(7);
    expect(ws.getRow(1).getCell(3).value).toBe('应收金额（元）');
    expect(ws.getRow(2).getCell(3).value).toBe(30);
  });
});

describe('OpenAPI', () => {
  it('documents the statement endpoints with their query fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/warehouse/v1/Finance/statementList', '/api/warehouse/v1/Finance/statementConfirm', '/api/warehouse/v1/Finance/statementExport']));
    const names = doc.paths['/api/warehouse/v1/Finance/statementList']!.get!.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['month', 'start_date', 'end_date', 'merchant_id', 'status', 'page', 'page_size']));
  });
});
