import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { doudianAuthUrl, doudianClient } from '../integrations/doudian';
import { foldLedgerDaySums } from '../modules/fees/daySums.repo';
import { reconcileAftersales } from '../modules/interception/reconcile';
import { sweepUnusedPhotos } from '../modules/inspection/photoCleanup';
import { DEADLINE_JOB_MS, notifyDeadlines } from '../modules/notifications/service';
import { compactOrderCounts, ORDER_COUNT_COMPACTION_MS } from '../modules/orders/counts/counts.repo';
import type { AppDeps } from '../platform/deps';
import { forgetOldKeys } from '../platform/idempotency';

/**
 * The server's timers, run by one process of a cluster:
 * - housekeeping, hourly: expired rate-limit windows and week-old client request keys are dropped (the tables stay small);
 *   inspection photos that no record lists are deleted once older than a day (inspection/photoCleanup.ts);
 * - kept counts and sums: fold the deltas written since the last turn — order-list totals and
 *   order events per day (orders/counts/), ledger amounts per day (fees/README.md);
 * - deadline notifications, every minute: 发货超时 for merchants and 6 h warnings for warehouses,
 *   written once per order (notifications/README.md).
 * A job does not start again while its last turn still runs; stop() waits for running turns.
 */
export function createBackgroundJobs(deps: AppDeps, log: FastifyBaseLogger, isLeader: () => boolean = () => true) {
  let sweeping: Promise<void> | null = null;
  let compacting: Promise<unknown> | null = null;
  let notifying: Promise<unknown> | null = null;
  let reconciling: Promise<unknown> | null = null;
  let timers: NodeJS.Timeout[] = [];

  const housekeeping = () => {
    const now = deps.clock.now();
    deps.limiter.cleanup?.(now).catch((err: unknown) => log.warn({ err }, 'rate counter cleanup failed'));
    forgetOldKeys(deps.db, now).catch((err: unknown) => log.warn({ err }, 'client request key cleanup failed'));
    sweeping ??= sweepUnusedPhotos(deps.db, deps.storage, now, { log })
      .then(
        (r) => {
          if (r.failed) log.warn(r, 'unused inspection photos: some could not be deleted');
          else if (r.deleted) log.info(r, 'unused inspection photos deleted');
        },
        (err: unknown) => log.warn({ err }, 'unused inspection photo sweep failed'),
      )
      .finally(() => (sweeping = null));
  };
  const countCompaction = () => {
    compacting ??= compactOrderCounts(deps.db)
      .then(() => foldLedgerDaySums(deps.db))
      .catch((err: unknown) => log.warn({ err }, 'order count compaction failed'))
      .finally(() => (compacting = null));
  };

  const deadlineNotifications = () => {
    notifying ??= notifyDeadlines(deps.db, deps.clock.now())
      .then((r) => {
        if (r.overdue || r.deadlineSoon) log.info(r, 'deadline notifications written');
      })
      .catch((err: unknown) => log.warn({ err }, 'deadline notifications failed'))
      .finally(() => (notifying = null));
  };

  // after-sales whose push never came (interception/reconcile.ts), every DOUDIAN_AFTERSALE_CHECK_MINUTES
  const aftersaleReconciliation = () => {
    const env = { db: deps.db, config: deps.config, doudian: doudianClient(deps.config, log), authUrl: doudianAuthUrl(deps.config), now: deps.clock.now(), log };
    reconciling ??= reconcileAftersales(env)
      .then((r) => (r.applied || r.closed || r.failed ? log.info(r, 'after-sale reconciliation') : undefined))
      .catch((err: unknown) => log.warn({ err }, 'after-sale reconciliation failed'))
      .finally(() => (reconciling = null));
  };

  return {
    start() {
      if (timers.length) return;
      // several hosts: a turn does its work only on the elected host (platform/leader.ts)
      const onLeader = (job: () => void) => () => isLeader() && job();
      timers = [
        setInterval(onLeader(housekeeping), 3600_000).unref(),
        setInterval(onLeader(countCompaction), ORDER_COUNT_COMPACTION_MS).unref(),
        setInterval(onLeader(deadlineNotifications), DEADLINE_JOB_MS).unref(),
        setInterval(onLeader(aftersaleReconciliation), deps.config.aftersaleCheckMs).unref(),
      ];
    },
    /** Clears the timers and waits for running turns (before the database closes). */
    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      await Promise.all([sweeping, compacting, notifying, reconciling]);
    },
  };
}

export interface BackgroundJobsOptions {
  /** Run the timers in this process (BuildDeps.backgroundJobs). */
  enabled: boolean;
  /** Several hosts on one PostgreSQL: whether this host holds the leader lock (BuildDeps.isLeader). */
  isLeader?: () => boolean;
}

/** Starts the jobs with the server and stops them when it closes. */
export default fp<BackgroundJobsOptions>(
  async (app, { enabled, isLeader }) => {
    if (!enabled) return;
    const jobs = createBackgroundJobs(app.deps, app.log, isLeader);
    jobs.start();
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'gemqc-background-jobs' },
);
