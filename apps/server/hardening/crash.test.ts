import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seeds/core';
import { adminUrl } from '../test/pg';
import { withDatabase } from '../test/global-setup';

/**
 * Crash of issue 13: the server started as `npm start` starts it (its own process, the embedded
 * PGlite folder or a PostgreSQL database), 1,000 writes (orders with items, top-ups) in flight,
 * SIGKILL half-way, a restart on the same data: every write answered 1000 is there, nothing is
 * half-written, every balance is its ledger. On PGlite the killed process's lock file is taken over.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WRITES = 1000;
const TOP_UPS = 200;
const IN_FLIGHT = 32;
const KILL_AFTER = 400; // answered writes before the SIGKILL

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

/** `node --import tsx apps/server/src/main.ts` (what `npm start` runs, from the sources) on this data. */
async function start(env: Record<string, string>, logFile: string): Promise<Running> {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SMS_PROVIDER: 'console', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a first start on PGlite creates and seeds the folder
  for (;;) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`server exited at start:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, exited };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in 300 s:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function post(url: string, token: string | null, body: unknown): Promise<{ code: number; data: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

/** The manager signs in by SMS: the console provider writes the code to the server log. */
async function managerToken(base: string, logFile: string): Promise<string> {
  const mobile = '13600000001';
  const sent = await post(`${base}/api/publics/v1/Sms/send`, null, { mobile });
  if (sent.code !== 1000) throw new Error(`SMS send: ${JSON.stringify(sent)}`);
  // the child writes its log asynchronously: wait (up to 15 s) for the code's line to reach the file
  let code: string | undefined;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const line = fs.readFileSync(logFile, 'utf8').split('\n').reverse().find((l) => l.includes(`"mobile":"${mobile}"`) && l.includes('sms_code'));
    code = /"sms_code":"(\d{6})"/.exec(line ?? '')?.[1];
  }
  if (!code) throw new Error('the SMS code never reached the server log');
  const login = await post(`${base}/api/admin/v1/login`, null, { mobile, verify_code: code });
  if (login.code !== 1000) throw new Error(`manager login: ${JSON.stringify(login)}`);
  return login.data.token as string;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('a server killed mid-write loses nothing it acknowledged', () => {
  it(`1,000 concurrent writes, SIGKILL after ${KILL_AFTER} answers, restart: acknowledged writes whole, balances equal ledgers`, async () => {
    const kind = inject('testDb').kind;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-crash-'));
    const logFile = path.join(dataDir, 'server.log');
    const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), DATABASE_URL: '' };
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const { default: pg } = await import('pg');
      const name = `gemqc_crash_${crypto.randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      databaseUrl = withDatabase(adminUrl(), name);
      env.DATABASE_URL = databaseUrl;
      cleanups.push(async () => {
        const a = new pg.Client({ connectionString: adminUrl() });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      });
    }
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    let server = await start(env, logFile);
    cleanups.push(async () => {
      if (server.child.exitCode === null && !server.child.signalCode) server.child.kill('SIGKILL');
    });
    const base = server.url;
    const a = await post(`${base}/api/merchant/v1/User/login`, null, { mobile: '13800000001', password: DEMO_PASSWORD, type: 1 });
    const tokenA = a.data.token as string;
    const tokenM = await managerToken(base, logFile);
    const stations = (await (await fetch(`${base}/api/merchant/v1/Testing/stationList`, { headers: { authorization: `Bearer ${tokenA}` } })).json()) as { data: { id: string }[] | { list: { id: string }[] } };
    const centreId = (Array.isArray(stations.data) ? stations.data : stations.data.list)[0]!.id;
    const gems = (await (await fetch(`${base}/api/merchant/v1/Testing/gemList`, { headers: { authorization: `Bearer ${tokenA}` } })).json()) as { data: { id: string }[] | { list: { id: string }[] } };
    const categoryId = (Array.isArray(gems.data) ? gems.data : gems.data.list)[0]!.id;

    // 1,000 writes: every fifth a top-up with its own idempotency key, the others orders of 1–3 items
    const ackedOrders = new Map<string, number>();
    const ackedTopUps: string[] = [];
    let answered = 0;
    let killed = false;
    const listRes = (await (await fetch(`${base}/api/admin/v1/Merchant/list?keyword=13800000001`, { headers: { authorization: `Bearer ${tokenM}` } })).json()) as { data: { list: { id: string }[] } };
    const idA = listRes.data.list[0]!.id;
    const writes = Array.from({ length: WRITES }, (_, i) => i);
    let next = 0;
    const worker = async () => {
      while (next < writes.length) {
        const i = writes[next++]!;
        try {
          if (i % (WRITES / TOP_UPS) === 0) {
            const key = `crash-${i}-${crypto.randomBytes(6).toString('hex')}`;
            const r = await post(`${base}/api/admin/v1/Merchant/topUp`, tokenM, { id: idA, amount: 100 + i, idempotency_key: key });
            if (r.code === 1000) ackedTopUps.push(key);
          } else {
            const items = 1 + (i % 3);
            const r = await post(`${base}/api/merchant/v1/Testing/orderCreate`, tokenA, {
              centre_id: centreId,
              buyer_name: `崩溃测试${i}`,
              buyer_phone: '13900002222',
              buyer_address: '广东省广州市番禺区崩溃测试路3号',
              items: Array.from({ length: items }, (_, k) => ({ name: `崩溃测试物品${k + 1}`, category_id: categoryId, declared_value: 1000 })),
            });
            if (r.code === 1000) ackedOrders.set(r.data.id as string, items);
          }
        } catch {
          /* the connection died with the server: not acknowledged */
        }
        answered++;
        if (answered >= KILL_AFTER && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await server.exited;
    expect(killed).toBe(true);
    expect(ackedOrders.size + ackedTopUps.length).toBeGreaterThanOrEqual(KILL_AFTER - IN_FLIGHT);

    // restart on the same data (PGlite: the dead process's lock file is taken over)
    server = await start(env, logFile);
    const again = await post(`${server.url}/api/merchant/v1/User/login`, null, { mobile: '13800000001', password: DEMO_PASSWORD, type: 1 });
    expect(again.code).toBe(1000);
    server.child.kill('SIGTERM');
    await server.exited;

    const database: Database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2, migrate: false } : { pgliteDir: path.join(dataDir, 'db'), migrate: false });
    cleanups.push(() => database.close());
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const ids = [...ackedOrders.keys()];
    const all = new Map((await rows<{ id: string; items: number }>(sql`select o.id::text, (select count(*)::int from order_items i where i.order_id = o.id) as items from testing_orders o`)).map((r) => [r.id, r.items]));
    const lost = ids.filter((id) => !all.has(id));
    const wrongItems = ids.filter((id) => all.has(id) && all.get(id) !== ackedOrders.get(id));
    const keys = await rows<{ k: string }>(sql`select idempotency_key as k from ledger_entries where type = 'TOP_UP'`);
    const lostTopUps = ackedTopUps.filter((key) => keys.filter((r) => r.k?.includes(key)).length !== 1);
    const ordersWithoutItems = await rows<{ id: string }>(sql`select o.id::text from testing_orders o where not exists (select 1 from order_items i where i.order_id = o.id)`);
    const off = await rows<{ id: string }>(sql`select m.id::text from merchants m left join ledger_entries l on l.merchant_id = m.id group by m.id, m.balance having m.balance <> coalesce(sum(l.amount), 0)`);
    console.log('[hardening] crash', JSON.stringify({ database: kind, writes: WRITES, answeredBeforeKill: answered, ackedOrders: ackedOrders.size, ackedTopUps: ackedTopUps.length, lostOrders: lost.length, ordersWithWrongItems: wrongItems.length, lostTopUps: lostTopUps.length, ordersWithoutItems: ordersWithoutItems.length, balancesOffLedger: off.length }));
    expect({ lost, wrongItems, lostTopUps, ordersWithoutItems, off }).toEqual({ lost: [], wrongItems: [], lostTopUps: [], ordersWithoutItems: [], off: [] });
  });
});
