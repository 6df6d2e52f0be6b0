/**
 * Fixed-window counters for rate limits and lockouts. The PostgreSQL implementation keeps them in
 * `rate_counters`; the Redis one (REDIS_URL) in Redis hashes. Both take the time from the caller
 * (the app's clock), so tests can move time.
 */
export interface RateLimiter {
  /**
   * Counts one hit on `key`. The window starts at the first hit and lasts `windowSeconds`.
   * Answers whether the hit is within `limit`, the count so far and seconds until the window ends.
   */
  hit(key: string, limit: number, windowSeconds: number, now: Date): Promise<RateResult>;
  /** The current count without counting (0 when no live window). */
  peek(key: string, now: Date): Promise<number>;
  reset(key: string): Promise<void>;
  /** Drops windows that ended before `now` (PostgreSQL; Redis keys expire by themselves). */
  cleanup?(now: Date): Promise<void>;
  close?(): Promise<void>;
}

export interface RateResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export function rateResult(count: number, limit: number, expiresAtMs: number, nowMs: number): RateResult {
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil((expiresAtMs - nowMs) / 1000)) };
}
