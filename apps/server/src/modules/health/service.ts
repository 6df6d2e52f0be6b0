import type { Db } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { ServerError } from '../../platform/errors';

/** Answers when the database answers within `timeoutMs`; else 1500 with HTTP 503. */
export async function checkHealth(db: Db, timeoutMs = 2000): Promise<{ status: 'ok'; db: 'ok' }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const up = await Promise.race([pingDatabase(db), timeout]).finally(() => clearTimeout(timer));
  if (!up) throw new ServerError('数据库无响应，服务暂不可用', 503, 'health.db_down');
  return { status: 'ok', db: 'ok' };
}
