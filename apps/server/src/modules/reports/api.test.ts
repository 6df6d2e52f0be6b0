import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feesApi, reportsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../orders/apiKit';

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
