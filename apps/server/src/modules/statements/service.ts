import { chinaDay, chinaDayStart } from '@gemqc/contract';
import {
  ledgerTypeLabel,
  statementStatusLabel,
  type DataOf,
  type StatementRow,
  type StatementStatus,
  type StatementTotal,
  type StatementType,
  type SortKeyOf,
  type statementDetailSort,
  type statementListSort,
  type statementsApi,
} from '@gemqc/contract';
import type { Db } from '../../db/client';
import type { StatementSnapshotTotal } from '../../db/schema';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { ListSortQuery } from '../../platform/listSort';
import { centreMerchants, findCentreMerchant } from '../feeRules/service';
import { ledgerRowView, type LedgerRowView } from '../fees/service';
import { dayRange, iso } from '../../platform/format';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

type ListData = DataOf<typeof statementsApi.list>;
type DetailData = DataOf<typeof statementsApi.detail>;

export interface PeriodQuery {
  month?: string;
  start_date?: string;
  end_date?: string;
}

export interface Period {
  month: string | null;
  from: Date;
  to: Date;
  startDate: string;
  endDate: string;
}

/** YYYY-MM of a time in China. */
export const chinaMonth = (d: Date): string => chinaDay(d).slice(0, 7);

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A month (default: the current one in China time) or an inclusive range of China-time days. */
export function periodOf(q: PeriodQuery, now: Date): Period {
  if (q.start_date && q.end_date) {
    const { from, to } = dayRange(q.start_date, q.end_date);
    return { month: null, from: from!, to: to!, startDate: q.start_date, endDate: q.end_date };
  }
  const month = q.month ?? chinaMonth(now);
  const from = chinaDayStart(`${month}-01`);
  const to = chinaDayStart(`${nextMonth(month)}-01`);
  return { month, from, to, startDate: `${month}-01`, endDate: chinaDay(new Date(to.getTime() - 1)) };
}

const periodView = (p: Period) => ({ month: p.month, start_date: p.startDate, end_date: p.endDate });

const totalsView = (totals: StatementSnapshotTotal[]): StatementTotal[] =>
  totals.map((t) => ({ type: t.type, type_text: ledgerTypeLabel(t.type), count: t.count, amount: t.amount }));

export function statementRowView(r: repo.StatementListRow, period: Period): StatementRow {
  const s = r.statement;
  const status: StatementStatus | null = period.month === null ? null : s ? 'confirmed' : 'draft';
  return {
    merchant_id: String(r.merchantId),
    merchant_name: r.merchantName,
    status,
    status_text: status ? statementStatusLabel(status) : '',
    totals: totalsView(r.totals),
    entry_count: r.entryCount,
    item_count: r.itemCount,
    net_amount: r.net,
    confirmed: s
      ? {
          entry_count: s.entryCount,
          item_count: s.itemCount,
          net_amount: s.netAmount,
          totals: totalsView(s.totals),
          confirmed_at: iso(s.confirmedAt),
          confirmed_by_name: s.confirmedByName,
        }
      : null,
    difference: s ? r.net - s.netAmount : null,
  };
}

/** The merchant must belong to the caller's centre; another centre's merchant is "not found". */
async function centreMerchant(db: Db, centreId: number, merchantId: number) {
  const m = await findCentreMerchant(db, centreId, merchantId);
  if (!m) throw new NotFoundError('商家不存在');
  return m;
}

interface ListQuery extends PeriodQuery {
  merchant_id?: number;
  status?: StatementStatus;
}

async function listFilter(db: Db, centreId: number, q: ListQuery, now: Date): Promise<{ period: Period; filter: repo.StatementFilter }> {
  const period = periodOf(q, now);
  const merchantId = q.merchant_id;
  if (merchantId !== undefined) await centreMerchant(db, centreId, merchantId);
  return { period, filter: { centreId, from: period.from, to: period.to, month: period.month, merchantId, status: q.status } };
}

/** Every China-time day of the period up to today, fen charged per type (0 on quiet days). */
function dayViews(period: Period, rows: { day: string; type: string; amount: number }[], now: Date): ListData['days'] {
  const byDay = new Map<string, ListData['days'][number]>();
  const end = Math.min(period.to.getTime(), chinaDayStart(chinaDay(now)).getTime() + 86_400_000);
  for (let t = period.from.getTime(); t < end; t += 86_400_000) {
    const date = chinaDay(new Date(t));
    byDay.set(date, { date, inspection: 0, certificate: 0, reversal: 0, adjustment: 0, net: 0 });
  }
  const key: Record<string, 'inspection' | 'certificate' | 'reversal' | 'adjustment'> = { INSPECTION: 'inspection', CERTIFICATE: 'certificate', REVERSAL: 'reversal', ADJUSTMENT: 'adjustment' };
  for (const r of rows) {
    const d = byDay.get(r.day);
    const k = key[r.type];
    if (!d || !k) continue;
    d[k] += r.amount;
    d.net += r.amount;
  }
  return [...byDay.values()];
}

export async function listStatements(
  db: Db,
  centreId: number,
  q: ListQuery & ListSortQuery<SortKeyOf<typeof statementListSort>> & { page: number; page_size: number },
  now: Date,
): Promise<ListData> {
  const { period, filter } = await listFilter(db, centreId, q, now);
  const [rows, summary, days] = await Promise.all([
    repo.statementPage(db, filter, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q),
    repo.statementSummary(db, filter),
    repo.statementDays(db, filter),
  ]);
  return {
    list: rows.map((r) => statementRowView(r, period)),
    total: summary.merchantCount,
    page: q.page,
    page_size: q.page_size,
    period: periodView(period),
    summary: {
      merchant_count: summary.merchantCount,
      entry_count: summary.entryCount,
      item_count: summary.itemCount,
      net_amount: summary.net,
      totals: totalsView(summary.totals),
      confirmed_count: summary.confirmedCount,
    },
    days: dayViews(period, days, now),
  };
}

