import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/db';
import { describeWithService, reachable } from '../../test/services';
import type { RateLimiter } from './rate-limit';
import { PgRateLimiter } from './rate-limit-pg';
import { RedisRateLimiter } from './rate-limit-redis';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const redisUp = await reachable(new URL(redisUrl).hostname, Number(new URL(redisUrl).port || 6379));

function behaves(name: string, make: () => Promise<{ limiter: RateLimiter; done: () => Promise<void> }>) {
  describe(name, () => {
    let limiter: RateLimiter;
    let done: () => Promise<void>;
    const prefix = `t${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    beforeAll(async () => ({ limiter, done } = await make()));
    afterAll(async () => done());

    it('allows up to the limit in a window, then refuses with the seconds left', async () => {
      const t0 = new Date('2026-11-21T00:00:00Z');
      const key = `${prefix}:a`;
      expect(await limiter.hit(key, 2, 60, t0)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
      expect((await limiter.hit(key, 2, 60, new Date(t0.getTime() + 10_000))).allowed).toBe(true);
      const third = await limiter.hit(key, 2, 60, new Date(t0.getTime() + 20_000));
      expect(third).toEqual({ allowed: false, count: 3, retryAfterSeconds: 40 });
      expect(await limiter.peek(key, new Date(t0.getTime() + 20_000))).toBe(3);
    });

    it('starts a new window when the old one has ended', async () => {
      const t0 = new Date('2026-11-21T00:00:00Z');
      const key = `${prefix}:b`;
      await limiter.hit(key, 1, 60, t0);
      expect((await limiter.hit(key, 1, 60, new Date(t0.getTime() + 30_000))).allowed).toBe(false);
      expect(await limiter.hit(key, 1, 60, new Date(t0.getTime() + 60_000))).toMatchObject({ allowed: true, count: 1 });
      expect(await limiter.peek(key, new Date(t0.getTime() + 200_000))).toBe(0);
    });

    it('forgets a key on reset', async () => {
      const now = new Date();
      const key = `${prefix}:c`;
      await limiter.hit(key, 1, 60, now);
      await limiter.reset(key);
      expect((await limiter.hit(key, 1, 60, now)).allowed).toBe(true);
    });

    it('counts concurrent hits exactly once each (atomic)', async () => {
      const now = new Date();
      const key = `${prefix}:d`;
      const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit(key, 5, 60, now)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    });
  });
}

let database: Database;
behaves('PostgreSQL rate limiter (rate_counters)', async () => {
  database = await createTestDatabase();
  return { limiter: new PgRateLimiter(database.db), done: () => database.close() };
});

describeWithService('Redis', redisUp, 'with Redis reachable', () => {
  behaves('Redis rate limiter', async () => {
    const limiter = await RedisRateLimiter.connect(redisUrl);
    return { limiter, done: () => limiter.close() };
  });
});
