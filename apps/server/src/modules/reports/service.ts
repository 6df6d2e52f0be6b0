import { chinaDay, chinaDayStart } from '@gemqc/contract';
import type { DailyReportDay, DataOf, reportsApi } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError } from '../../platform/errors';
import { ledgerPerDay } from '../fees/service';
import { eventsPerDay } from '../orders/service';

export const MAX_DAYS = 92;
type Counts = Omit<DailyReportDay, 'date'>;

const empty = (): Counts => ({ by_status: {}, created: 0, received: 0, shipped: 0, passed: 0, failed: 0, cancelled: 0, intercepted: 0, inspection_fee: 0, certificate_fee: 0, fee_total: 0, top_up: 0 });
const named = ['created', 'received', 'shipped', 'passed', 'failed', 'cancelled', 'intercepted'] as const;

function add(t: Counts, d: Counts) {
  for (const [k, v] of Object.entries(d.by_status)) t.by_status[k] = (t.by_status[k] ?? 0) + v;
  for (const k of named) t[k] += d[k];
  t.inspection_fee += d.inspection_fee;
  t.certificate_fee += d.certificate_fee;
  t.fee_total += d.fee_total;
  t.top_up += d.top_up;
}

/**
 * Per China-time day of [start, end]: how many orders entered each state (order events) and the
 * fees charged (fen, positive; fee_total is net of reversals of charges), for a merchant's orders or
 * a centre's. At most 92 days.
 */
export async function dailyReport(db: Db, scope: { merchantId: number } | { centreId: number }, q: { start: string; end: string }): Promise<DataOf<typeof reportsApi.merchantDaily>> {
  const from = chinaDayStart(q.start);
  const to = new Date(chinaDayStart(q.end).getTime() + 86_400_000);
  const n = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  if (n < 1) throw new BusinessError('开始日期不能晚于结束日期', 'report.range');
  if (n > MAX_DAYS) throw new BusinessError(`日报表最多查询${MAX_DAYS}天`, 'report.too_long');
  const [events, money] = await Promise.all([eventsPerDay(db, scope, from, to), ledgerPerDay(db, scope, from, to)]);
  const days = Array.from({ length: n }, (_, k) => ({ date: chinaDay(from.getTime() + k * 86_400_000), ...empty() }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const e of events) {
    const d = byDate.get(e.day);
    if (!d) continue;
    d.by_status[e.status] = (d.by_status[e.status] ?? 0) + e.n;
    if ((named as readonly string[]).includes(e.status)) d[e.status as (typeof named)[number]] += e.n;
  }
  for (const m of money) {
    const d = byDate.get(m.day);
    if (!d) continue;
    if (m.type === 'INSPECTION') d.inspection_fee += -m.amount;
    else if (m.type === 'CERTIFICATE') d.certificate_fee += -m.amount;
    else if (m.type === 'TOP_UP') d.top_up += m.amount;
    if (m.type === 'INSPECTION' || m.type === 'CERTIFICATE' || m.type === 'REVERSAL') d.fee_total += -m.amount;
  }
  const totals = empty();
  for (const d of days) add(totals, d);
  return { days, totals };
}

/** A row of the report's Excel file: a day, or the totals (date 合计). */
export type DailySheetRow = Omit<DailyReportDay, 'by_status'>;

/** The rows of the report's Excel file as the page's table shows them: newest day first, then the 合计 row. */
export async function* dailySheetRows(report: DataOf<typeof reportsApi.merchantDaily>): AsyncGenerator<DailySheetRow> {
  for (const d of [...report.days].reverse()) yield d;
  yield { ...report.totals, date: '合计' };
}

/** The file name's prefix: 日报表-yyyymmdd至yyyymmdd (the range), the export time follows. */
export const dailyFilePrefix = (q: { start: string; end: string }) => `日报表-${q.start.replace(/-/g, '')}至${q.end.replace(/-/g, '')}`;
