import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../e2e/server';
import { buildStale, serverBundle, serverInputs } from '../scripts/buildStale.mjs';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it (the bundle), or from its sources when the bundle is missing or stale. */
function serverEntry(): string[] {
  return buildStale(serverBundle, serverInputs) ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['--enable-source-maps', serverBundle];
}

/**
 * Starts the real server (the bundle `npm start` runs, or the sources through tsx: serverEntry;
 * production mode, LOG_LEVEL warn) on a free port against an existing PostgreSQL database. It
 * migrates the database at boot and seeds the demo data when the database has no accounts.
 * `stop()` ends it and removes its folder.
 */
export async function startServerOn(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-bench-srv-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // a first start migrates and seeds; an index migration on a million rows takes a while
  const deadline = Date.now() + 300_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
      try {
        const r = await fetch(`${url}/api/health`);
        if (r.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server not healthy in 300 s:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, logFile, stop };
}
