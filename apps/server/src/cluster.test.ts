import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { authApi, Codes, ordersApi } from '@gemqc/contract';
import { copyTestTemplate } from '../test/db';

// WEB_CONCURRENCY=2 as `npm start` would run it: a primary and two server processes on one port.
const onServer = inject('testDb').kind === 'postgres';

let child: ChildProcess;
let dataDir: string;
let base: string;
let dropDb: () => Promise<void>;
const logFile = () => path.join(dataDir, 'server.log');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** One request on a connection of its own, so the cluster hands each to the next server process. */
function call(method: string, pathname: string, token?: string, body?: unknown): Promise<{ code: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${base}/api${pathname}`, {
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
    const db = await copyTestTemplate();
    dropDb = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-cluster-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const out = fs.openSync(logFile(), 'a');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, NODE_ENV: 'production', WEB_CONCURRENCY: '2', DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', REDIS_URL: '' },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    const deadline = Date.now() + 45_000;
    while (!fs.readFileSync(logFile(), 'utf8').includes('2 server processes')) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${fs.readFileSync(logFile(), 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`not ready in 45 s:\n${fs.readFileSync(logFile(), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    await dropDb?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts two server processes on one port, each ready once', () => {
    const ready = fs
      .readFileSync(logFile(), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"GemQC ready"'))
      .map((l) => JSON.parse(l) as { pid: number; worker: number });
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
    const pids = fs
      .readFileSync(logFile(), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"GemQC ready"'))
      .map((l) => (JSON.parse(l) as { pid: number }).pid);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
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
