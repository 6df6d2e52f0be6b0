/**
 * The merchant order list (`GET /api/merchant/v1/Testing/orderList`) at 1,000,000 orders on the
 * PostgreSQL server, against the same SQL run through `pg` alone.
 *
 * - Data: bench/gen/orders.ts (database gemqc_bench_orders, kept and reused across runs).
 * - API: the real server (production, LOG_LEVEL=warn) on a free port as it would be deployed on
 *   this machine: WEB_CONCURRENCY=WORKERS server processes (one per core), DB_POOL_SIZE=POOL/WORKERS
 *   each (POOL connections in all, as the raw run has), signed in as 13800000001; CONNECTIONS
 *   keep-alive connections loop over a mix of list queries (an undici Pool: the lightest Node HTTP
 *   client, so the load client takes as little of the two cores as it can from the server and
 *   PostgreSQL).
 * - Raw: the list page's statements (the page with its total — from order_counts, or the capped
 *   count — a named prepared statement as in the repo; the total alone when a page is empty; the
 *   planner estimate past the cap, once a minute per filter), built by the repo's own
 *   query builder and printed with Drizzle's toSQL(), run as repo.listOrders runs them through a
 *   pg.Pool of POOL connections at the same concurrency. The session lookup the API does per
 *   request is not in the raw figure: it is part of the API's cost.
 * - The two take turns: ROUNDS turns of each, DURATION_S in all per side (the first turn after
 *   WARMUP_S unrecorded), so that a shared machine's speed, which drifts over a minute, weighs on
 *   both alike; the req/s of each turn are printed.
 *
 * CPU per request (client, server, PostgreSQL backends; from /proc) is reported too: on a shared
 * machine it says where the time went when the throughput figures are noisy.
 *
 * Env: BENCH_ORDERS (default 1000000), BENCH_DURATION_S (15), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL, default warn), BENCH_ORDERS_DB (gemqc_bench_orders),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_POOL (10: the server's connections in
 * all and the raw pool's size), BENCH_WORKERS (the server's WEB_CONCURRENCY; default the number of
 * cores), BENCH_PRINT_SQL=1 (print the page SQL),
 * BENCH_SERVER_CPU_PROF=<dir> (each server process writes a V8 .cpuprofile there when it stops).
 * The database is kept for the next run; `DROP DATABASE gemqc_bench_orders` regenerates it.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { orderListQuery, ordersApi } from '@gemqc/contract';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { countedExactly, EXACT_TOTAL_CAP, estimateKey, listOrdersQueries, listPageStatement } from '../apps/server/src/modules/orders/repo';
import { filterOf } from '../apps/server/src/modules/orders/service';
import { benchDbUrl, ensureOrderData } from './gen/orders';
import type { Benchmark } from './registry';
import type { Figure } from './run';
import { startServerOn } from './server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = 3;
/** Turns of the API and of raw pg, each DURATION_S / ROUNDS long. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The server's connections in all and the raw pool's size (the server's default). */
const POOL = Number(process.env.BENCH_POOL ?? 10);
/** The server's processes (WEB_CONCURRENCY): one per core, as it would be deployed here. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const MOBILE = '13800000001';
const PASSWORD = 'Demo@123456';

type Input = Record<string, string | number>;
interface MixEntry {
  label: string;
  /** One or more query inputs, used in turn. */
  inputs: Input[];
}

interface RunStats {
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  byLabel: Map<string, number[]>;
}

/** The fields of /proc/<pid>/stat after the command (state is [0], ppid [1]); null when gone or not Linux. */
function statOf(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

/** CPU time (ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number): number {
  const f = statOf(pid);
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / 100 : NaN; // utime + stime in USER_HZ (100) ticks
}

/** A process and its children (a cluster's primary and its server processes). */
function withChildren(pid: number): number[] {
  let all: string[] = [];
  try {
    all = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    /* not Linux */
  }
  return [pid, ...all.map(Number).filter((p) => statOf(p)?.[1] === String(pid))];
}

/** CPU per recorded request (ms) of the client (this process), the server and PostgreSQL backends. */
interface CpuSplit {
  client: number;
  server: number;
  pg: number;
}

/** Samples CPU at the start and the end of the recorded window (the server: its processes). */
function cpuProbe(serverPid: number | undefined, backends: () => Promise<number[]>) {
  // backends are sampled by pid; one that has gone by the end (a stopped server's) is left out
  let pgStart = new Map<number, number>();
  let start = { client: 0, server: 0 };
  const serverPids = serverPid === undefined ? [] : withChildren(serverPid);
  const now = () => {
    const c = process.cpuUsage();
    return { client: (c.user + c.system) / 1000, server: serverPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) };
  };
  return {
    async begin() {
      const pids = await backends();
      pgStart = new Map(pids.map((p) => [p, cpuMsOf(p)] as const).filter(([, ms]) => Number.isFinite(ms)));
      start = now();
    },
    async end(requests: number): Promise<CpuSplit> {
      const e = now();
      let pg = 0;
      for (const [pid, ms] of pgStart) {
        const later = cpuMsOf(pid);
        if (Number.isFinite(later)) pg += later - ms;
      }
      return { client: (e.client - start.client) / requests, server: (e.server - start.server) / requests, pg: pg / requests };
    },
  };
}

