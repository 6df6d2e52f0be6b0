import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@gemqc/contract';
import { freePort, repoRoot } from '../e2e/server';
import { createDatabase, startHaproxy, type Balancer } from './hosts';

/**
 * Stopping a host the way a supervisor or `docker stop` does (issue 27): two hosts started with
 * `npm start` behind HAProxy; one gets SIGTERM on its whole process group (npm, the launcher and
 * the server all receive it, and the server gets it twice: directly and forwarded). It must drain
 * — /api/ready 503, the balancer takes it out, requests in flight finish — and exit 0, and the
 * clients through the balancer see no error.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DRAIN_SECONDS = 2; // HAProxy: inter 500 ms × fall 2 = 1 s

interface NpmHost {
  name: string;
  port: number;
  url: string;
  npm: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
  dir: string;
}

async function startWithNpm(name: string, env: Record<string, string>): Promise<NpmHost> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gemqc-stop-${name}-`));
  const logFile = path.join(dir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true, // its own process group, as under a supervisor
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web'), GEMQC_SKIP_WEB_BUILD: '1', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => npm.once('exit', (code, signal) => r({ code, signal })));
  const host: NpmHost = { name, port, url: `http://127.0.0.1:${port}`, npm, exited, dir, log: () => fs.readFileSync(logFile, 'utf8') };
  const deadline = Date.now() + 150_000; // the first start may bundle the server
  while (!(await fetch(`${host.url}/api/ready`).then((r) => r.status === 200, () => false))) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`host ${name} did not start: ${host.log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return host;
}

let db: { url: string; drop(): Promise<void> };
const hosts: NpmHost[] = [];
let lb: Balancer;

beforeAll(async () => {
  db = await createDatabase(adminUrl);
  const env = { DATABASE_URL: db.url, SECRET_KEY: 'cluster-stop-secret', TRUST_PROXY: '127.0.0.1', RATE_LOGIN_PER_MINUTE: '100000', LOG_LEVEL: 'info', DB_POOL_SIZE: '5', DRAIN_SECONDS: String(DRAIN_SECONDS) };
  hosts.push(await startWithNpm('s1', { ...env, SEED_DEMO: 'true' })); // bundles the server if needed, migrates and seeds
  hosts.push(await startWithNpm('s2', { ...env, SEED_DEMO: 'false' }));
  lb = await startHaproxy(hosts);
}, 300_000);

afterAll(async () => {
  await lb?.close();
  for (const h of hosts) {
    if (h.npm.exitCode === null && h.npm.signalCode === null) process.kill(-h.npm.pid!, 'SIGTERM');
    await h.exited;
    fs.rmSync(h.dir, { recursive: true, force: true });
  }
  await db?.drop();
});

describe('stopping a host started with npm start', () => {
  it('drains on a SIGTERM to its process group (twice to the server) and exits 0, with no client error through the balancer', async () => {
    const [s1] = hosts as [NpmHost, NpmHost];
    const login = await fetch(`${lb.url}/api${authApi.merchant.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'Demo@123456', type: 1 }),
    }).then((r) => r.json() as Promise<{ code: number; data: { token: string } }>);
    expect(login.code).toBe(1000);

    // clients through the balancer until the stopped host has exited and a little after
    let stopAfter = Infinity;
    let count = 0;
    const failures: string[] = [];
    const client = async () => {
      while (count < stopAfter) {
        count++;
        try {
          const res = await fetch(`${lb.url}/api${authApi.merchant.info.path}`, { headers: { authorization: `Bearer ${login.data.token}` } });
          const body = (await res.json()) as { code: number };
          if (res.status !== 200 || body.code !== 1000) failures.push(`${res.status} ${JSON.stringify(body)}`);
        } catch (err) {
          failures.push(String((err as { cause?: unknown }).cause ?? err));
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    while (count < 100) await new Promise((r) => setTimeout(r, 20));

    process.kill(-s1.npm.pid!, 'SIGTERM'); // npm, the launcher and the server: what `kill -TERM -<pgid>` or a supervisor sends
    // the host drains: its readiness answers 503 while it still serves
    await expect.poll(() => fetch(`${s1.url}/api/ready`).then((r) => r.status, () => 0), { timeout: 10_000, interval: 100 }).toBe(503);
    const exit = await s1.exited; // npm waits for the server, which exits once drained
    stopAfter = count + 100;
    await Promise.all(clients);

    expect(exit).toEqual({ code: 0, signal: null });
    const log = s1.log();
    expect(log).toContain('draining: /api/ready answers 503');
    expect(log).not.toContain('requests still running after the timeout are cut off');
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(200);
  });
});
