import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_STREAM_PATH } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { openStreamCount } from './stream';

/**
 * Limits and ends of the live notification streams (issue 27): a cap per account (the oldest
 * ends) and per process (1029), and a stream ends once its session is signed out, its account
 * disabled or its permissions changed, instead of receiving events until it times out.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  // streams would otherwise last 1 s in tests: 10 minutes here, so only what the test does ends them
  t = await createTestApp({ config: { notificationStreamMs: 600_000, notificationStreams: { perAccount: 2, total: 6 } }, deps: { backgroundJobs: false } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

interface OpenedStream {
  status: number;
  body: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  abort(): void;
}

async function stream(token: string): Promise<OpenedStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api${NOTIFICATION_STREAM_PATH}?after=0`, { headers: t.auth(token), signal: ctrl.signal });
  if (res.status !== 200) return { status: res.status, body: await res.json(), ended: Promise.resolve(), abort: () => {} };
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      /* aborted by the test */
    }
  })();
  return { status: 200, body: null, ended, abort: () => ctrl.abort() };
}

/** Waits until the server side counts `n` open streams (the count drops as streams end). */
async function untilOpen(n: number) {
  while (openStreamCount(t.app.deps) !== n) await new Promise((r) => setTimeout(r, 20));
}

describe('notification streams (issue 27)', () => {
  it('ends a stream once its session signs out', async () => {
    const token = await t.login('trader', '13800000001');
    const s = await stream(token);
    expect(s.status).toBe(200);
    await untilOpen(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/logout', headers: t.auth(token) })).json().code).toBe(1000);
    await s.ended; // the test times out if the stream keeps going
    await untilOpen(0);
  });

  it('ends a sub-account’s stream when the owner disables it, and when its role’s permissions change', async () => {
    const owner = await t.login('qualityInspection', '13900000001');
    const clerk = await t.login('qualityInspection', '13900000002');
    const id = (await t.database.db.execute(sql`select id, role_id from accounts where mobile = '13900000002' and user_type = 'qualityInspection'`)) as unknown as { rows: { id: number; role_id: number }[] };
    const { id: clerkId, role_id: roleId } = id.rows[0]!;

    const s1 = await stream(clerk);
    expect(s1.status).toBe(200);
    await t.database.db.execute(sql`update roles set permissions = '{}' where id = ${roleId}`);
    await s1.ended;

    const s2 = await stream(clerk); // the same session, with the new permissions
    expect(s2.status).toBe(200);
    const r = await t.app.inject({ method: 'POST', url: '/api/warehouse/v1/Account/status', headers: t.auth(owner), payload: { id: String(clerkId), status: 0 } });
    expect(r.json().code).toBe(1000);
    await s2.ended;
    await untilOpen(0);
  });

  it('keeps NOTIFICATION_STREAMS_PER_ACCOUNT streams per account (a new one ends the oldest) and refuses above the total with 1029', async () => {
    const token = await t.login('base', '13700000001');
    const a = await stream(token);
    const b = await stream(token);
    await untilOpen(2);
    const c = await stream(token); // the third of the account: the oldest (a) ends
    await a.ended;
    await untilOpen(2);

    const others = [await t.login('trader', '13800000002'), await t.login('base', '13700000009'), await t.login('qualityInspection', '13900000009')];
    const more = [await stream(others[0]!), await stream(others[0]!), await stream(others[1]!), await stream(others[1]!)];
    await untilOpen(6);
    const refused = await stream(others[2]!);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 1029, msg: '当前在线的消息连接过多，请稍后刷新页面重试' });
    for (const s of [b, c, ...more]) s.abort();
    await untilOpen(0);
  });

  it('has defaults in the config table', () => {
    expect(testConfig().notificationStreams).toEqual({ perAccount: 5, total: 2000 });
  });
});
