/**
 * Data for the load and first-row benchmarks: a PostgreSQL database (gemqc_bench) with the real
 * schema and demo data (the server migrates and seeds it) plus ORDERS testing orders, one item
 * each, their order events (the whole path of states to the current one) and their fee entries
 * (inspection and certificate charges of inspected items), generated in SQL
 * (`INSERT … SELECT generate_series`), then VACUUM ANALYZE. A marker row in `bench_meta` says the
 * data is complete, so later runs reuse the database instead of regenerating it (a run of the load
 * benchmark adds the ~1,200 orders it creates; that drift is small next to a million).
 *
 * Spread: 180 days in time order (ids follow created_at, as in production), ~70 % for the demo
 * merchant 翠玉轩珠宝 (13800000001), ~10 % for 金福珠宝, the rest over 8 extra merchants; states by
 * age (old orders mostly completed or cancelled, the last 4 days spread over the live states);
 * 80 % at 广州番禺, 20 % at 深圳水贝; 60 % of the demo merchant's orders come from its shop.
 * Events and fee entries are what the daily report and the order detail read; the indexes of those
 * two tables are dropped during the insert and created again afterwards (faster than a million
 * index updates), from their own definitions in pg_indexes; the kept counts of orders and of
 * events are recounted once afterwards instead of a trigger call per row.
 */
import pg from 'pg';
import { startServerOn } from '../server';

export const BENCH_DB = process.env.BENCH_ORDERS_DB ?? 'gemqc_bench';
/** Bump when the generated data changes shape: a database with another version is rebuilt. */
const DATA_VERSION = 4;

export function adminUrl(): string {
  return process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function benchDbUrl(): string {
  const u = new URL(adminUrl());
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
}

export interface GenResult {
  /** false when the database already held the data (marker row found). */
  generated: boolean;
  /** Seconds spent creating the data (0 when reused). */
  seconds: number;
  orders: number;
  demoMerchantOrders: number;
}

interface Marker {
  version: number;
  orders: number;
  seconds: number;
}

async function readMarker(url: string): Promise<Marker | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ value: Marker }>(`select value from bench_meta where key = 'orders'`);
    return r.rows[0]?.value ?? null;
  } catch {
    return null; // no bench_meta table: not a finished bench database
  } finally {
    await c.end();
  }
}

