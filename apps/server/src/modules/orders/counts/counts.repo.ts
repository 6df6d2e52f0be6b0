import { isChinaDayStart } from '@gemqc/contract';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@gemqc/contract';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { orderCountDeltas, orderCounts, orderEventCountDeltas, orderEventCounts, orderTotals, testingOrders } from '../../../db/schema';

// Kept order counts: see README.md in this folder for the invariant and how to add a filter.

/** The filters the kept counts answer: every one of them is a column of the count tables. */
export interface CountedFilter {
  merchantId?: number;
  centreId?: number;
  status?: OrderStatus;
  shopId?: number;
  /** Start of a China day (inclusive). */
  from?: Date;
  /** Start of a China day (exclusive). */
  to?: Date;
}

const countedKeys = new Set<string>(['merchantId', 'centreId', 'status', 'shopId', 'from', 'to'] satisfies (keyof CountedFilter)[]);


/**
 * Whether the kept counts answer the total of these set filters exactly: a tenant (merchant or
 * centre), any of status and shop, and a range of whole China days. Any other filter (a new one
 * too) is counted by the list itself, up to its cap.
 */
export function countable(filters: object): boolean {
  if (Object.keys(filters).some((k) => !countedKeys.has(k))) return false;
  const f = filters as CountedFilter;
  if (f.merchantId === undefined && f.centreId === undefined) return false;
  return (!f.from || isChinaDayStart(f.from)) && (!f.to || isChinaDayStart(f.to));
}

/** A filter value in a query: the value itself, or a named placeholder of a prepared statement. */
type Bind = <T>(name: keyof CountedFilter, value: T) => T | Placeholder;
const literal: Bind = (_name, value) => value;

/**
 * The number of orders matching a countable filter, as one SQL expression: the folded counts (in
 * all, or per day for a date range) plus the deltas not yet folded in, summed in one statement.
 */
export function countedTotal(f: CountedFilter, v: Bind = literal): SQL<number> {
  const dated = Boolean(f.from || f.to);
  const where = (t: typeof orderCounts | typeof orderTotals | typeof orderCountDeltas) => {
    const w: SQL[] = [];
    if (f.merchantId !== undefined) w.push(eq(t.merchantId, v('merchantId', f.merchantId)));
    if (f.centreId !== undefined) w.push(eq(t.centreId, v('centreId', f.centreId)));
    if (f.status) w.push(eq(t.status, v('status', f.status)));
    if (f.shopId !== undefined) w.push(eq(t.shopId, v('shopId', f.shopId)));
    if ('day' in t) {
      // the bound is the start of a China day (countable): compare days
      const day = (name: 'from' | 'to', d: Date) => sql`((${sql.param(v(name, d), testingOrders.createdAt)})::timestamptz at time zone 'Asia/Shanghai')::date`;
      if (f.from) w.push(sql`${t.day} >= ${day('from', f.from)}`);
      if (f.to) w.push(sql`${t.day} < ${day('to', f.to)}`);
    }
    return and(...w);
  };
  const folded = dated ? sql`select ${orderCounts.n} as n from ${orderCounts} where ${where(orderCounts)}` : sql`select ${orderTotals.n} as n from ${orderTotals} where ${where(orderTotals)}`;
  return sql<number>`(select coalesce(sum(c.n), 0)::bigint from (${folded} union all select ${orderCountDeltas.n} from ${orderCountDeltas} where ${where(orderCountDeltas)}) c)`.mapWith(Number);
}

/** The kept total of a countable filter (tests and callers outside a list statement). */
export async function countedOrders(db: Db, f: CountedFilter): Promise<number> {
  const [row] = await db.select({ n: countedTotal(f) }).from(sql`(values (1)) as one`);
  return row?.n ?? 0;
}

/** The orders' merchant or centre whose events are counted. */
export type EventScope = { merchantId: number } | { centreId: number } | { merchantId: number; centreId: number };

/** Order events per China day (YYYY-MM-DD) and state entered, of one scope's orders. */
export interface EventsOfDay {
  day: string;
  status: OrderStatus;
  n: number;
}

/**
 * The order events of a scope's orders per China day and target state, for the whole China days
 * in [from, to): the folded counts plus the deltas not yet folded in, summed in one statement
 * (days and states with no event are left out).
 */
