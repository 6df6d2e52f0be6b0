import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@gemqc/contract';

/**
 * What a sort key of a list orders by: a column, an SQL expression (an aggregate, a subquery), or
 * either with `nullsLast` for a column that may be empty (never signed in, not closed yet), which
 * then comes last in both directions.
 */
export type SortTarget = AnyColumn | SQL | { by: AnyColumn | SQL; nullsLast: true };

/** A list's allow-list: each sort key of its contract `listSort` → what the SQL orders by. */
export type SortColumns<K extends string> = Record<K, SortTarget>;

/** The sort a list query carries (the contract's `listSort(...).shape`, parsed). */
export interface ListSortQuery<K extends string> {
  sort_by?: K;
  sort_order: SortOrder;
}

/**
 * ORDER BY of a list page: the allow-listed target of `sort_by` in `sort_order`, then `id` in the
 * same direction so equal values page stably (no row twice, none skipped); without `sort_by` the
 * list's own default order. The key only selects an entry of `columns`: the text a client sent is
 * never part of the SQL, and a key outside the allow-list (the contract refuses it first) throws.
 */
export function listOrderBy<K extends string>(columns: SortColumns<K>, q: ListSortQuery<K>, id: AnyColumn, defaultOrder: SQL[]): SQL[] {
  if (q.sort_by === undefined) return defaultOrder;
  if (!Object.hasOwn(columns, q.sort_by)) throw new Error(`not a sort key of this list: ${String(q.sort_by)}`);
  const target = columns[q.sort_by];
  const dir = q.sort_order === 'asc' ? asc : desc;
  if (target && typeof target === 'object' && 'nullsLast' in target) {
    return [q.sort_order === 'asc' ? sql`${target.by} asc nulls last` : sql`${target.by} desc nulls last`, dir(id)];
  }
  return [dir(target as AnyColumn | SQL), dir(id)];
}
