import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../e2e/server';

// GemQC hosts and the load balancer in front of them, for `npm run test:cluster` and the load
// benchmark's two-host run (bench/load.ts, BENCH_HOSTS=2).

/** A fresh, empty PostgreSQL database for the hosts (the first host migrates and seeds it). */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `gemqc_cluster_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}

export interface Host {
  name: string;
  url: string;
  port: number;
  logFile: string;
  child: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs(): Record<string, unknown>[];
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops it (SIGTERM) and removes its folder. */
  remove(): Promise<void>;
}

export interface HostOptions {
  /** Node's arguments: default the sources through tsx (`--import tsx apps/server/src/main.ts`). */
  entry?: string[];
  /** How long it may take to answer /api/ready (a first start migrates and seeds): default 90 s. */
  readyWithinMs?: number;
  /** Serve the web bundle (WEB_DIST as configured); default an API-only host. */
  web?: boolean;
}

/** Starts one GemQC host (production mode) on its own port and folder; resolves once /api/ready answers. */
export async function startHost(name: string, env: Record<string, string>, opts: HostOptions = {}): Promise<Host> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gemqc-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, opts.entry ?? ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(opts.web ? {} : { WEB_DIST: path.join(dataDir, 'no-web') }), ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const host: Host = {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    logFile,
    child,
    logs: () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async remove() {
      await host.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const readyWithinMs = opts.readyWithinMs ?? 90_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.readFileSync(logFile, 'utf8').slice(-3000);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`host ${name} exited: ${log}`);
    }
    const ok = await fetch(`${host.url}/api/ready`).then((r) => r.status === 200, () => false);
    if (ok) return host;
    if (Date.now() > deadline) {
      const log = fs.readFileSync(logFile, 'utf8').slice(-3000);
      await host.remove();
      throw new Error(`host ${name} not ready in ${readyWithinMs / 1000} s: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Balancer {
  url: string;
  /** The haproxy process (its CPU time: bench/load.ts). */
  child: ChildProcess;
  close(): Promise<void>;
}

/** HAProxy in front of the hosts: round robin, health checks on /api/ready, failed connects retried elsewhere. */
export async function startHaproxy(hosts: Pick<Host, 'name' | 'port'>[]): Promise<Balancer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(port, hosts.map((h) => ({ name: h.name, address: `127.0.0.1:${h.port}` }))));
  const log = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', log, log] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await fetch(`${url}/api/ready`).then((r) => r.status === 200, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`haproxy did not start: ${fs.readFileSync(path.join(dir, 'haproxy.log'), 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The load balancer configuration of the README's deployment notes, on local ports. */
export function haproxyConfig(port: number, servers: { name: string; address: string }[]): string {
  return `global
    maxconn 2000

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    option forwardfor
    # a connection that could not be made is tried on another host; a request already sent is
    # never sent again (it may have been written before the host died)
    retries 3
    option redispatch
    retry-on conn-failure

frontend gemqc
    bind 127.0.0.1:${port}
    default_backend hosts

backend hosts
    balance roundrobin
    option httpchk GET /api/ready
    http-check expect status 200
    # a busy host answers its check late, not never: without this the check's timeout is inter,
    # and under load every host is taken out (503). A dead host refuses at once all the same.
    timeout check 2s
    default-server inter 500ms fall 2 rise 2
${servers.map((s) => `    server ${s.name} ${s.address} check`).join('\n')}
`;
}
