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

/** The columns a row gives (undefined: left out), sorted: with the row count, what an insert's text depends on. */
export function givenColumns(row: object): string[] {
  return Object.keys(row)
    .filter((k) => (row as Record<string, unknown>)[k] !== undefined)
    .sort();
}

/** A short digest of a statement's shape for its name (PostgreSQL cuts names at 63 bytes). */
export const shapeDigest = (shape: string) => createHash('sha256').update(shape).digest('hex').slice(0, 12);

/**
 * `count` rows of VALUES whose columns are placeholders named `${prefix}${column}_${row}`: bare
 * parameters, which PostgreSQL types by their column (Drizzle's own would run its column encoder
 * on the value when filled, a null included); insertValues gives their values.
 */
export function placeholderRows<T extends PgTable>(keys: string[], count: number, prefix: string): T['$inferInsert'][] {
  return Array.from({ length: count }, (_, i) => Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${prefix}${k}_${i}`)}`])) as T['$inferInsert']);
}

/** The values of placeholderRows for these rows, as the query builder sends them: null as is, the rest through the column's encoder. */
export function insertValues(table: PgTable, keys: string[], rows: object[], prefix: string): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(
    rows.flatMap((r, i) =>
      keys.map((k) => {
        const v = (r as Record<string, unknown>)[k];
        return [`${prefix}${k}_${i}`, v === null ? null : columns[k]!.mapToDriverValue(v)];
      }),
    ),
  );
}

/**
 * Inserts rows of `table` through a prepared statement (as `prepared`), one per table, row count
 * and set of columns given: the statement's text depends on those only, the values are its
 * parameters. Every row must give the same columns (a column left out takes its default, which a
 * parameter cannot say); other inserts go through the query builder. Answers the rows inserted.
 */
export async function insertPrepared<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
  const keys = givenColumns(rows[0]!);
  if (!rows.every((r) => givenColumns(r).join() === keys.join())) return (await db.insert(table).values(rows).returning()) as T['$inferSelect'][];
  const name = `gemqc_insert_${getTableName(table)}_${rows.length}_${shapeDigest(keys.join())}`;
  const q = prepared(db, name, () => db.insert(table).values(placeholderRows<T>(keys, rows.length, '')).returning().prepare(name));
  return (await q.execute(insertValues(table, keys, rows, ''))) as T['$inferSelect'][];
}
