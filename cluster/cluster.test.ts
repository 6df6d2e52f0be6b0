import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthApi, feedbackApi, authApi, recordingsApi, warehouseApi } from '@gemqc/contract';
import { startLocalS3, type LocalS3 } from '../apps/server/test/s3-server';
import { fakeShopTokens, startFakeDoudian, type FakeDoudian } from '../apps/server/src/integrations/doudian/fake';
import { encryptSecret } from '../apps/server/src/platform/crypto';
import { DEMO_VIDEO_FILE } from '../apps/server/src/db/seeds/orders';
import { S3FileStorage } from '../apps/server/src/platform/storage-s3';
import { createDatabase, startHaproxy, startHost, type Host } from './hosts';

/**
 * Many machines (issue 16): three GemQC hosts — separate processes on their own ports — on one
 * PostgreSQL database, the machine's Redis and a local S3 server, behind HAProxy. A mixed workload
 * of 1,000 requests through the balancer, during which the host making a shipment report to the
 * shop platform (a job of the queue, its call hanging) gets SIGKILL: another host makes it.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const TOTAL = 1000;
const SECRET_KEY = 'cluster-test-secret';
const CONCURRENCY = 8;
const KILL_AT = 500;

let db: { url: string; drop(): Promise<void> };
let s3: LocalS3;
let doudian: FakeDoudian;
const hosts: Host[] = [];
let lb: { url: string; close(): Promise<void> };
let sql: pg.Client;

interface Answer {
  status: number;
  code?: number;
  data?: Record<string, unknown>;
  error?: string;
}

async function call(base: string, method: 'GET' | 'POST', path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    let json: { code?: number; data?: Record<string, unknown> } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      /* HAProxy's own error page */
    }
    return { status: res.status, code: json.code, data: json.data };
  } catch (err) {
    return { status: 0, error: String((err as { cause?: unknown }).cause ?? err) };
  }
}

async function login(base: string, api: { path: string }, mobile: string): Promise<string> {
  const r = await call(base, 'POST', api.path, { body: { mobile, password: 'Demo@123456', type: 1 } });
  if (r.code !== 1000) throw new Error(`login ${mobile} via ${base}: ${JSON.stringify(r)}`);
  return r.data!.token as string;
}