/** Makes sure the bench database holds `orders` generated orders; generates them when not. */
export async function ensureOrderData(orders = 1_000_000, log: (s: string) => void = console.log): Promise<GenResult> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  let exists: boolean;
  try {
    exists = (await admin.query(`select 1 from pg_database where datname = $1`, [BENCH_DB])).rowCount === 1;
  } finally {
    await admin.end();
  }
  if (exists) {
    const m = await readMarker(benchDbUrl());
    if (m && m.version === DATA_VERSION && m.orders === orders) {
      const demo = await demoCount();
      log(`  reusing database ${BENCH_DB} (${m.orders} generated orders, generated in ${m.seconds} s; drop it to regenerate)`);
      return { generated: false, seconds: 0, orders: m.orders, demoMerchantOrders: demo };
    }
  }
  const t0 = performance.now();
  const a = new pg.Client({ connectionString: adminUrl() });
  await a.connect();
  try {
    await a.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await a.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await a.end();
  }
  log(`  created database ${BENCH_DB}; the server migrates and seeds it…`);
  const srv = await startServerOn(benchDbUrl());
  await srv.stop();
  const tSchema = performance.now();
  log(`  schema and demo data in ${((tSchema - t0) / 1000).toFixed(1)} s; inserting ${orders} orders…`);

  const c = new pg.Client({ connectionString: benchDbUrl() });
  await c.connect();
  try {
    await c.query(`SET synchronous_commit = off`);
    await c.query(`SET maintenance_work_mem = '256MB'`);
    await c.query(`SET work_mem = '64MB'`);
    await c.query(`SELECT setseed(0.42)`);
    await c.query('BEGIN');
    await c.query(extraMerchantsSql);
    const before = Number((await c.query<{ n: string }>(`select coalesce(max(id), 0) as n from testing_orders`)).rows[0]!.n);
    // one recount afterwards instead of a million trigger calls (migration 080)
    await c.query(`ALTER TABLE testing_orders DISABLE TRIGGER order_counts_track`);
    await c.query(ordersSql, [orders]);
    await c.query(`ALTER TABLE testing_orders ENABLE TRIGGER order_counts_track`);
    await c.query(`SELECT order_counts_rebuild()`);
    const tOrders = performance.now();
    log(`  orders in ${((tOrders - tSchema) / 1000).toFixed(1)} s`);
    await c.query(itemsSql, [before]);
    await c.query(countersSql, [before]);
    const tItems = performance.now();
    log(`  items and counters in ${((tItems - tOrders) / 1000).toFixed(1)} s; events and fee entries…`);
    // generated consistent with the rows they reference: no foreign-key check per row (replica mode skips them)
    await c.query(`SET LOCAL session_replication_role = replica`);
    await withoutIndexes(c, 'order_events', () => c.query(eventsSql, [before]));
    await withoutIndexes(c, 'ledger_entries', () => c.query(ledgerSql, [before]));
    await c.query(`SET LOCAL session_replication_role = origin`);
    // replica mode skipped the triggers of the kept event counts, ledger sums and items' charged
    // fees (migrations 091, 092, 125) too: one recount instead
    await c.query(`SELECT order_event_counts_rebuild()`);
    await c.query(`SELECT ledger_day_sums_rebuild()`);
    await c.query(`SELECT order_item_charges_rebuild()`);
    await c.query(`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await c.query('COMMIT');
    const tEvents = performance.now();
    log(`  events and fee entries in ${((tEvents - tItems) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
    // the steady state of a live database (autovacuum): statistics and the visibility map
    await c.query(`VACUUM ANALYZE testing_orders`);
    await c.query(`VACUUM ANALYZE order_items`);
    await c.query(`VACUUM ANALYZE order_counts`);
    await c.query(`VACUUM ANALYZE order_totals`);
    await c.query(`VACUUM ANALYZE order_events`);
    await c.query(`VACUUM ANALYZE order_event_counts`);
    await c.query(`VACUUM ANALYZE ledger_day_sums`);
    await c.query(`VACUUM ANALYZE ledger_entries`);
    await c.query(`ANALYZE merchants`);
    await c.query(`ANALYZE shops`);
    await c.query(`ANALYZE centres`);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    const marker: Marker = { version: DATA_VERSION, orders, seconds };
    await c.query(`INSERT INTO bench_meta (key, value) VALUES ('orders', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value, created_at = now()`, [
      JSON.stringify(marker),
    ]);
    const demo = await demoCount();
    log(`  generated in ${seconds} s (${demo} orders for 翠玉轩珠宝)`);
    return { generated: true, seconds, orders, demoMerchantOrders: demo };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}

/**
 * Runs a bulk insert into `table` without its plain indexes (those not backing a constraint): they
 * are dropped first and created again from their pg_indexes definitions afterwards.
 */
async function withoutIndexes(c: pg.Client, table: string, insert: () => Promise<unknown>) {
  const defs = (
    await c.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = $1
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [table],
    )
  ).rows;
  for (const d of defs) await c.query(`DROP INDEX ${d.name}`);
  await insert();
  for (const d of defs) await c.query(d.def);
}

async function demoCount(): Promise<number> {
  const c = new pg.Client({ connectionString: benchDbUrl() });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      `select count(*)::int as n from testing_orders where merchant_id = (select merchant_id from accounts where mobile = '13800000001' and user_type = 'trader')`,
    );
    return r.rows[0]!.n;
  } finally {
    await c.end();
  }
}

const extraMerchantsSql = `
INSERT INTO merchants (name, contact, mobile, status, balance, default_centre_id)
SELECT '压测商户' || lpad(g::text, 2, '0'), '压测联系人', '1870000' || lpad(g::text, 4, '0'), 1, 0, (SELECT min(id) FROM centres)
FROM generate_series(1, 8) g`;

/**
 * $1 = number of orders. Row g is created at now() - 180 days + g/N of the span (time order);
 * h1..h3 are deterministic hashes of g picking merchant, state, shop, buyer and amounts.
 */
