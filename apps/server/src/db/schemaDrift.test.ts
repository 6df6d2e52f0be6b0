import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';
import * as schema from './schema';

/** The Drizzle schema's tables (what the server's queries are typed by). */
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** A column type as information_schema's udt_name writes it. */
function udtOf(c: PgColumn): string {
  const t = c.getSQLType().toLowerCase().replace(/\(.*\)/, '');
  const names: Record<string, string> = {
    bigint: 'int8', bigserial: 'int8', integer: 'int4', serial: 'int4', smallint: 'int2', boolean: 'bool', text: 'text',
    'timestamp with time zone': 'timestamptz', timestamp: 'timestamp', date: 'date', jsonb: 'jsonb', json: 'json',
    numeric: 'numeric', 'double precision': 'float8', real: 'float4', varchar: 'varchar', uuid: 'uuid', bytea: 'bytea',
  };
  if (t.endsWith('[]')) return `_${names[t.slice(0, -2)] ?? t.slice(0, -2)}`;
  return names[t] ?? t;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('schema drift: the Drizzle schema matches the migrated database', () => {
  it('has every table of the schema with the same columns, types and nullability', async () => {
    const cols = await rows<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      sql`select table_name, column_name, udt_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const inDb = new Map(cols.map((c) => [`${c.table_name}.${c.column_name}`, `${c.udt_name}${c.is_nullable === 'YES' ? ' null' : ''}`]));
    const inSchema = new Map<string, string>();
    for (const t of tables) {
      const cfg = getTableConfig(t);
      for (const c of cfg.columns) inSchema.set(`${cfg.name}.${c.name}`, `${udtOf(c)}${c.notNull ? '' : ' null'}`);
    }
    const dbOfSchemaTables = [...inDb].filter(([k]) => tables.some((t) => k.startsWith(`${getTableConfig(t).name}.`)));
    expect(Object.fromEntries(dbOfSchemaTables)).toEqual(Object.fromEntries(inSchema));
  });

  it('has every index the schema declares, on the same columns', async () => {
    const idx = await rows<{ indexname: string; tablename: string }>(sql`select indexname, tablename from pg_indexes where schemaname = 'public'`);
    const inDb = new Set(idx.map((i) => `${i.tablename}.${i.indexname}`));
    const declared = tables.flatMap((t) => {
      const cfg = getTableConfig(t);
      return cfg.indexes.map((i) => `${cfg.name}.${i.config.name}`);
    });
    expect(declared.filter((k) => !inDb.has(k))).toEqual([]);
  });

  it('knows every table the migrations create (bar the migration log)', async () => {
    const names = (await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)).map((r) => r.tablename);
    const declared = new Set(tables.map((t) => getTableConfig(t).name));
    expect(names.filter((n) => !declared.has(n) && n !== 'schema_migrations').sort()).toEqual([]);
  });
});
