import type { ChildProcess } from 'node:child_process';
import { startHost } from '../cluster/hosts';
import { buildStale, serverBundle, serverInputs } from '../scripts/buildStale.mjs';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it (the bundle), or from its sources when the bundle is missing or stale. */
export function serverEntry(): string[] {
  return buildStale(serverBundle, serverInputs) ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['--enable-source-maps', serverBundle];
}

/** What every benchmark server gets: the database, SMS to the console, warnings only in the log. */
export function benchServerEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, SMS_PROVIDER: 'console', LOG_LEVEL: 'warn' };
}

/**
 * Starts the real server (the bundle `npm start` runs, or the sources through tsx: serverEntry;
 * production mode, LOG_LEVEL warn, the web bundle served) on a free port against an existing
 * PostgreSQL database: one host of cluster/hosts.ts. It migrates the database at boot and seeds
 * the demo data when the database has no accounts (an index migration on a million rows takes a
 * while: up to 300 s). `stop()` ends it and removes its folder.
 */
export async function startServerOn(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const host = await startHost('bench-srv', { ...benchServerEnv(databaseUrl), ...env }, { entry: serverEntry(), readyWithinMs: 300_000, web: true });
  return { url: host.url, child: host.child, logFile: host.logFile, stop: () => host.remove() };
}
