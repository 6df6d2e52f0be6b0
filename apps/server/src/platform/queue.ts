import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { recordJobFailure, setQueueDepthSource } from './metrics';

/**
 * The one durable queue for background work and calls to outside platforms: pg-boss (a
 * PostgreSQL job queue) on the app's own database — PostgreSQL through its own small pool, the
 * embedded PGlite through {@link Database.queueDb}. Its tables live in the schema `pgboss`, created
 * and migrated by pg-boss itself at the first start.
 *
 * - Jobs are rows: a host that dies holding one leaves it `active` until it expires, then another
 *   host (or the same after a restart) runs it again — at least once; handlers are idempotent.
 * - Retries with exponential backoff are the queue's (`retryLimit`, `retryDelay`, `retryBackoff`).
 * - Schedules (cron, minute granularity) fire once per slot however many hosts run: every host's
 *   pg-boss proposes the slot's job and the database keeps one. So one mechanism decides which host
 *   runs what; there is no leader election and no timer of our own.
 */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A queue of jobs and the function that does one (its data as sent). Throwing = retry later. */
export interface JobWorker<T extends object = object> {
  name: string;
  /** Runs one job; `attempt` counts from 1, `lastAttempt` is true when no retry follows a throw. */
  run(data: T, meta: { attempt: number; lastAttempt: boolean }): Promise<void>;
  retryLimit?: number;
  /** Seconds before the first retry (doubled each time with retryBackoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job running longer than this is taken as lost (its host died) and run again. */
  expireInSeconds?: number;
  /** Jobs of this queue run at once in one process. */
  concurrency?: number;
}

/** A job run on a cron schedule (Beijing time), once per slot across all hosts. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run(): Promise<unknown>;
}

export interface QueueStats {
  /** Per queue: jobs waiting (created or waiting for a retry), running, and failed for good (kept a week). */
  queues: { name: string; queued: number; active: number; failed: number }[];
}

export interface JobQueue {
  /** Queues a job; `key` makes it idempotent (no second job while one with the key waits). */
  send(name: string, data: object, opts?: { key?: string; startAfterSeconds?: number }): Promise<string | null>;
  /** Queue depth and failures per queue (metrics, /api/health). */
  stats(): Promise<QueueStats>;
  /** The schedules the database holds (name and cron), as every host sees them. */
  schedules(): Promise<{ name: string; cron: string }[]>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** Cron times are Beijing time. */
const SCHEDULE_TZ = 'Asia/Shanghai';

export interface StartQueueOptions {
  database: Database;
  /** PostgreSQL URL (pg-boss opens its own small pool); absent on PGlite. */
  databaseUrl?: string;
  log: JobLog;
  workers: JobWorker<never>[];
  schedules: ScheduledJob[];
  /** Seconds between a worker's looks for new jobs (a send in this process wakes it at once). */
  pollSeconds?: number;
}

export async function startJobQueue(opts: StartQueueOptions): Promise<JobQueue> {
  const connection: PgBoss.DatabaseOptions = opts.databaseUrl
    ? { connectionString: opts.databaseUrl, max: 3, application_name: 'gemqc-queue' }
    : { db: opts.database.queueDb() };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    // completed jobs are kept a day, failed ones a week (the reports' own table keeps their state)
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 86_400,
    cronMonitorIntervalSeconds: 30,
  });
  boss.on('error', (err: unknown) => opts.log.warn({ err }, 'job queue error'));
  await boss.start();

  const poll = Math.max(0.5, opts.pollSeconds ?? 2);
  const workerIds = new Map<string, string[]>();
  const names: string[] = [];

  const createQueue = async (q: PgBoss.Queue) => {
    await boss.createQueue(deadLetterOf(q.name), { name: deadLetterOf(q.name), retentionDays: 7 });
    await boss.createQueue(q.name, { ...q, deadLetter: deadLetterOf(q.name) });
  };
  for (const w of opts.workers) {
    await createQueue({
      name: w.name,
      policy: 'standard',
      retryLimit: w.retryLimit ?? 5,
      retryDelay: w.retryDelay ?? 5,
      retryBackoff: w.retryBackoff ?? true,
      expireInSeconds: w.expireInSeconds ?? 120,
    });
    names.push(w.name);
    const ids: string[] = [];
    for (let i = 0; i < (w.concurrency ?? 1); i++) {
      ids.push(
        await boss.work<object>(w.name, { pollingIntervalSeconds: poll, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          const attempt = job.retryCount + 1;
          try {
            await (w.run as JobWorker['run'])(job.data, { attempt, lastAttempt: job.retryCount >= job.retryLimit });
          } catch (err) {
            recordJobFailure(w.name);
            throw err;
          }
        }),
      );
    }
    workerIds.set(w.name, ids);
  }

  // the schedule table: (re)written at every start, entries no longer in it are removed
  const wanted = new Set(opts.schedules.map((s) => s.name));
  for (const s of await boss.getSchedules()) if (!wanted.has(s.name)) await boss.unschedule(s.name);
  for (const s of opts.schedules) {
    // a turn that is still running when the next slot comes is not started twice (singleton queue)
    await createQueue({ name: s.name, policy: 'singleton', retryLimit: 0, expireInSeconds: 15 * 60 });
    names.push(s.name);
    await boss.schedule(s.name, s.cron, {}, { tz: SCHEDULE_TZ, singletonKey: s.name });
    await boss.work(s.name, { pollingIntervalSeconds: poll, batchSize: 1 }, async () => {
      const started = Date.now();
      try {
        const r = await s.run();
        if (r && typeof r === 'object' && Object.values(r).some((v) => typeof v === 'number' && v > 0)) opts.log.info({ job: s.name, ms: Date.now() - started, ...r }, 'scheduled job done');
      } catch (err) {
        opts.log.warn({ err, job: s.name }, 'scheduled job failed');
        recordJobFailure(s.name);
        throw err;
      }
    });
  }

  let stopped = false;
  const queue: JobQueue = {
    async send(name, data, o = {}) {
      if (stopped) return null;
      const id = await boss.send(name, data, { singletonKey: o.key, startAfter: o.startAfterSeconds });
      // wake this process's worker now instead of at its next poll
      for (const w of workerIds.get(name) ?? []) boss.notifyWorker(w);
      return id;
    },
    async stats() {
      const queues = [];
      for (const name of names) {
        const [queued, upToActive, failed] = await Promise.all([
          boss.getQueueSize(name, { before: 'active' }),
          boss.getQueueSize(name, { before: 'completed' }),
          boss.getQueueSize(deadLetterOf(name)),
        ]);
        queues.push({ name, queued, active: upToActive - queued, failed });
      }
      return { queues };
    },
    async schedules() {
      return (await boss.getSchedules()).map((x) => ({ name: x.name, cron: x.cron }));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      setQueueDepthSource(null);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  // /metrics reads the jobs waiting per queue from here while the queue runs
  setQueueDepthSource(async () => Object.fromEntries((await queue.stats()).queues.map((q) => [q.name, q.queued])));
  return queue;
}

/** Where the jobs of a queue go when they failed for good (nobody works it: its size is the count). */
function deadLetterOf(name: string): string {
  return `${name}__failed`;
}