beforeAll(async () => {
  db = await createDatabase(adminUrl);
  s3 = await startLocalS3({ bucket: 'gemqc-cluster' });
  doudian = await startFakeDoudian({ appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    ...s3.env,
    SECRET_KEY, // one key for every host: signed links and tokens at rest
    DOUDIAN_GATEWAY_URL: doudian.url, // one platform for all hosts (the embedded fake is single-host)
    DOUDIAN_AUTH_URL: doudian.authorizeUrl,
    TRUST_PROXY: '127.0.0.1',
    RATE_LOGIN_PER_MINUTE: '100000',
    LOG_LEVEL: 'info',
    DB_POOL_SIZE: '5',
    DOUDIAN_TIMEOUT_MS: '30000', // a hanging platform call holds its report 35 s (past the kill), then another host may take it
  };
  // the first host migrates and seeds; the others join the prepared database
  hosts.push(await startHost('h1', { ...env, SEED_DEMO: 'true' }));
  hosts.push(...(await Promise.all([startHost('h2', { ...env, SEED_DEMO: 'false' }), startHost('h3', { ...env, SEED_DEMO: 'false' })])));
  lb = await startHaproxy(hosts);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await lb?.close();
  await Promise.all(hosts.map((h) => h.remove()));
  await doudian?.close();
  await s3?.close();
  await db?.drop();
});

describe('three hosts behind HAProxy', () => {
  it('share sessions, recordings and the job queue, and keep every answered write and a queued shipment report through a SIGKILL', async () => {
    const [h1, h2, h3] = hosts as [Host, Host, Host];

    // a shipment of a shop's order, reported through the queue; the platform hangs on the call, so
    // the host that took the job is in the middle of it: that host is the one killed
    const shop = (await sql.query<{ id: string; merchant_id: string }>(`select id, merchant_id from shops where shop_id = '4463798'`)).rows[0]!;
    const used = new Set((await sql.query<{ p: string }>(`select platform_order_id as p from testing_orders where platform_order_id is not null`)).rows.map((r) => r.p));
    const platformOrder = doudian.ordersOf('4463798').find((o) => o.order_status === 2 && !used.has(o.order_id))!;
    const bound = (
      await sql.query<{ id: string }>(`select o.id from testing_orders o join centres c on c.id = o.centre_id where o.status = 'bound' and c.code = 'GZPY' and o.merchant_id = $1 order by o.id limit 1`, [shop.merchant_id])
    ).rows[0]!;
    await sql.query(`update testing_orders set shop_id = $1, platform_order_id = $2 where id = $3`, [shop.id, platformOrder.order_id, bound.id]);
    // the shop's tokens sealed with the hosts' SECRET_KEY (the seed ran under vitest's environment)
    const tokens = fakeShopTokens('demo-app-secret', '4463798', '翠玉轩珠宝官方旗舰店');
    await sql.query(`update shops set access_token_enc = $1, refresh_token_enc = $2, status = 'active' where id = $3`, [
      encryptSecret(SECRET_KEY, tokens.accessToken),
      encryptSecret(SECRET_KEY, tokens.refreshToken),
      shop.id,
    ]);
    doudian.failNext('order.logisticsAdd', 'timeout', 1, 120_000);
    const shipper = await login(h1.url, authApi.warehouse.login, '13900000001');
    const shipWaybill = `SF${Date.now() % 1e9}`;
    expect((await call(h1.url, 'POST', warehouseApi.orderShip.path, { token: shipper, body: { id: bound.id, carrier: '顺丰速运', waybill: shipWaybill } })).code).toBe(1000);
    const holder = async () => (await sql.query<{ state: string; by: string }>(`select state, claimed_by as by from platform_shipments where order_id = $1`, [bound.id])).rows[0];
    await expect.poll(async () => (await holder())?.state, { timeout: 120_000, interval: 250 }).toBe('sending'); // the ship's host queues it, or the minute sweep of any host
    await expect.poll(() => doudian.calls.some((c) => c.method === 'order.logisticsAdd' && c.subCode === 'fault:timeout'), { timeout: 30_000 }).toBe(true);
    const pidOf = (by: string) => Number(by.split(':').at(-1));
    const holdingPid = pidOf((await holder())!.by);
    const victim = hosts.find((h) => h.child.pid === holdingPid)!;
    expect(victim).toBeDefined();
    const survivors = hosts.filter((h) => h !== victim) as [Host, Host];

    // a session made on one host works on the others
    const made = await login(h1.url, authApi.merchant.login, '13800000001');
    for (const h of [h2, h3]) expect((await call(h.url, 'GET', authApi.merchant.info.path, { token: made })).code).toBe(1000);

    // a recording uploaded through the host about to die plays through the others with Range
    const video = fs.readFileSync(DEMO_VIDEO_FILE);
    const order = (await sql.query<{ id: string }>(`select o.id from testing_orders o join centres c on c.id = o.centre_id where o.status = 'received' and c.code = 'GZPY' order by o.id limit 1`)).rows[0];
    expect(order).toBeDefined();
    const wh = await login(victim.url, authApi.warehouse.login, '13900000001');
    const up = await fetch(`${victim.url}/api${recordingsApi.upload.path}?order_id=${order!.id}&kind=unboxing&file_name=cluster.mp4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${wh}`, 'content-type': 'video/mp4' },
      body: video,
    });
    const recording = ((await up.json()) as { code: number; data: { url: string; size: number } });
    expect(recording.code).toBe(1000);
    expect(recording.data.size).toBe(video.length);

    // the mixed workload through the balancer; the host making the report is killed at request KILL_AT
    const trader = await login(lb.url, authApi.merchant.login, '13800000001');
    const written: string[] = [];
    const answers: Answer[] = [];
    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        if (i === KILL_AT) {
          void victim.kill('SIGKILL');
        }
        let a: Answer;
        if (i % 10 < 4) {
          a = await call(lb.url, 'POST', feedbackApi.merchant.path, { token: trader, body: { content: `cluster write ${i}` } });
          if (a.code === 1000) written.push(a.data!.id as string);
        } else if (i % 10 < 9) a = await call(lb.url, 'GET', authApi.merchant.info.path, { token: trader });
        else a = await call(lb.url, 'GET', healthApi.ready.path);
        answers.push(a);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const workloadMs = Date.now() - started;

    // the report the killed host was making is made by a survivor (its lease ended: the queue's
    // minute sweep queues it again), exactly once on the platform
    await expect.poll(async () => (await holder())?.state, { timeout: 150_000, interval: 500 }).toBe('synced');
    expect(survivors.map((h) => h.child.pid)).toContain(pidOf((await holder())!.by));
    expect(doudian.shipments.filter((x) => x.orderId === platformOrder.order_id)).toEqual([expect.objectContaining({ companyCode: 'shunfeng', waybill: shipWaybill })]);

    // every write answered 1000 is in the database; only requests in flight on the killed host failed
    const ok = answers.filter((a) => a.code === 1000).length;
    const failed = answers.filter((a) => a.code !== 1000);
    console.log(`cluster workload: ${TOTAL} requests in ${workloadMs} ms, ${ok} answered 1000, ${failed.length} failed (${JSON.stringify(failed.slice(0, 5))}); ${written.length} writes`);
    expect(answers).toHaveLength(TOTAL);
    expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
    const stored = await sql.query<{ id: string }>(`select id::text as id from feedback where id = any($1::bigint[])`, [written]);
    expect(stored.rows.length).toBe(written.length);
    expect(written.length).toBeGreaterThanOrEqual(TOTAL * 0.4 - CONCURRENCY);

    // the recording uploaded through the dead host plays through the survivors, by range
    for (const h of survivors) {
      const part = await fetch(`${h.url}/api${recording.data.url}`, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    }
    const objects = new S3FileStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    expect((await objects.list('recordings/')).some((o) => o.size === video.length)).toBe(true);
    objects.close();

    // a logout on one host ends the session on every host
    const [a, b] = survivors;
    const session = await login(a.url, authApi.merchant.login, '13800000002');
    expect((await call(b.url, 'GET', authApi.merchant.info.path, { token: session })).code).toBe(1000);
    expect((await call(a.url, 'POST', authApi.merchant.logout.path, { token: session })).code).toBe(1000);
    expect((await call(b.url, 'GET', authApi.merchant.info.path, { token: session })).code).toBe(403);
    expect((await call(lb.url, 'GET', authApi.merchant.info.path, { token: session })).code).toBe(403);
  });
});