type Run = RunStats & { cpu?: CpuSplit };

/** Drives `fn` from `concurrency` loops: `warmupS` unrecorded, then `seconds` recorded. */
async function drive(concurrency: number, mix: { label: string }[], fn: (i: number) => Promise<boolean>, window: { warmupS: number; seconds: number }, probe?: ReturnType<typeof cpuProbe>): Promise<Run> {
  const { warmupS, seconds } = window;
  const latencies: number[] = [];
  const byLabel = new Map<string, number[]>(mix.map((m) => [m.label, []]));
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  const recordFrom = t0 + warmupS * 1000;
  const end = recordFrom + seconds * 1000;
  let lastError: unknown;
  const loop = async () => {
    for (;;) {
      const start = performance.now();
      if (start >= end) return;
      const i = next++;
      let ok = false;
      try {
        ok = await fn(i);
      } catch (err) {
        lastError = err;
      }
      const done = performance.now();
      if (start < recordFrom || done > end) continue;
      if (!ok) errors++;
      const ms = done - start;
      latencies.push(ms);
      byLabel.get(mix[i % mix.length]!.label)!.push(ms);
    }
  };
  const begun = new Promise<void>((resolve) => setTimeout(() => void probe?.begin().then(resolve, resolve), warmupS * 1000));
  // the window closes at the end of the recorded time: requests finishing later are not recorded
  const ended = new Promise<CpuSplit | undefined>((resolve) =>
    setTimeout(() => void begun.then(() => probe?.end(latencies.length || 1)).then(resolve, () => resolve(undefined)), (warmupS + seconds) * 1000),
  );
  await Promise.all(Array.from({ length: concurrency }, loop));
  const cpu = await ended;
  if (errors && lastError) console.log(`  last error: ${String(lastError)}`);
  return { requests: latencies.length, errors, seconds, latencies, byLabel, cpu };
}

/** The turns of one side as one run (CPU per request weighted by each turn's requests). */
function merged(runs: Run[]): Run {
  const byLabel = new Map<string, number[]>();
  for (const r of runs) for (const [label, l] of r.byLabel) byLabel.set(label, [...(byLabel.get(label) ?? []), ...l]);
  const withCpu = runs.filter((r) => r.cpu);
  const weighed = withCpu.reduce((n, r) => n + r.requests, 0) || 1;
  const cpuOf = (k: keyof CpuSplit) => withCpu.reduce((sum, r) => sum + r.cpu![k] * r.requests, 0) / weighed;
  return {
    requests: runs.reduce((n, r) => n + r.requests, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    latencies: runs.flatMap((r) => r.latencies),
    byLabel,
    cpu: withCpu.length ? { client: cpuOf('client'), server: cpuOf('server'), pg: cpuOf('pg') } : undefined,
  };
}

/** Where the CPU of a request went: the figures that explain the ratio on a shared machine. */
function cpuFigure(name: string, cpu: CpuSplit | undefined): Figure[] {
  if (!cpu || !Number.isFinite(cpu.server + cpu.pg + cpu.client)) return [];
  const parts = [`load client ${cpu.client.toFixed(2)}`, ...(cpu.server ? [`server ${cpu.server.toFixed(2)}`] : []), `PostgreSQL ${cpu.pg.toFixed(2)} ms`];
  return [{ name, value: cpu.client + cpu.server + cpu.pg, unit: 'ms', note: parts.join(' + ') }];
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(s: RunStats) {
  const all = [...s.latencies].sort((a, b) => a - b);
  return { rps: s.requests / s.seconds, p50: pct(all, 50), p99: pct(all, 99) };
}

function printByLabel(title: string, s: RunStats) {
  console.log(`  ${title}:`);
  for (const [label, l] of s.byLabel) {
    const sorted = [...l].sort((a, b) => a - b);
    console.log(`    ${label.padEnd(34)} n=${String(sorted.length).padStart(6)}  p50 ${pct(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${pct(sorted, 99).toFixed(1).padStart(6)} ms`);
  }
}

function loadavg(): string {
  return os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');
}

function qs(input: Input): string {
  return new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

function chinaDay(daysAgo: number): string {
  return new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** One GET on a keep-alive connection of the load client's pool. */
async function get(client: HttpPool, path: string, token: string): Promise<{ status: number; body: string }> {
  const res = await client.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: await res.body.text() };
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/merchant/v1/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 1, mobile: MOBILE, password: PASSWORD }),
  });
  const body = (await r.json()) as { code: number; msg: string; data: { token?: string } | null };
  const token = body.data?.token;
  if (body.code !== 1000 || !token) throw new Error(`login failed: ${body.code} ${body.msg}`);
  return token;
}

