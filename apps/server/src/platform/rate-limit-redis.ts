import type { Redis } from 'ioredis';
import { rateResult, type RateLimiter } from './rate-limit';

// KEYS[1] = counter; ARGV = now ms, window ms. A hash {c: count, e: window end ms}; the key's own
// TTL only cleans up (window end is decided by the caller's clock, like the PostgreSQL version).
const HIT = `
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
if (not v[1]) or tonumber(v[2]) <= now then
  redis.call('HSET', KEYS[1], 'c', 1, 'e', now + win)
  redis.call('PEXPIRE', KEYS[1], win + 60000)
  return {1, tostring(now + win)}
end
local n = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {n, v[2]}
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'gemqc:rate:',
  ) {}

  static async connect(url: string): Promise<RedisRateLimiter> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    await redis.connect();
    return new RedisRateLimiter(redis);
  }

  async hit(key: string, limit: number, windowSeconds: number, now: Date) {
    const [count, end] = (await this.redis.eval(HIT, 1, this.prefix + key, now.getTime(), windowSeconds * 1000)) as [number, string];
    return rateResult(Number(count), limit, Number(end), now.getTime());
  }

  async peek(key: string, now: Date) {
    const [c, e] = await this.redis.hmget(this.prefix + key, 'c', 'e');
    return c && Number(e) > now.getTime() ? Number(c) : 0;
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
