import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayStart, feesApi, ordersApi, reportsApi, type DailyReportDay } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { topUp } from '../fees/ledger';
import { foldLedgerDaySums } from '../fees/testkit';
import { all, compactOrderCounts, demoIds } from '../orders/testkit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

describe('GET /center/v1/Report/daily', () => {
  it("counts only the caller centre's orders; both centres add up to all orders", async () => {
    const gz = await caller(t, await t.login('base', '13700000001')).call(reportsApi.centerDaily, { start: day(-31), end: day(0) });
    const sz = await caller(t, await t.login('base', '13700000009')).call(reportsApi.centerDaily, { start: day(-31), end: day(0) });
    expect(gz.code).toBe(1000);
    expect(gz.data.totals.created + sz.data.totals.created).toBe(230);
    expect(gz.data.totals.created).toBeGreaterThan(sz.data.totals.created);
    expect(gz.data.totals.fee_total).toBeGreaterThan(0);
    expect(gz.data.totals.top_up).toBe(0);
    expect((await cuiyu.call(reportsApi.centerDaily, { start: day(-1), end: day(0) })).code).toBe(403);
  });
});

describe('GET /merchant/v1/Report/daily', () => {
  it('gives one row per day with orders by state and fees, totals over the range', async () => {
    const a = await cuiyu.call(reportsApi.merchantDaily, { start: day(-31), end: day(0) });
    expect(a.code).toBe(1000);
    expect(a.data.days).toHaveLength(32);
    expect(a.data.days[0]!.date).toBe(day(-31));
    expect(a.data.days.at(-1)!.date).toBe(day(0));
    expect(a.data.totals.created).toBe(200);
    expect(a.data.totals.intercepted).toBe(2);
    expect(a.data.totals.by_status.completed).toBe(65);
    const ledger = await cuiyu.call(feesApi.ledger, {});
    const charged = ledger.data.totals.filter((x) => ['INSPECTION', 'CERTIFICATE', 'REVERSAL'].includes(x.type)).reduce((s, x) => s - x.amount, 0);
    expect(a.data.totals.fee_total).toBe(charged);
    expect(a.data.totals.inspection_fee).toBe(-ledger.data.totals.find((x) => x.type === 'INSPECTION')!.amount);
  });

  it('refuses more than 92 days and an inverted range', async () => {
    expect((await cuiyu.call(reportsApi.merchantDaily, { start: day(-100), end: day(0) })).msg).toBe('日报表最多查询92天');
    expect((await cuiyu.call(reportsApi.merchantDaily, { start: day(0), end: day(-1) })).msg).toBe('开始日期不能晚于结束日期');
    expect((await cuiyu.call(reportsApi.merchantDaily, { start: day(0) })).code).toBe(1001);
  });
});

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
const yuan = (fen: number) => Math.round(fen) / 100;

