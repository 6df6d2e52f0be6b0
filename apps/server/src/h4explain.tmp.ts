import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './db/schema';
import * as repo from './modules/orders/repo';
import type { Db } from './db/client';
const url = 'postgres://postgres@127.0.0.1:5432/gemqc_bench';
const pool = new pg.Pool({ connectionString: url, max: 1 });
const seen: { name?: string; text: string; values: unknown[] }[] = [];
const orig = pool.query.bind(pool) as (...a: unknown[]) => unknown;
(pool as unknown as { query: unknown }).query = (q: unknown, v?: unknown) => {
  if (q && typeof q === 'object' && 'text' in q) seen.push({ ...(q as object), v: v } as never);
  return orig(q, v);
};
const db = drizzle(pool, { schema }) as unknown as Db;
const code = process.argv[2]!;
await repo.orderDetailRowByCode(db, 1, code);
await repo.orderDetailRow(db, 5, { merchantId: 1 });
const c = await pool.connect();
for (const [i, s] of seen.entries()) {
  await c.query(`set plan_cache_mode = force_generic_plan`);

  await c.query(`prepare x${i} as ${s.text}`);
  const lit = (s.values ?? (s as unknown as {v: unknown[]}).v ?? []).map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(',');
  for (let k = 0; k < 2; k++) {
    const r = await c.query(`explain (analyze, buffers) execute x${i}(${lit})`);
    if (k === 1) console.log(s.name, '\n' + r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
}
c.release();
await pool.end();