const ordersSql = `
WITH p AS (
  SELECT now() AS t1, interval '180 days' AS span,
    (SELECT merchant_id FROM accounts WHERE mobile = '13800000001' AND user_type = 'trader') AS demo,
    (SELECT merchant_id FROM accounts WHERE mobile = '13800000002' AND user_type = 'trader') AS second,
    (SELECT array_agg(id ORDER BY id) FROM merchants WHERE name LIKE '压测商户%') AS others,
    (SELECT min(id) FROM centres) AS c1, (SELECT max(id) FROM centres) AS c2
), dshop AS (
  SELECT min(s.id) AS id FROM shops s, p WHERE s.merchant_id = p.demo
), s AS (
  SELECT g,
    p.t1 - p.span + p.span * (g::float8 / $1::float8) AS created_at,
    abs(hashint8(g)::bigint) % 1000 AS h1,
    abs(hashint8(g + 1000000007)::bigint) % 1000 AS h2,
    abs(hashint8(g + 2000000011)::bigint) % 1000000 AS h3,
    p.*
  FROM generate_series(1, $1::bigint) g, p
), r AS (
  SELECT s.*,
    CASE WHEN h1 < 700 THEN demo WHEN h1 < 800 THEN second ELSE others[1 + h1 % 8] END AS merchant_id,
    CASE WHEN t1 - created_at > interval '4 days' THEN
      CASE WHEN h2 < 760 THEN 'completed' WHEN h2 < 850 THEN 'cancelled' WHEN h2 < 910 THEN 'shipped' WHEN h2 < 950 THEN 'returned'
           WHEN h2 < 970 THEN 'picked_up' WHEN h2 < 985 THEN 'return_pending' WHEN h2 < 990 THEN 'intercepted' ELSE 'awaiting_arrival' END
    ELSE
      CASE WHEN h2 < 150 THEN 'created' WHEN h2 < 400 THEN 'awaiting_arrival' WHEN h2 < 500 THEN 'received' WHEN h2 < 600 THEN 'inspecting'
           WHEN h2 < 700 THEN 'passed' WHEN h2 < 750 THEN 'bound' WHEN h2 < 900 THEN 'shipped' WHEN h2 < 950 THEN 'completed'
           WHEN h2 < 990 THEN 'cancelled' ELSE 'intercepted' END
    END AS status,
    to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') AS day
  FROM s
), q AS (
  SELECT r.*,
    row_number() OVER (PARTITION BY r.day ORDER BY g) + coalesce(oc.last, 0) AS seq,
    CASE WHEN merchant_id = demo AND h3 % 10 < 6 THEN (SELECT id FROM dshop) END AS shop_id
  FROM r LEFT JOIN order_no_counters oc ON oc.day = r.day
)
INSERT INTO testing_orders (order_no, merchant_id, shop_id, centre_id, platform_order_id, buyer_name, buyer_phone, buyer_address,
  declared_value, inbound_carrier, inbound_waybill, outbound_carrier, outbound_waybill, start_time, ship_deadline, status,
  intercept_reason, remark, created_at, updated_at, status_changed_at, shipped_at)
SELECT
  'JC' || day || lpad(seq::text, 4, '0'),
  merchant_id,
  shop_id,
  CASE WHEN h2 % 5 = 0 THEN c2 ELSE c1 END,
  CASE WHEN shop_id IS NOT NULL THEN '6920' || lpad(g::text, 15, '0') END,
  (ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗'])[1 + h3 % 20]
    || (ARRAY['伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛'])[1 + (h3 / 20) % 16],
  '13' || lpad(((h3 * 7919) % 1000000000)::text, 9, '0'),
  (ARRAY['北京市朝阳区建国路88号SOHO现代城','上海市浦东新区世纪大道1198号','广东省深圳市南山区科技园南区粤海街道',
         '广东省广州市天河区体育西路103号','浙江省杭州市西湖区文三路478号','江苏省南京市鼓楼区中山北路200号',
         '四川省成都市武侯区天府大道北段1700号','湖北省武汉市洪山区珞喻路1037号'])[1 + (h3 / 320) % 8],
  20000 + (h3 * 37) % 3000000,
  CASE WHEN status NOT IN ('created', 'cancelled') THEN (ARRAY['顺丰速运','中通快递','圆通速递','京东快递','EMS'])[1 + h3 % 5] ELSE '' END,
  CASE WHEN status NOT IN ('created', 'cancelled') THEN 'SF' || (1400000000000 + g)::text ELSE '' END,
  CASE WHEN status IN ('shipped', 'completed', 'returned') THEN '顺丰速运' ELSE '' END,
  CASE WHEN status IN ('shipped', 'completed', 'returned') THEN 'SF' || (1500000000000 + g)::text ELSE '' END,
  created_at,
  created_at + interval '48 hours',
  status,
  CASE WHEN status = 'intercepted' THEN '买家申请退款' ELSE '' END,
  '',
  created_at,
  least(t1, created_at + interval '30 hours'),
  least(t1, created_at + interval '30 hours'),
  CASE WHEN status IN ('shipped', 'completed') THEN least(t1, created_at + interval '30 hours') END
FROM q
ORDER BY g`;

