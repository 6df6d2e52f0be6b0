import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { DEMO_PASSWORD, demoAccounts } from './db/seeds/core';
import { startEmbeddedDoudian } from './integrations/doudian';
import type { RateLimiter } from './platform/rate-limit';

/** Reads config, opens the database (migrations at boot), seeds an empty one, listens. */
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
  // Doudian shops: without DOUDIAN_GATEWAY_URL, start the local fake platform (127.0.0.1, random
  // port) and point config.doudian at it. One http.listen, run alongside opening the database.
  const doudianFake = startEmbeddedDoudian(config);
  const phases: Record<string, number> = {};
  const mark = (name: string) => (phases[name] = Math.round(performance.now() - started));
  mark('config');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : config.dbDir, poolSize: config.dbPoolSize });
  mark('database');
  const seeded = config.seedDemo ? await seedDemo(database) : false;
  mark('seed');
  let limiter: RateLimiter | undefined;
  if (config.redisUrl) {
    const { RedisRateLimiter } = await import('./platform/rate-limit-redis');
    limiter = await RedisRateLimiter.connect(config.redisUrl);
  }
  await doudianFake;
  const app = await buildApp({ database, config, limiter });
  mark('app');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await limiter?.close?.();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  const url = `http://localhost:${port}`;
  const ms = Math.round(performance.now() - started);
  // process uptime includes loading Node, tsx and the modules before main() ran
  app.log.info({ url, ms, uptime_ms: Math.round(process.uptime() * 1000), phases, db: database.kind, seeded }, 'GemQC ready');
  if (config.logLevel !== 'silent') {
    const lines = [
      '',
      `  GemQC is running at ${url}   (API docs: ${url}/api/docs; ready in ${ms} ms)`,
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dbDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' — demo data seeded' : ''}`,
      `  Demo accounts (password ${DEMO_PASSWORD}; the manager signs in with an SMS code printed in this log):`,
      ...demoAccounts.map((a) => `    ${a.login.padEnd(26)} ${a.mobile}  ${a.name} — ${a.note}`),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
