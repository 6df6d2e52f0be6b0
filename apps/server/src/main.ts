import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { EMBEDDED_DOUDIAN_ENV, runPrimary, workerIndex } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { DEMO_PASSWORD, demoAccounts } from './db/seeds/core';
import { FAKE_DOUDIAN_WARNING, startEmbeddedDoudian } from './integrations/doudian';
import { answerBackupRequests } from './platform/backup';
import { trackRequests } from './platform/drain';
import type { RateLimiter } from './platform/rate-limit';

/** Requests still running this long after a SIGTERM (and DRAIN_SECONDS) are cut off. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads config, opens the database (migrations at boot), seeds an empty one, listens. With
 * WEB_CONCURRENCY > 1 this process becomes the primary of a cluster (cluster.ts): it migrates and
 * seeds, and the workers it forks run the rest of main().
 */
async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig(process.env, { persistSecret: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const worker = workerIndex();
  if (worker !== null && process.env[EMBEDDED_DOUDIAN_ENV] === '1') config.doudian.fake = true;
  if (config.workers > 1 && worker === null) return startCluster(config, started);
  // Doudian shops: without DOUDIAN_GATEWAY_URL, start the local fake platform (127.0.0.1, random
  // port) and point config.doudian at it. One http.listen, run alongside opening the database.
  const doudianFake = startEmbeddedDoudian(config);
  const phases: Record<string, number> = {};
  const mark = (name: string) => (phases[name] = Math.round(performance.now() - started));
  mark('config');
  // a cluster's primary has migrated and seeded
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : config.dbDir, poolSize: config.dbPoolSize, migrate: worker === null });
  mark('database');
  const seeded = config.seedDemo ? await seedDemo(database) : false;
  mark('seed');
  let limiter: RateLimiter | undefined;
  if (config.redisUrl) {
    const { RedisRateLimiter } = await import('./platform/rate-limit-redis');
    limiter = await RedisRateLimiter.connect(config.redisUrl);
  }
  await doudianFake;
  // every process runs the job queue's workers and schedules; the queue gives each job and each
  // scheduled slot to one of them (platform/queue.ts)
  const app = await buildApp({ database, config, limiter, queueInBackground: true });
  mark('app');
  if (config.doudian.fake && (worker === null || worker === 0)) app.log.warn({ gateway: config.doudian.gatewayUrl }, FAKE_DOUDIAN_WARNING);

  // `npm run backup` while this runs: the embedded database is dumped here, between statements
  const stopBackups = answerBackupRequests(database, config.dataDir, app.log);
  const requests = trackRequests(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.drainSeconds * 1000 + DRAIN_TIMEOUT_MS + 5000);
    force.unref();
    try {
      // stop taking requests, finish those in flight, then close the app (platform/drain.ts)
      await requests.drain({ delayMs: config.drainSeconds * 1000, timeoutMs: DRAIN_TIMEOUT_MS, log: app.log });
      stopBackups();
      await limiter?.close?.();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  // `on`, not `once`: a SIGTERM to the process group arrives twice (directly and forwarded by
  // `npm start`'s launcher), and the second must not kill the process mid-drain (`closing` ignores it)
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => void shutdown(sig));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  const url = `http://localhost:${port}`;
  const ms = Math.round(performance.now() - started);
  // process uptime includes loading Node, tsx and the modules before main() ran
  app.log.info({ url, ms, uptime_ms: Math.round(process.uptime() * 1000), phases, db: database.kind, seeded, worker }, 'GemQC ready');
  if (worker === null) printBanner(config, url, ms, seeded);
}

/** The primary of WEB_CONCURRENCY server processes (cluster.ts). */
async function startCluster(config: Config, started: number) {
  const doudianFake = await startEmbeddedDoudian(config); // one for all workers: its OAuth state is in memory
  await runPrimary({
    config,
    async prepare() {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
      try {
        return config.seedDemo ? await seedDemo(database) : false;
      } finally {
        await database.close();
      }
    },
    close: async () => void (await doudianFake?.()),
    ready: (url, seeded) => printBanner(config, url, Math.round(performance.now() - started), seeded, config.workers),
  });
}

function printBanner(config: Config, url: string, ms: number, seeded: boolean, workers = 1) {
  if (config.logLevel === 'silent') return;
  const lines = [
    '',
    `  GemQC is running at ${url}   (API docs: ${url}/api/docs; ready in ${ms} ms${workers > 1 ? `; ${workers} server processes` : ''})`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dbDir}`}${seeded ? ' — demo data seeded' : ''}`,
    `  Demo accounts (password ${DEMO_PASSWORD}; the manager signs in with an SMS code printed in this log):`,
    ...demoAccounts.map((a) => `    ${a.login.padEnd(26)} ${a.mobile}  ${a.name} — ${a.note}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
