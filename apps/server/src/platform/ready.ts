import { pingDatabase } from '../db/client';
import type { AppDeps } from './deps';
import { ServerError } from './errors';

/** How long each check may take before the host counts as not ready. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/api/ready`, what a load balancer asks before it sends a host requests: the database and the
 * file store (the bucket with STORAGE=s3) answer within two seconds, and the host is not draining
 * (after SIGTERM: drain.ts). Otherwise 503 with code 1500 and the reason, so the balancer takes
 * the host out while the others serve. `/api/health` stays the liveness check.
 */
export async function checkReady(deps: Pick<AppDeps, 'db' | 'storage' | 'lifecycle'>, timeoutMs = CHECK_TIMEOUT_MS): Promise<{ status: 'ready'; db: 'ok'; storage: 'ok' }> {
  if (deps.lifecycle.draining) throw new ServerError('服务正在停止，请求将由其他服务器处理', 503, 'ready.draining');
  const [db, storage] = await Promise.all([
    within(pingDatabase(deps.db), timeoutMs, false),
    within(
      deps.storage.ping().then(() => true, () => false),
      timeoutMs,
      false,
    ),
  ]);
  if (!db) throw new ServerError('数据库无响应，服务暂不可用', 503, 'ready.db_down');
  if (!storage) throw new ServerError('文件存储无响应，服务暂不可用', 503, 'ready.storage_down');
  return { status: 'ready', db: 'ok', storage: 'ok' };
}
