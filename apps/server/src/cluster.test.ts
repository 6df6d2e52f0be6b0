import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authApi, Codes, ordersApi } from '@gemqc/contract';
import { startServer, type StartedServer } from '../../../e2e/server';

// WEB_CONCURRENCY=2 as `npm start` would run it: a primary and two server processes on one port.
const onServer = inject('testDb').kind === 'postgres';

let server: StartedServer;

/** The 'GemQC ready' log lines of the server processes. */
function readyLines(): { pid: number; worker: number }[] {
  return fs
    .readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"GemQC ready"'))
    .map((l) => JSON.parse(l) as { pid: number; worker: number });
}

/** One request on a connection of its own, so the cluster hands each to the next server process. */
function call(method: string, pathname: string, token?: string, body?: unknown): Promise<{ code: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${server.url}/api${pathname}`, {
      method,
      agent: false,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(JSON.parse(text) as { code: number; data: unknown }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe.runIf(onServer)('WEB_CONCURRENCY=2 (cluster)', () => {
  beforeAll(async () => {
    // the API alone (no web build to serve); a new database the primary migrates and seeds
    server = await startServer({ env: { WEB_CONCURRENCY: '2', WEB_DIST: path.join(os.tmpdir(), 'gemqc-no-web-build'), REDIS_URL: '' } });
    const deadline = Date.now() + 45_000;
    while (readyLines().length < 2) {
      if (Date.now() > deadline) throw new Error(`not ready in 45 s:\n${fs.readFileSync(server.logFile, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => server?.stop());

  it('starts two server processes on one port, each ready once', () => {
    const ready = readyLines();
    expect(ready.map((r) => r.worker).sort()).toEqual([0, 1]);
    expect(new Set(ready.map((r) => r.pid)).size).toBe(2);
  });

  it('signs in on one process and is signed out on every process by a logout on one', async () => {
    const login = await call('POST', authApi.merchant.login.path, undefined, { type: 1, mobile: '13800000001', password: 'Demo@123456' });
    expect(login.code).toBe(Codes.OK);
    const token = (login.data as { token: string }).token;
    // new connections alternate between the processes: both know (and cache) the session
    for (let i = 0; i < 4; i++) expect((await call('GET', `${ordersApi.merchant.list.path}?page=1&page_size=5`, token)).code).toBe(Codes.OK);
    expect((await call('POST', authApi.merchant.logout.path, token)).code).toBe(Codes.OK);
    for (let i = 0; i < 4; i++) expect((await call('GET', `${ordersApi.merchant.list.path}?page=1&page_size=5`, token)).code).toBe(Codes.UNAUTHENTICATED);
  });

  it('stops its server processes on SIGTERM', async () => {
    const pids = readyLines().map((r) => r.pid);
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