/** $1 = the largest order id before the insert: one item per generated order. */
const itemsSql = `
WITH c AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names, count(*)::int AS n FROM gem_categories)
INSERT INTO order_items (order_id, name, category_id, weight, declared_value, result, certificate_no, bound_code, inspection_fee, certificate_fee, created_at)
SELECT o.id,
  c.names[1 + k] || (ARRAY['手镯','吊坠','戒指','手串','项链','耳钉'])[1 + (o.id % 6)::int],
  c.ids[1 + k],
  round((2 + (o.id % 5000) / 100.0)::numeric, 3),
  o.declared_value,
  CASE WHEN o.status IN ('passed','bound','shipped','completed') THEN 'pass' WHEN o.status IN ('return_pending','returned','picked_up') THEN 'fail' END,
  CASE WHEN o.status IN ('passed','bound','shipped','completed') THEN 'ZS' || lpad(o.id::text, 10, '0') END,
  CASE WHEN o.status IN ('bound','shipped','completed') THEN 'GQ' || lpad(o.id::text, 12, '0') END,
  CASE WHEN o.status IN ('passed','bound','shipped','completed','return_pending','returned','picked_up') THEN 3000 END,
  CASE WHEN o.status IN ('passed','bound','shipped','completed') THEN 1000 END,
  o.created_at
FROM testing_orders o
CROSS JOIN c
CROSS JOIN LATERAL (SELECT (abs(hashint8(o.id)::bigint) % c.n)::int AS k) kk
WHERE o.id > $1
ORDER BY o.id`;

/** Keeps the day counters ahead of the generated numbers, so orders created later get fresh ones. */
const countersSql = `
INSERT INTO order_no_counters (day, last)
SELECT substr(order_no, 3, 8), max(substr(order_no, 11)::int) FROM testing_orders WHERE id > $1 GROUP BY 1
ON CONFLICT (day) DO UPDATE SET last = greatest(order_no_counters.last, excluded.last)`;

/**
 * $1 = the largest order id before the insert: for each generated order the events of its path of
 * states (created → … → its status), spread evenly from its creation to its last status change.
 */
const eventsSql = `
WITH paths(status, path) AS (VALUES
  ('created', ARRAY['created']),
  ('awaiting_arrival', ARRAY['created','awaiting_arrival']),
  ('received', ARRAY['created','awaiting_arrival','received']),
  ('inspecting', ARRAY['created','awaiting_arrival','received','inspecting']),
  ('passed', ARRAY['created','awaiting_arrival','received','inspecting','passed']),
  ('bound', ARRAY['created','awaiting_arrival','received','inspecting','passed','bound']),
  ('shipped', ARRAY['created','awaiting_arrival','received','inspecting','passed','bound','shipped']),
  ('completed', ARRAY['created','awaiting_arrival','received','inspecting','passed','bound','shipped','completed']),
  ('cancelled', ARRAY['created','cancelled']),
  ('intercepted', ARRAY['created','awaiting_arrival','received','intercepted']),
  ('return_pending', ARRAY['created','awaiting_arrival','received','inspecting','failed','return_pending']),
  ('returned', ARRAY['created','awaiting_arrival','received','inspecting','failed','return_pending','returned']),
  ('picked_up', ARRAY['created','awaiting_arrival','received','inspecting','failed','return_pending','picked_up'])
)
INSERT INTO order_events (order_id, from_status, to_status, actor_type, reason, created_at)
SELECT o.id,
  CASE WHEN s.i > 1 THEN p.path[s.i - 1] END,
  p.path[s.i],
  CASE WHEN p.path[s.i] IN ('created', 'awaiting_arrival', 'cancelled') THEN 'trader' WHEN p.path[s.i] = 'intercepted' THEN 'base' ELSE 'qualityInspection' END,
  CASE WHEN p.path[s.i] = 'intercepted' THEN '买家申请退款' ELSE '' END,
  o.created_at + (o.status_changed_at - o.created_at) * ((s.i - 1)::float8 / greatest(cardinality(p.path) - 1, 1))
FROM testing_orders o
JOIN paths p ON p.status = o.status
CROSS JOIN LATERAL generate_subscripts(p.path, 1) AS s(i)
WHERE o.id > $1`;

/** $1 = the largest order id before the insert: the inspection and certificate charges of the generated items. */
const ledgerSql = `
INSERT INTO ledger_entries (merchant_id, centre_id, order_id, item_id, type, amount, balance_after, idempotency_key, note, created_at)
SELECT o.merchant_id, o.centre_id, o.id, i.id, f.type, -f.fee, 0,
  f.type || ':' || i.id || CASE WHEN f.type = 'CERTIFICATE' THEN ':1' ELSE '' END,
  o.order_no || ' ' || i.name,
  o.created_at + (o.status_changed_at - o.created_at) * f.at
FROM order_items i
JOIN testing_orders o ON o.id = i.order_id
CROSS JOIN LATERAL (VALUES ('INSPECTION', i.inspection_fee, 0.5), ('CERTIFICATE', i.certificate_fee, 0.6)) AS f(type, fee, at)
WHERE o.id > $1 AND f.fee IS NOT NULL`;
