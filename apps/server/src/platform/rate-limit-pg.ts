import type { Db } from '../db/client';
import { rateResult, type RateLimiter } from './rate-limit';
import * as repo from './rate-limit.repo';

export class PgRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, limit: number, windowSeconds: number, now: Date) {
    const r = await repo.upsertHit(this.db, key, now, new Date(now.getTime() + windowSeconds * 1000));
    return rateResult(r.count, limit, r.expiresAt.getTime(), now.getTime());
  }

  async peek(key: string, now: Date) {
    const r = await repo.getCounter(this.db, key);
    return r && r.expiresAt.getTime() > now.getTime() ? r.count : 0;
  }

  async reset(key: string) {
    await repo.deleteCounter(this.db, key);
  }

  async cleanup(now: Date) {
    await repo.deleteExpired(this.db, now);
  }
}