describe('GET /merchant/v1/Report/dailyExport', () => {
  it('answers an xlsx of the page’s table: a row per day, newest first, and the 合计 row equal to the report’s totals', async () => {
    const q = { start: day(-31), end: day(0) };
    const res = await cuiyu.raw(reportsApi.merchantDailyExport, q);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`日报表-${q.start.replace(/-/g, '')}至${q.end.replace(/-/g, '')}-`));
    const ws = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(['日期', '新建', '已入仓', '检测合格', '检测不合格', '发货', '已拦截', '已取消', '检测费（元）', '证书费（元）', '费用合计（元）', '充值（元）']);
    const report = (await cuiyu.call(reportsApi.merchantDaily, q)).data;
    expect(ws.actualRowCount).toBe(1 + 32 + 1);
    expect(ws.getRow(2).getCell(1).value).toBe(day(0));
    expect(ws.getRow(33).getCell(1).value).toBe(day(-31));
    const busiest = report.days.reduce((a, b) => (b.created > a.created ? b : a));
    const row = Array.from({ length: 32 }, (_, k) => rowValues(ws, k + 2)).find((r) => r[0] === busiest.date)!;
    expect(row).toEqual([busiest.date, busiest.created, busiest.received, busiest.passed, busiest.failed, busiest.shipped, busiest.intercepted, busiest.cancelled, yuan(busiest.inspection_fee), yuan(busiest.certificate_fee), yuan(busiest.fee_total), yuan(busiest.top_up)]);
    const tt = report.totals;
    expect(rowValues(ws, 34)).toEqual(['合计', 200, tt.received, tt.passed, tt.failed, tt.shipped, 2, tt.cancelled, yuan(tt.inspection_fee), yuan(tt.certificate_fee), yuan(tt.fee_total), yuan(tt.top_up)]);
  });

  it('counts only the caller’s orders: another merchant’s file has its own totals', async () => {
    const q = { start: day(-31), end: day(0) };
    const jinfu = caller(t, await t.login('trader', '13800000002'));
    const ws = await sheetOf(await jinfu.raw(reportsApi.merchantDailyExport, q));
    const theirs = (await jinfu.call(reportsApi.merchantDaily, q)).data.totals;
    expect(ws.getRow(34).getCell(1).value).toBe('合计');
    expect(ws.getRow(34).getCell(2).value).toBe(theirs.created);
    expect(theirs.created).not.toBe(200);
  });

  it('refuses a bad range with 1001 and a sentence (no file), and a centre account with 403', async () => {
    const long = await cuiyu.raw(reportsApi.merchantDailyExport, { start: day(-100), end: day(0) });
    expect(long.headers['content-type']).toContain('application/json');
    expect(long.json()).toMatchObject({ code: 1001, msg: '日报表最多查询92天' });
    expect((await cuiyu.raw(reportsApi.merchantDailyExport, { start: day(0), end: day(-1) })).json()).toMatchObject({ code: 1001, msg: '开始日期不能晚于结束日期' });
    expect((await cuiyu.raw(reportsApi.merchantDailyExport, { start: 'yesterday', end: day(0) })).json()).toMatchObject({ code: 1001 });
    expect((await cuiyu.raw(reportsApi.merchantDailyExport, { end: day(0) })).json()).toMatchObject({ code: 1001 });
    const gz = caller(t, await t.login('base', '13700000001'));
    expect((await gz.raw(reportsApi.merchantDailyExport, { start: day(-1), end: day(0) })).json()).toMatchObject({ code: 403 });
  });
});

describe('GET /center/v1/Report/dailyExport', () => {
  it('answers the centre’s own report as an xlsx (no top-up column); the other centre’s file has its own totals', async () => {
    const q = { start: day(-31), end: day(0) };
    const gz = caller(t, await t.login('base', '13700000001'));
    const sz = caller(t, await t.login('base', '13700000009'));
    const gzSheet = await sheetOf(await gz.raw(reportsApi.centerDailyExport, q));
    expect(rowValues(gzSheet, 1)).toEqual(['日期', '新建', '入仓', '合格', '不合格', '发货', '拦截', '取消', '检测费（元）', '证书费（元）', '费用合计（元）']);
    const gzTotals = (await gz.call(reportsApi.centerDaily, q)).data.totals;
    const szTotals = (await sz.call(reportsApi.centerDaily, q)).data.totals;
    expect(gzSheet.actualRowCount).toBe(34);
    expect(rowValues(gzSheet, 34)).toEqual(['合计', gzTotals.created, gzTotals.received, gzTotals.passed, gzTotals.failed, gzTotals.shipped, gzTotals.intercepted, gzTotals.cancelled, yuan(gzTotals.inspection_fee), yuan(gzTotals.certificate_fee), yuan(gzTotals.fee_total)]);
    const szSheet = await sheetOf(await sz.raw(reportsApi.centerDailyExport, q));
    expect(szSheet.getRow(34).getCell(2).value).toBe(szTotals.created);
    expect(szTotals.created).not.toBe(gzTotals.created);
    expect((await gz.raw(reportsApi.centerDailyExport, { start: day(-100), end: day(0) })).json()).toMatchObject({ code: 1001, msg: '日报表最多查询92天' });
    expect((await cuiyu.raw(reportsApi.centerDailyExport, q)).json()).toMatchObject({ code: 403 });
  });
});

