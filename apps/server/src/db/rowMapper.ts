import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** A selected field of a Drizzle select as its prepared query keeps them (path in the result, field). */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** The decoder Drizzle's mapResultRow picks for a field (drizzle-orm/utils.js; `decoder` is internal to SQL). */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * Drizzle's row mapping (mapResultRow) with its per-row work done once: which decoder each column
 * takes, where it goes in the result and which joined objects may turn null. mapResultRow decides
 * these again for every field of every row; on a 20-row list page that was most of the server's
 * time spent on the answer (bench/orderList.ts). Same output, including left-joined tables that
 * become null when their first column is null.
 */
function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>): RowMapper {
  const columns = fields.map(({ path, field }, index) => {
    const decoder = decoderOf(field);
    return { index, path, decode: (v: unknown) => decoder.mapFromDriverValue(v) };
  });
  // mapResultRow nulls a nested object whose first column is null when all its columns come from
  // one table that the joins leave nullable
  const nullable: { name: string; first: number }[] = [];
  if (joinsNotNullableMap) {
    const tableOf = new Map<string, string | false>();
    const firstOf = new Map<string, number>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const name = path[0]!;
      const table = getTableName(field.table);
      if (!tableOf.has(name)) {
        tableOf.set(name, table);
        firstOf.set(name, index);
      } else if (tableOf.get(name) !== table) tableOf.set(name, false);
    });
    for (const [name, table] of tableOf) if (table !== false && !joinsNotNullableMap[table]) nullable.push({ name, first: firstOf.get(name)! });
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const c of columns) {
      let node = result;
      const last = c.path.length - 1;
      for (let i = 0; i < last; i++) node = (node[c.path[i]!] ??= {}) as Record<string, unknown>;
      const raw = row[c.index];
      node[c.path[last]!] = raw === null ? null : c.decode(raw);
    }
    for (const n of nullable) if (row[n.first] === null) result[n.name] = null;
    return result;
  };
}

/** The fields and joins a prepared Drizzle select maps its rows with (set by its builder). */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Makes a prepared Drizzle select map its rows with compileRowMapper. Drizzle's prepared queries
 * (node-postgres and PGlite) hand their array rows to `customResultMapper` when one is set; a
 * Drizzle without that hook fails here, not with wrong rows.
 */
export function mapRowsFast<Q extends object>(prepared: Q): Q {
  const q = prepared as PreparedSelect;
  if (!q.fields || !('customResultMapper' in q)) throw new Error('mapRowsFast: not a prepared Drizzle select with customResultMapper');
  const map = compileRowMapper(q.fields, q.joinsNotNullableMap);
  q.customResultMapper = (rows) => rows.map(map);
  return prepared;
}