export const orderListBenchmark: Benchmark = {
  name: 'orderList',
  description: `merchant order list API at ${ORDERS.toLocaleString('en')} orders (PostgreSQL), ${CONNECTIONS} connections, vs the same SQL through pg`,
  async run(): Promise<Figure[]> {
    const gen = await ensureOrderData(ORDERS);
    const url = benchDbUrl();

    // the mix: ids and order numbers of the demo merchant from the data
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    pool.on('error', () => {});
    let server: Awaited<ReturnType<typeof startServerOn>> | undefined;
    let client: HttpPool | undefined;
    try {
      const merchantId = Number(
        (await pool.query<{ id: string }>(`select merchant_id as id from accounts where mobile = $1 and user_type = 'trader'`, [MOBILE])).rows[0]!.id,
      );
      const orderNos = (
        await pool.query<{ order_no: string }>(
          `select order_no from testing_orders where merchant_id = $1 and id % 997 = 0 order by id desc limit 20`,
          [merchantId],
        )
      ).rows.map((r) => r.order_no);
      const mix: MixEntry[] = [
        { label: 'first page (default sort)', inputs: [{ page: 1, page_size: 20 }] },
        { label: 'status=awaiting_arrival', inputs: [{ page: 1, page_size: 20, status: 'awaiting_arrival' }] },
        { label: 'status=completed', inputs: [{ page: 1, page_size: 20, status: 'completed' }] },
        { label: 'date range (one week, 30 d ago)', inputs: [{ page: 1, page_size: 20, start_date: chinaDay(30), end_date: chinaDay(24) }] },
        { label: 'order no (exact, as the API does)', inputs: orderNos.map((n) => ({ page: 1, page_size: 20, order_no: n })) },
        { label: 'page 50', inputs: [{ page: 50, page_size: 20 }] },
      ];
      const inputOf = (i: number) => {
        const m = mix[i % mix.length]!;
        return m.inputs[Math.floor(i / mix.length) % m.inputs.length]!;
      };

      // ---- the API and the same SQL through pg alone, in turns (ROUNDS of each), so a machine
      // that speeds up or slows down over the minute (a shared VM does) weighs on both alike
      const profDir = process.env.BENCH_SERVER_CPU_PROF;
      const serverEnv = { WEB_CONCURRENCY: String(WORKERS), DB_POOL_SIZE: String(Math.max(1, Math.round(POOL / WORKERS))), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' };
      server = await startServerOn(url, serverEnv, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
      const token = await login(server.url);
      client = new HttpPool(server.url, { connections: CONNECTIONS, pipelining: 1 });
      const http = client;
      const base = `/api${ordersApi.merchant.list.path}?`;
      for (const m of mix) {
        const r = await get(http, base + qs(m.inputs[0]!), token);
        const body = JSON.parse(r.body) as { code: number; msg: string; data: { total: number; list: unknown[] } | null };
        if (body.code !== 1000 || !body.data) throw new Error(`${m.label}: ${r.status} ${body.code} ${body.msg}`);
        console.log(`  ${m.label.padEnd(34)} total ${String(body.data.total).padStart(7)}, ${body.data.list.length} rows`);
      }
      const callApi = async (i: number) => {
        const r = await get(http, base + qs(inputOf(i)), token);
        return r.status === 200 && r.body.startsWith('{"code":1000');
      };

      // raw: the repo's SQL through pg alone
      const sqlDb = drizzle(pool, { schema }) as unknown as Db;
      const now = new Date();
      const dialect = new PgDialect();
      const rawQueries = mix.map((m) =>
        m.inputs.map((input) => {
          const q = orderListQuery.parse(input);
          const filter = filterOf(q, { merchantId }, now);
          const built = listOrdersQueries(sqlDb, filter, {
            limit: q.page_size,
            offset: (q.page - 1) * q.page_size,
            sortBy: q.sort_by,
            sortOrder: q.sort_order,
          });
          const pageStatement = listPageStatement(sqlDb, filter, { limit: q.page_size, offset: (q.page - 1) * q.page_size, sortBy: q.sort_by, sortOrder: q.sort_order });
          return { page: pageStatement, total: built.total.toSQL(), estimate: dialect.sqlToQuery(built.estimate), key: estimateKey(filter), exact: countedExactly(filter) };
        }),
      );
      if (process.env.BENCH_PRINT_SQL) console.log(rawQueries[0]![0]!.page.text);
      // as repo.listOrders: the page with its total in one statement (order_counts, or the capped
      // count), prepared under the repo's name (drizzle reads rows as arrays, so do we); the total
      // alone for an empty page; past the cap of a capped count the estimate, once a minute per filter
      const estimated = new Map<string, number>();
      const callRaw = async (i: number) => {
        const m = rawQueries[i % mix.length]!;
        const q = m[Math.floor(i / mix.length) % m.length]!;
        const r = await pool.query<unknown[]>({ ...q.page, rowMode: 'array' });
        const first = r.rows[0];
        const n = first ? Number(first[first.length - 1]) : Number((await pool.query<unknown[]>({ text: q.total.sql, values: q.total.params, rowMode: 'array' })).rows[0]![0]);
        if (n > EXACT_TOTAL_CAP && !q.exact && !(Date.now() - (estimated.get(q.key) ?? -Infinity) < 60_000)) {
          await pool.query(q.estimate.sql, q.estimate.params);
          estimated.set(q.key, Date.now());
        }
        return true;
      };

      const loadBefore = loadavg();
      const backends = async () =>
        (await pool.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
      const apiRuns: Run[] = [];
      const rawRuns: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // the first turn of each warms it up (JIT, prepared statements, pools); later turns settle a second
        const window = { warmupS: round === 0 ? WARMUP_S : 1, seconds: DURATION_S / ROUNDS };
        apiRuns.push(await drive(CONNECTIONS, mix, callApi, window, cpuProbe(server.child.pid, backends)));
        rawRuns.push(await drive(CONNECTIONS, mix, callRaw, window, cpuProbe(undefined, backends)));
      }
      await client.close();
      client = undefined;
      await server.stop();
      server = undefined;
      const api = merged(apiRuns);
      const raw = merged(rawRuns);
      printByLabel('API by query', api);
      printByLabel('raw by query', raw);
      const turns = apiRuns.map((t, k) => `${(t.requests / t.seconds).toFixed(0)}/${(rawRuns[k]!.requests / rawRuns[k]!.seconds).toFixed(0)}`);
      console.log(`  req/s per turn (API/raw): ${turns.join(', ')}`);

      const a = summary(api);
      const r = summary(raw);
      const load = `load avg 1/5/15 min: before ${loadBefore}, after ${loadavg()} (${os.cpus().length} cores)`;
      console.log(`  ${load}`);
      return [
        {
          name: 'data generation',
          value: gen.seconds,
          unit: 's',
          note: gen.generated ? `${gen.orders} orders generated now` : `reused ${gen.orders} orders already in ${url.replace(/^.*\//, '')}`,
        },
        { name: 'API req/s', value: a.rps, unit: 'req/s', note: `${CONNECTIONS} connections, ${DURATION_S} s, ${api.errors} errors; ${WORKERS} server processes × ${serverEnv.DB_POOL_SIZE} connections; ${gen.demoMerchantOrders} orders for the merchant` },
        { name: 'API p50', value: a.p50, unit: 'ms' },
        { name: 'API p99', value: a.p99, unit: 'ms', budget: { max: 50 } },
        { name: 'raw pg req/s', value: r.rps, unit: 'req/s', note: `pool ${POOL}, ${CONNECTIONS} concurrent, ${raw.errors} errors` },
        { name: 'raw pg p99', value: r.p99, unit: 'ms' },
        { name: 'ratio API/raw', value: a.rps / r.rps, unit: '×', budget: { min: 0.7 }, note: load },
        ...cpuFigure('API CPU per request', api.cpu),
        ...cpuFigure('raw CPU per request', raw.cpu),
      ];
    } finally {
      await client?.close();
      await server?.stop();
      await pool.end();
    }
  },
};