/** Every merchant row of the filter (the Excel export), page by page. */
export async function* exportStatementRows(db: Db, centreId: number, q: ListQuery, now: Date): AsyncGenerator<StatementRow & { period: string }> {
  const { period, filter } = await listFilter(db, centreId, q, now);
  const label = period.month ?? `${period.startDate} ~ ${period.endDate}`;
  const size = 200;
  for (let offset = 0; ; offset += size) {
    const rows = await repo.statementPage(db, filter, { limit: size, offset });
    for (const r of rows) yield { ...statementRowView(r, period), period: label };
    if (rows.length < size) return;
  }
}

/** One merchant's statement for the period (its sums and confirmation), zero when it has no entries. */
async function merchantStatement(db: Db, filter: repo.StatementFilter & { merchantId: number }, period: Period, merchantName: string): Promise<StatementRow> {
  const [row] = await repo.statementPage(db, { ...filter, type: undefined, status: undefined }, { limit: 1, offset: 0 });
  if (row) return statementRowView(row, period);
  const stored = period.month === null ? undefined : await repo.findStatement(db, filter.centreId, filter.merchantId, period.month);
  const zero = repo.emptyAggregate();
  return statementRowView({ merchantId: filter.merchantId, merchantName, statement: stored ?? null, ...zero }, period);
}

interface DetailQuery extends PeriodQuery {
  merchant_id: number;
  type?: StatementType;
}

async function detailFilter(db: Db, centreId: number, q: DetailQuery, now: Date) {
  const period = periodOf(q, now);
  const merchantId = q.merchant_id;
  const m = await centreMerchant(db, centreId, merchantId);
  const filter = { centreId, from: period.from, to: period.to, month: period.month, merchantId, type: q.type };
  return { period, filter, merchantName: m.name };
}

export async function statementDetail(
  db: Db,
  centreId: number,
  q: DetailQuery & ListSortQuery<SortKeyOf<typeof statementDetailSort>> & { page: number; page_size: number },
  now: Date,
): Promise<DetailData> {
  const { period, filter, merchantName } = await detailFilter(db, centreId, q, now);
  const [entries, statement] = await Promise.all([
    repo.statementEntries(db, filter, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q),
    merchantStatement(db, filter, period, merchantName),
  ]);
  return { list: entries.rows.map(ledgerRowView), total: entries.total, page: q.page, page_size: q.page_size, period: periodView(period), statement };
}

export async function* exportDetailRows(db: Db, centreId: number, q: DetailQuery, now: Date): AsyncGenerator<LedgerRowView> {
  const { filter } = await detailFilter(db, centreId, q, now);
  for (const r of (await repo.statementEntries(db, filter, null)).rows) yield ledgerRowView(r);
}

/** Checks the filters of an export before the file starts (a bad merchant answers 1004, not a broken file). */
export async function checkExport(db: Db, centreId: number, q: PeriodQuery & { merchant_id?: number }, now: Date): Promise<Period> {
  const period = periodOf(q, now);
  if (q.merchant_id !== undefined) await centreMerchant(db, centreId, q.merchant_id);
  return period;
}

/**
 * Confirms a merchant's statement of a month: stores its totals as they are now. Confirming again
 * answers the stored statement unchanged; entries booked into the month later show as a difference.
 */
export async function confirmStatement(
  db: Db,
  c: { centreId: number; merchantId: number; month: string; operator: { id: number; name: string }; now: Date; who?: Who },
): Promise<StatementRow> {
  const m = await centreMerchant(db, c.centreId, c.merchantId);
  if (c.month > chinaMonth(c.now)) throw new BusinessError(`${c.month} 尚未开始，不能确认该月账单`, 'statements.future_month');
  const period = periodOf({ month: c.month }, c.now);
  const filter = { centreId: c.centreId, from: period.from, to: period.to, month: c.month, merchantId: c.merchantId };
  await db.transaction(async (tx) => {
    if (await repo.findStatement(tx, c.centreId, c.merchantId, c.month)) return;
    const [row] = await repo.statementPage(tx, filter, { limit: 1, offset: 0 });
    if (!row || row.entryCount === 0) throw new BusinessError(`商家「${m.name}」${c.month} 在本检测中心没有费用记录，无需确认账单`, 'statements.empty');
    await repo.insertStatement(tx, {
      centreId: c.centreId,
      merchantId: c.merchantId,
      month: c.month,
      entryCount: row.entryCount,
      itemCount: row.itemCount,
      netAmount: row.net,
      totals: row.totals,
      lastEntryId: row.lastEntryId,
      confirmedBy: c.operator.id,
      confirmedByName: c.operator.name,
      confirmedAt: c.now,
    });
    // the centre's log (its two portals) and the platform's; a repeated confirm (returned above) is not recorded
    if (c.who) {
      const object = { id: `${c.merchantId}:${c.month}`, label: `${m.name} · ${c.month}`, centreId: c.centreId };
      await recordChange(tx, { ...c.who, kind: 'statement', action: 'confirm', object, before: null, after: { merchant: m.name, month: c.month, entry_count: row.entryCount, net_amount: Number(row.net) }, now: c.now });
    }
  });
  return merchantStatement(db, filter, period, m.name);
}

/** Options of the merchant filter: merchants of the caller's centre (default centre or orders there). */
export async function merchantOptions(db: Db, centreId: number): Promise<{ value: string; label: string }[]> {
  const rows = await centreMerchants(db, centreId, undefined, 500);
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}