export async function countedEventsPerDay(db: Db, scope: EventScope, from: Date, to: Date): Promise<EventsOfDay[]> {
  // prepared per scope (db/prepared.ts): planning it took ~0.2–0.8 ms a report
  const keys = (['merchantId', 'centreId'] as const).filter((k) => k in scope);
  const name = `gemqc_events_per_day_${keys.join('_')}`;
  const q = prepared(db, name, () => {
    const day = (end: 'from' | 'to') => sql`((${sql.placeholder(end)})::timestamptz at time zone 'Asia/Shanghai')::date`;
    const kept = (t: typeof orderEventCounts | typeof orderEventCountDeltas) =>
      db
        .select({ day: t.day, status: t.status, n: t.n })
        .from(t)
        .where(and(...keys.map((k) => eq(t[k], sql.placeholder(k))), sql`${t.day} >= ${day('from')}`, sql`${t.day} < ${day('to')}`));
    const c = unionAll(kept(orderEventCounts), kept(orderEventCountDeltas)).as('c');
    return db
      .select({ day: sql<string>`to_char(${c.day}, 'YYYY-MM-DD')`, status: c.status, n: sql<number>`sum(${c.n})::int` })
      .from(c)
      .groupBy(c.day, c.status)
      .having(sql`sum(${c.n}) <> 0`)
      .prepare(name);
  });
  return q.execute({ ...scope, from: from.toISOString(), to: to.toISOString() });
}

// The server folds the deltas in every minute (plugins/backgroundJobs.ts, schedule `count-compaction`).

/** Only one compaction at a time across server processes (a second one skips its turn). */
const COMPACTION_LOCK = 727_280;

/**
 * Folds the order-count deltas the trigger of migration 080 appended into order_counts and
 * order_totals, and the order-event deltas of migration 091 into order_event_counts, in one
 * transaction: readers sum a table and the deltas in one statement, so a total never counts a
 * delta twice or not at all. Rows whose count fell to zero are dropped. Answers how many deltas
 * were folded.
 */
export async function compactOrderCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${COMPACTION_LOCK}) as ok`);
    if (!rowsOf<{ ok: boolean }>(locked)[0]?.ok) return 0;
    const folded = await tx.execute<{ n: number }>(sql`
      with moved as (delete from order_count_deltas returning merchant_id, centre_id, shop_id, status, day, n),
      summed as (select merchant_id, centre_id, shop_id, status, day, sum(n)::int as n, count(*)::int as deltas from moved group by 1, 2, 3, 4, 5),
      per_day as (
        insert into order_counts (merchant_id, centre_id, shop_id, status, day, n)
        select merchant_id, centre_id, shop_id, status, day, n from summed
        on conflict (merchant_id, day, status, centre_id, shop_id) do update set n = order_counts.n + excluded.n
      ),
      in_all as (
        insert into order_totals (merchant_id, centre_id, shop_id, status, n)
        select merchant_id, centre_id, shop_id, status, sum(n) from summed group by 1, 2, 3, 4
        on conflict (merchant_id, status, centre_id, shop_id) do update set n = order_totals.n + excluded.n
      )
      select coalesce(sum(deltas), 0)::int as n from summed`);
    const n = Number(rowsOf<{ n: number }>(folded)[0]?.n ?? 0);
    if (n) {
      await tx.execute(sql`delete from order_counts where n = 0`);
      await tx.execute(sql`delete from order_totals where n = 0`);
    }
    // the order events' counts (migration 091) in the same transaction and turn
    const foldedEvents = await tx.execute<{ n: number }>(sql`
      with moved as (delete from order_event_count_deltas returning merchant_id, centre_id, status, day, n),
      summed as (select merchant_id, centre_id, status, day, sum(n)::int as n, count(*)::int as deltas from moved group by 1, 2, 3, 4),
      folded as (
        insert into order_event_counts (merchant_id, centre_id, status, day, n)
        select merchant_id, centre_id, status, day, n from summed
        on conflict (merchant_id, day, status, centre_id) do update set n = order_event_counts.n + excluded.n
      )
      select coalesce(sum(deltas), 0)::int as n from summed`);
    const e = Number(rowsOf<{ n: number }>(foldedEvents)[0]?.n ?? 0);
    if (e) await tx.execute(sql`delete from order_event_counts where n = 0`);
    return n + e;
  });
}

/** Both drivers (node-postgres, PGlite) answer `execute` with an object holding `rows`. */
function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}
