import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { startJobQueue, type JobQueue } from './queue';
import { registry } from './metrics';

const log = { info: () => {}, warn: () => {}, error: () => {} };

/** The job queue (pg-boss) on the test database: PostgreSQL, or PGlite through Database.queueDb. */
describe('the job queue', () => {
  let database: Database;
  let queue: JobQueue;
  const runs: { data: unknown; attempt: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue({
      database,
      log,
      pollSeconds: 0.5,
      workers: [
        {
          name: 'flaky',
          retryLimit: 2,
          retryDelay: 1,
          retryBackoff: false,
          run: async (data: { n: number }, meta: { attempt: number }) => {
            runs.push({ data, attempt: meta.attempt });
            if (meta.attempt < 2) throw new Error('passing failure');
          },
        },
        {
          name: 'broken',
          retryLimit: 0,
          run: async () => {
            throw new Error('always');
          },
        },
      ] as never[],
      schedules: [
        { name: 'every-minute', cron: '* * * * *', run: async () => ({}) },
        { name: 'hourly', cron: '7 * * * *', run: async () => ({}) },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs a job, retries it after a passing failure, and keeps a failed one countable', async () => {
    expect(await queue.send('flaky', { n: 1 })).toEqual(expect.any(String));
    await expect.poll(() => runs.length, { timeout: 30_000 }).toBe(2);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    await queue.send('broken', {});
    await expect.poll(async () => (await queue.stats()).queues.find((q) => q.name === 'broken')?.failed, { timeout: 30_000 }).toBe(1);
    expect((await queue.stats()).queues.find((q) => q.name === 'flaky')).toMatchObject({ queued: 0, failed: 0 });
    // /metrics sees the failures (one of flaky, one of broken) and the depth of each queue
    const text = await registry.metrics();
    expect(text).toMatch(/gemqc_job_failures_total\{job="flaky"[^}]*\} 1/);
    expect(text).toMatch(/gemqc_job_failures_total\{job="broken"[^}]*\} 1/);
    expect(text).toMatch(/gemqc_queue_depth\{queue="flaky"[^}]*\} 0/);
  });

  it('holds the schedule table in the database; a restart with another table drops the schedules no longer in it', async () => {
    expect((await queue.schedules()).map((s) => s.name).sort()).toEqual(['every-minute', 'hourly']);
    await queue.stop();
    queue = await startJobQueue({ database, log, workers: [], schedules: [{ name: 'hourly', cron: '7 * * * *', run: async () => ({}) }] });
    expect(await queue.schedules()).toEqual([{ name: 'hourly', cron: '7 * * * *' }]);
  });
});

describe('the server’s background work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { backgroundJobs: true } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('is the queue’s schedule table: housekeeping, count folding, deadline notifications, the write-back sweep, token refresh, after-sale reconciliation', async () => {
    const q = t.app.deps.queue.current!;
    expect(q).not.toBeNull();
    expect(Object.fromEntries((await q.schedules()).map((s) => [s.name, s.cron]))).toEqual({
      housekeeping: '7 * * * *',
      'count-compaction': '* * * * *',
      'deadline-notifications': '* * * * *',
      'shipment-sweep': '* * * * *',
      'shop-token-refresh': '*/10 * * * *',
      'aftersale-reconciliation': '*/10 * * * *',
    });
  });
});
