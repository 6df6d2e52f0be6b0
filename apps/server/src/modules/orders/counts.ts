import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How often the server folds the deltas in: between turns a total sums at most this much of them. */
export const ORDER_COUNT_COMPACTION_MS = 30_000;

/** Only one compaction at a time across server processes (a second one skips its turn). */
const COMPACTION_LOCK = 727_280;

/**
 * Folds the order-count deltas the trigger of migration 080 appended into order_counts and
 * order_totals, in one transaction: readers sum a table and the deltas in one statement, so a
 * total never counts a delta twice or not at all. Rows whose count fell to zero are dropped.
 * Answers how many deltas were folded.
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
    return n;
  });
}

/** Both drivers (node-postgres, PGlite) answer `execute` with an object holding `rows`. */
function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}
