import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement a hot path runs on every request, built by Drizzle once per database handle and
 * prepared under its name on each connection (as the session lookup): PostgreSQL then parses it
 * once per connection and may keep one generic plan, instead of parsing and planning it on every
 * call. Use it for statements whose text does not change with their values (placeholders only) and
 * whose plan is the same for every value (a primary key, an indexed id); `name` must be unique to
 * the statement's text. A transaction is another handle: its statements are built again, and the
 * connection reuses what it has prepared under the name.
 */
export function prepared<Q>(db: Db, name: string, build: () => Q): Q {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let q = byName.get(name) as Q | undefined;
  if (!q) byName.set(name, (q = build()));
  return q;
}

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * Inserts rows of `table` through a prepared statement (as `prepared`), one per table, row count
 * and set of columns given: the statement's text depends on those only, the values are its
 * parameters. Every row must give the same columns (a column left out takes its default, which a
 * parameter cannot say); other inserts go through the query builder. Answers the rows inserted.
 */
export async function insertPrepared<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
  const given = (r: T['$inferInsert']) => Object.keys(r).filter((k) => (r as Record<string, unknown>)[k] !== undefined).sort();
  const keys = given(rows[0]!);
  if (!rows.every((r) => given(r).join() === keys.join())) return (await db.insert(table).values(rows).returning()) as T['$inferSelect'][];
  // PostgreSQL cuts names at 63 bytes: the columns as a digest
  const name = `gemqc_insert_${getTableName(table)}_${rows.length}_${createHash('sha256').update(keys.join()).digest('hex').slice(0, 12)}`;
  const q = prepared(db, name, () => {
    // a bare parameter (no column encoder of Drizzle's: a null would reach it); encoded below
    const row = (i: number) => Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${k}_${i}`)}`])) as T['$inferInsert'];
    return db.insert(table).values(rows.map((_, i) => row(i))).returning().prepare(name);
  });
  // each value as the query builder sends it: null as is, the rest through the column's encoder
  const columns = getTableColumns(table) as Record<string, Column>;
  const values = Object.fromEntries(
    rows.flatMap((r, i) =>
      keys.map((k) => {
        const v = (r as Record<string, unknown>)[k];
        return [`${k}_${i}`, v === null ? null : columns[k]!.mapToDriverValue(v)];
      }),
    ),
  );
  return (await q.execute(values)) as T['$inferSelect'][];
}