describe('the daily reports’ figures', () => {
  interface DayFigure {
    day: string;
    key: string;
    n: number;
  }
  const sorted = (rows: DayFigure[]) => [...rows].sort((a, b) => `${a.day} ${a.key}`.localeCompare(`${b.day} ${b.key}`));
  /** The report's days as (day, state → orders) and (day, fee → fen) rows, leaving out zeros. */
  const ofReport = (days: DailyReportDay[]) => ({
    states: sorted(days.flatMap((d) => Object.entries(d.by_status).map(([key, n]) => ({ day: d.date, key, n })))),
    fees: sorted(
      days.flatMap((d) =>
        (['inspection_fee', 'certificate_fee', 'fee_total', 'top_up'] as const).filter((k) => d[k] !== 0).map((key) => ({ day: d.date, key, n: d[key] })),
      ),
    ),
  });
  /** The ground truth: the tenant's order events and ledger entries in the range, counted and summed one by one. */
  const direct = async (tenant: { merchantId: number } | { centreId: number }, q: { start: string; end: string }) => {
    const [from, to] = [chinaDayStart(q.start).toISOString(), new Date(chinaDayStart(q.end).getTime() + 86_400_000).toISOString()];
    const whose = (t: 'o' | 'l') => ('merchantId' in tenant ? sql`${sql.raw(t)}.merchant_id = ${tenant.merchantId}` : sql`${sql.raw(t)}.centre_id = ${tenant.centreId}`);
    const states = await all<DayFigure>(
      t.database.db,
      sql`select to_char(e.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, e.to_status as key, count(*)::int as n
          from order_events e join testing_orders o on o.id = e.order_id
          where ${whose('o')} and e.created_at >= ${from} and e.created_at < ${to}
          group by 1, 2`,
    );
    const fees = await all<DayFigure>(
      t.database.db,
      sql`select day, key, n::int as n from (
            select to_char(l.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
              -sum(l.amount) filter (where l.type = 'INSPECTION') as inspection_fee,
              -sum(l.amount) filter (where l.type = 'CERTIFICATE') as certificate_fee,
              -sum(l.amount) filter (where l.type in ('INSPECTION', 'CERTIFICATE', 'REVERSAL')) as fee_total,
              sum(l.amount) filter (where l.type = 'TOP_UP') as top_up
            from ledger_entries l where ${whose('l')} and l.created_at >= ${from} and l.created_at < ${to} group by 1
          ) d cross join lateral (values ('inspection_fee', inspection_fee), ('certificate_fee', certificate_fee), ('fee_total', fee_total), ('top_up', top_up)) v(key, n)
          where n is not null and n <> 0`,
    );
    return { states: sorted(states), fees: sorted(fees) };
  };

  it('equal a direct count of the order events and a direct sum of the ledger entries of the caller’s orders, with changes not yet folded into the kept figures and after they are', async () => {
    const db = t.database.db;
    const ids = await demoIds(db);
    const gz = caller(t, await t.login('base', '13700000001'));
    const q = { start: day(-31), end: day(0) };
    const same = async () => {
      const [mine, centre] = [(await cuiyu.call(reportsApi.merchantDaily, q)).data, (await gz.call(reportsApi.centerDaily, q)).data];
      const [mineDirect, centreDirect] = [await direct({ merchantId: ids.cuiyu }, q), await direct({ centreId: ids.gz }, q)];
      expect(ofReport(mine.days)).toEqual(mineDirect);
      expect(ofReport(centre.days).states).toEqual(centreDirect.states);
      // the centre's report has no top-ups (they are booked at no centre)
      expect(ofReport(centre.days).fees).toEqual(centreDirect.fees.filter((f) => f.key !== 'top_up'));
      return mine;
    };
    expect((await same()).totals.created).toBe(200);
    // today: an order created and cancelled, a top-up: not folded yet
    const created = await cuiyu.call(ordersApi.merchant.create, {
      centre_id: String(ids.gz),
      buyer_name: '报表买家',
      buyer_phone: '13912340000',
      buyer_address: '广东省广州市番禺区市桥街道报表路1号',
      items: [{ name: '翡翠手镯', category_id: String(ids.jade), weight: 12.5, declared_value: 150_000 }],
    });
    expect(created.code).toBe(1000);
    expect((await cuiyu.call(ordersApi.merchant.cancel, { id: created.data.id, reason: '买家不要了' })).code).toBe(1000);
    await topUp(db, { merchantId: ids.cuiyu, amount: 12_345, key: 'report-exact' });
    const today = (await same()).days.at(-1)!;
    expect(today.by_status.cancelled).toBeGreaterThanOrEqual(1);
    expect(today.top_up).toBeGreaterThanOrEqual(12_345);
    expect(await compactOrderCounts(db)).toBeGreaterThan(0);
    expect(await foldLedgerDaySums(db)).toBeGreaterThan(0);
    expect((await same()).totals.created).toBe(201);
  });
});
