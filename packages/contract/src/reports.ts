import { z } from 'zod';
import { endpoint } from './common';
import { dayString } from './orders';

export const dailyReportQuery = z
  .object({ start: dayString, end: dayString })
  .refine((q) => q.start <= q.end, { error: '开始日期不能晚于结束日期', path: ['end'] })
  .refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 < 92, { error: '日报表最多查询92天', path: ['end'] });

export const dailyReportDay = z.object({
  /** YYYY-MM-DD, China time */
  date: z.string(),
  /** Orders entering each state that day (from the order events), keyed by status. */
  by_status: z.record(z.string(), z.number()),
  created: z.number(),
  received: z.number(),
  shipped: z.number(),
  passed: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  intercepted: z.number(),
  /** Fees charged that day, fen (positive): inspection, certificate, net after reversals. */
  inspection_fee: z.number(),
  certificate_fee: z.number(),
  fee_total: z.number(),
  top_up: z.number(),
});
export type DailyReportDay = z.infer<typeof dailyReportDay>;

export const dailyReportData = z.object({
  days: z.array(dailyReportDay),
  totals: dailyReportDay.omit({ date: true }),
});

export const reportsApi = {
  merchantDaily: endpoint({ method: 'GET', path: '/merchant/v1/Report/daily', summary: 'Per day: orders by state and fees charged (≤ 92 days)', query: dailyReportQuery, data: dailyReportData }),
  /** The same for a service centre: its orders, and the fees charged at it (top_up is 0). */
  centerDaily: endpoint({ method: 'GET', path: '/center/v1/Report/daily', summary: 'Per day: the centre’s orders by state and fees charged at it (≤ 92 days)', query: dailyReportQuery, data: dailyReportData }),
  /** The daily report as an Excel file: a row per day as the page shows it (newest first), then the 合计 row. */
  merchantDailyExport: endpoint({
    method: 'GET',
    path: '/merchant/v1/Report/dailyExport',
    summary: 'The daily report as an Excel file (same range, ≤ 92 days: a row per day, newest first, and a totals row)',
    query: dailyReportQuery,
    data: z.unknown(),
  }),
  centerDailyExport: endpoint({
    method: 'GET',
    path: '/center/v1/Report/dailyExport',
    summary: 'The centre’s daily report as an Excel file (same range, ≤ 92 days: a row per day, newest first, and a totals row)',
    query: dailyReportQuery,
    data: z.unknown(),
  }),
};
