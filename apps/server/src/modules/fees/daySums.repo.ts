import { and, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { ledgerDaySumDeltas, ledgerDaySums, type LedgerType } from '../../db/schema';

// Kept ledger sums per day: see README.md in this folder for the invariant.

/** A merchant's ledger, or the entries booked at one centre. */
export type LedgerScope = { merchantId: number } | { centreId: number };

/** The ledger amounts (signed fen) of one China day (YYYY-MM-DD) and type. */
export interface LedgerOfDay {
  day: string;
  type: LedgerType;
  amount: number;
}

/**
 * The ledger amounts of a scope per China day and type, for the whole China days in [from, to):
 * the folded sums plus the deltas not yet folded in, summed in one statement (a day and type with
 * no entry is left out).
 */
export async function summedLedgerPerDay(db: Db, scope: LedgerScope, from: Date, to: Date): Promise<LedgerOfDay[]> {
  // prepared per scope (db/prepared.ts): planning it took ~0.2–0.4 ms a report
  const key = 'merchantId' in scope ? 'merchantId' : 'centreId';
  const name = `gemqc_ledger_per_day_${key}`;
  const q = prepared(db, name, () => {
    const day = (end: 'from' | 'to') => sql`((${sql.placeholder(end)})::timestamptz at time zone 'Asia/Shanghai')::date`;
    const kept = (t: typeof ledgerDaySums | typeof ledgerDaySumDeltas) =>
      db
        .select({ day: t.day, type: t.type, amount: t.amount, entries: t.entries })
        .from(t)
        .where(and(eq(t[key], sql.placeholder('id')), sql`${t.day} >= ${day('from')}`, sql`${t.day} < ${day('to')}`));
    const c = unionAll(kept(ledgerDaySums), kept(ledgerDaySumDeltas)).as('c');
    return db
      .select({ day: sql<string>`to_char(${c.day}, 'YYYY-MM-DD')`, type: c.type, amount: sql<string>`sum(${c.amount})::bigint` })
      .from(c)
      .groupBy(c.day, c.type)
      .having(sql`sum(${c.entries}) <> 0`)
      .prepare(name);
  });
  const id = 'merchantId' in scope ? scope.merchantId : scope.centreId;
  const rows = await q.execute({ id, from: from.toISOString(), to: to.toISOString() });
  return rows.map((r) => ({ day: r.day, type: r.type, amount: Number(r.amount) }));
}

/** Only one fold at a time across server processes (a second one skips its turn). */
const FOLD_LOCK = 727_282;

/**
 * Folds the deltas the trigger of migration 092 appended into ledger_day_sums, in one transaction
 * (readers sum the table and the deltas in one statement: they see the state before or after a
 * fold, never half of one). Answers how many deltas were folded.
 */
export async function foldLedgerDaySums(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`);
    if (!rowsOf<{ ok: boolean }>(locked)[0]?.ok) return 0;
    const folded = await tx.execute<{ n: number }>(sql`
      with moved as (delete from ledger_day_sum_deltas returning merchant_id, centre_id, type, day, amount, entries),
      summed as (select merchant_id, centre_id, type, day, sum(amount)::bigint as amount, sum(entries)::int as entries, count(*)::int as deltas from moved group by 1, 2, 3, 4),
      folded as (
        insert into ledger_day_sums (merchant_id, centre_id, type, day, amount, entries)
        select merchant_id, centre_id, type, day, amount, entries from summed
        on conflict (merchant_id, day, type, centre_id) do update set amount = ledger_day_sums.amount + excluded.amount, entries = ledger_day_sums.entries + excluded.entries
      )
      select coalesce(sum(deltas), 0)::int as n from summed`);
    return Number(rowsOf<{ n: number }>(folded)[0]?.n ?? 0);
  });
}

/** Both drivers (node-postgres, PGlite) answer `execute` with an object holding `rows`. */
function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}
