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
