import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { RateLimiter } from './rate-limit';
import type { SmsProvider } from './sms';
import type { JobQueue } from './queue';
import type { FileStorage } from './storage';

/** What every route handler and service can reach (`ctx.deps`). Built once by buildApp. */
export interface AppDeps {
  database: Database;
  /** Shorthand for database.db: the Drizzle handle. */
  db: Db;
  config: Config;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  storage: FileStorage;
  /** `draining`: set on SIGTERM (drain.ts); /api/ready then answers 503 so the load balancer stops sending. */
  lifecycle: { draining: boolean };
  /** The job queue (platform/queue.ts) once started on this process; null when background work is off. */
  queue: { current: JobQueue | null };
}
