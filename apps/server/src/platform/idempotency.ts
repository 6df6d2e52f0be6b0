import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from '@gemqc/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../db/client';
import { hmacSha256 } from './crypto';
import { BusinessError } from './errors';
import * as repo from './idempotency.repo';
import type { Session } from './sessions';

/** How long a key is kept: a repeat after this creates again (housekeeping drops older keys). */
export const KEY_TTL_MS = 7 * 86_400_000;

/** The request's Idempotency-Key, checked with the contract's rule (1001 with its sentence); null when absent. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | null {
  const raw = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new BusinessError(parsed.error.issues[0]?.message ?? '请求编号格式不正确，请刷新页面后重试', 'common.idempotency_key_invalid');
  return parsed.data;
}

/** Whose keys these are: a key is looked up within the caller's organisation only. */
export function keyScope(session: Session | null): string {
  if (!session) return 'public';
  switch (session.userType) {
    case 'trader':
      return `trader:${session.merchantId}`;
    case 'base':
    case 'qualityInspection':
      return `${session.userType}:${session.centreId}`;
    default:
      return `${session.userType}:${session.accountId}`;
  }
}

/** JSON with object keys sorted, so the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export interface Replayable<T> {
  data: T;
  /** True when this answers an earlier request with the same key (nothing was done again). */
  replayed: boolean;
}

/**
 * Runs a create once per client key: `run` gets a transaction that also holds the key, so the key
 * and what the request created are committed together, or neither. A repeat with the same content
 * answers the stored first answer; with other content it is refused. A repeat sent while the first
 * is still running waits for it (the unique index), then answers its result. A failed request
 * keeps no key: sending it again tries again.
 */
export async function runOnce<T>(
  db: Db,
  req: { scope: string; endpoint: string; key: string; body: unknown; now: Date; secret: string },
  run: (tx: Db) => Promise<T>,
): Promise<Replayable<T>> {
  const k = { scope: req.scope, endpoint: req.endpoint, key: req.key };
  // keyed: a body may hold a password, and only a fingerprint to compare is kept
  const bodyHash = hmacSha256(req.secret, canonical(req.body));
  return db.transaction(async (tx) => {
    const claimed = await repo.claimKey(tx, k, bodyHash, req.now);
    if (claimed === null) {
      const first = await repo.findKey(tx, k);
      if (!first) throw new Error('idempotency key vanished after a conflict');
      if (first.bodyHash !== bodyHash) {
        throw new BusinessError('这个请求编号已用于另一份内容不同的提交：上次提交可能已经成功，请先查看列表，确认后刷新页面再提交', 'common.idempotency_key_reused');
      }
      return { data: first.answer as T, replayed: true };
    }
    const data = await run(tx);
    await repo.saveAnswer(tx, claimed, data);
    return { data, replayed: false };
  });
}

/** Housekeeping: forget keys older than KEY_TTL_MS. */
export function forgetOldKeys(db: Db, now: Date): Promise<number> {
  return repo.deleteKeysBefore(db, new Date(now.getTime() - KEY_TTL_MS));
}
