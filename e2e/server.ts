import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function pgReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432), timeout: 1000 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx`, not npx, so killing it leaves no child) on a free
 * port with a fresh database: a new PostgreSQL database when the server is reachable, else an
 * embedded PGlite folder. Its output goes to a log file (the console SMS provider writes codes there).
 */
export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (process.env.E2E_PGLITE !== '1' && (await pgReachable(adminUrl))) {
    const { default: pg } = await import('pg');
    dbName = `gemqc_e2e_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  // Serve a copy of the web build, so a rebuild during the run cannot pull pages from under it.
  const webDist = opts.env?.WEB_DIST ?? process.env.WEB_DIST ?? path.join(dataDir, 'web');
  if (!opts.env?.WEB_DIST && !process.env.WEB_DIST) fs.cpSync(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      SMS_PROVIDER: 'console',
      // a run signs the manager in by SMS up to the daily limit (10), spaced 61 s apart: within an hour
      RATE_SMS_PER_HOUR_PER_MOBILE: '10',
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
      ...opts.env,
    },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in 60 s:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    databaseUrl,
    logFile,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (dbName) {
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
