import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { doudianAuthUrl, doudianClient } from '../integrations/doudian';
import { foldLedgerDaySums } from '../modules/fees/service';
import { reconcileAftersales } from '../modules/interception/reconcile';
import { sweepUnusedPhotos } from '../modules/photos/cleanup';
import { notifyDeadlines } from '../modules/notifications/service';
import { compactOrderCounts } from '../modules/orders/service';
import { syncEnvOf } from '../modules/platformSync/env';
import { dispatchShipments, shipmentWorker } from '../modules/platformSync/service';
import { refreshExpiringTokens } from '../modules/shops/service';
import type { AppDeps } from '../platform/deps';
import { forgetOldKeys } from '../platform/idempotency';
import { startJobQueue, type JobQueue, type JobWorker, type ScheduledJob } from '../platform/queue';

/**
 * The schedule table: every periodic job of the server, one line each (name, cron in Beijing
 * time, what it runs). They run on the job queue's schedules (platform/queue.ts), so each slot runs
 * once across all hosts and processes, on whichever host takes it. To add one: add a line.
 */
export function scheduleTable(deps: AppDeps, log: FastifyBaseLogger): ScheduledJob[] {
  const now = () => deps.clock.now();
  return [
    // expired rate-limit windows, week-old client request keys, inspection photos no record lists (a day old)
    { name: 'housekeeping', cron: '7 * * * *', run: () => housekeeping(deps, log) },
    // kept counts and sums: order-list totals, order events per day (orders/counts/), ledger amounts per day (fees/README.md)
    { name: 'count-compaction', cron: '* * * * *', run: async () => (await compactOrderCounts(deps.db), await foldLedgerDaySums(deps.db), {}) },
    // 发货超时 for merchants and 6 h warnings for warehouses, once per order (notifications/README.md)
    { name: 'deadline-notifications', cron: '* * * * *', run: () => notifyDeadlines(deps.db, now()) },
    // shipment write-backs whose job was lost or never sent (platformSync/README.md)
    { name: 'shipment-sweep', cron: '* * * * *', run: () => dispatchShipments(syncEnvOf(deps, log)) },
    // shop tokens refreshed two hours before they expire; a refused refresh asks the merchant to authorise again (shops/README.md)
    { name: 'shop-token-refresh', cron: '*/10 * * * *', run: () => refreshExpiringTokens(shopEnvOf(deps, log)) },
    // after-sales whose push never came, applied as their push would have been (interception/README.md)
    { name: 'aftersale-reconciliation', cron: `*/${deps.config.aftersaleCheckMinutes} * * * *`, run: () => reconcileAftersales(shopEnvOf(deps, log)) },
  ];
}

/** The queues' workers: calls to outside platforms, one job per call (retried by the queue). */
export function workerTable(deps: AppDeps, log: FastifyBaseLogger): JobWorker<never>[] {
  return [shipmentWorker(() => syncEnvOf(deps, log), deps.config) as JobWorker<never>];
}

function shopEnvOf(deps: AppDeps, log: FastifyBaseLogger) {
  return { db: deps.db, config: deps.config, doudian: doudianClient(deps.config, log), authUrl: doudianAuthUrl(deps.config), now: deps.clock.now(), log };
}

async function housekeeping(deps: AppDeps, log: FastifyBaseLogger) {
  const now = deps.clock.now();
  await deps.limiter.cleanup?.(now);
  await forgetOldKeys(deps.db, now);
  const r = await sweepUnusedPhotos(deps.db, deps.storage, now, { log });
  if (r.failed) log.warn(r, 'unused inspection photos: some could not be deleted');
  return r;
}

/** Starts the job queue (workers and schedules) with the server; stops it before the database closes. */
export async function startBackgroundJobs(deps: AppDeps, log: FastifyBaseLogger): Promise<JobQueue> {
  const queue = await startJobQueue({
    database: deps.database,
    databaseUrl: deps.config.databaseUrl,
    log,
    workers: workerTable(deps, log),
    schedules: scheduleTable(deps, log),
    pollSeconds: deps.config.queuePollSeconds,
  });
  deps.queue.current = queue;
  return queue;
}

export interface BackgroundJobsOptions {
  /** Run the queue's workers and schedules in this process (BuildDeps.backgroundJobs). */
  enabled: boolean;
  /** Do not hold the server's ready for the queue's start (BuildDeps.queueInBackground). */
  inBackground?: boolean;
}

/**
 * Starts the job queue when the server is ready — in the background, so the first request is not
 * kept waiting for it (its start is a few dozen statements; the startup budget is the server's) —
 * and stops it before the database closes. Until it runs, a ship's report waits for the sweep.
 */
export default fp<BackgroundJobsOptions>(
  async (app, { enabled, inBackground }) => {
    if (!enabled) return;
    let starting: Promise<JobQueue | null> | null = null;
    app.addHook('onReady', async () => {
      starting = startBackgroundJobs(app.deps, app.log).catch((err: unknown) => {
        app.log.error({ err }, 'the job queue could not start: no background work on this process');
        return null;
      });
      // tests and tools that use the queue at once wait for it; the server does not (main.ts)
      if (!inBackground) await starting;
    });
    app.addHook('onClose', async () => {
      const queue = await starting;
      app.deps.queue.current = null;
      await queue?.stop();
    });
  },
  { name: 'gemqc-background-jobs' },
);
