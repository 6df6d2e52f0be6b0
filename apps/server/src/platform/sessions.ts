import { EventEmitter } from 'node:events';
import type { UserType } from '@gemqc/contract';
import { userTypes } from '@gemqc/contract';
import type { Db } from '../db/client';
import { randomToken, sha256 } from './crypto';
import { effectivePermissions } from './permissions';
import * as repo from './sessions.repo';

interface SessionOfAnyPortal {
  tokenHash: string;
  accountId: number;
  /** The account's name as of this request (read with the session): who an event or a ledger entry names. */
  accountName: string;
  /** True for an organisation's owner (and every manager without a parent). */
  isOwner: boolean;
  roleId: number | null;
  /** Effective permission keys (owners: all keys of their portal). */
  permissions: string[];
  /** The merchant of a trader account (owner or sub-account). */
  merchantId: number | null;
  /** The centre of a qualityInspection or base account. */
  centreId: number | null;
}

/**
 * Who is calling: what a route handler gets as `ctx.session`, one type per portal. A trader's
 * session always has its merchant, a centre portal's its centre (resolveSession refuses a token
 * whose account lacks it), so a route of those portals reads the id without a check.
 */
export type Session =
  | (SessionOfAnyPortal & { userType: 'trader'; merchantId: number })
  | (SessionOfAnyPortal & { userType: 'qualityInspection'; centreId: number })
  | (SessionOfAnyPortal & { userType: 'base'; centreId: number })
  | (SessionOfAnyPortal & { userType: 'manage' });

/** The session of a route that lets in these portals (the route helper's `ctx.session`). */
export type SessionOf<U extends UserType> = Extract<Session, { userType: U }>;

/** Sliding expiry is written at most this often, so a busy session costs one read per request. */
export const TOUCH_INTERVAL_MS = 60_000;

export function tokenHashOf(token: string): string {
  return sha256(token);
}

/** Creates a session and answers the opaque token (only its hash is stored). */
export async function createSession(
  db: Db,
  args: { accountId: number; userType: UserType; now: Date; ttlDays: number; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomToken();
  await repo.insertSession(db, {
    tokenHash: tokenHashOf(token),
    accountId: args.accountId,
    userType: args.userType,
    now: args.now,
    expiresAt: new Date(args.now.getTime() + args.ttlDays * 86_400_000),
    ip: (args.ip ?? '').slice(0, 64),
    userAgent: (args.userAgent ?? '').slice(0, 300),
  });
  return token;
}

/**
 * The live session of a token, or null when unknown, revoked, expired or the account is disabled.
 * One lookup by primary key per request (with the account and role), so a revocation, a disabled
 * account or a changed role takes effect on the next request. Extends the expiry (sliding) when
 * the last touch is older than a minute.
 */
export async function resolveSession(db: Db, token: string, now: Date, ttlDays: number): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = tokenHashOf(token);
  const nowMs = now.getTime();
  const row = await repo.findSession(db, tokenHash);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= nowMs || row.accountStatus !== 1) return null;
  if (row.userType !== row.accountUserType || !(userTypes as readonly string[]).includes(row.userType)) return null;
  if (nowMs - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, tokenHash, now, new Date(nowMs + ttlDays * 86_400_000));
  }
  const userType = row.userType as UserType;
  const isOwner = row.parentId === null;
  const common = {
    tokenHash,
    accountId: row.accountId,
    accountName: row.accountName,
    merchantId: row.merchantId,
    centreId: row.centreId,
    isOwner,
    roleId: row.roleId,
    permissions: effectivePermissions(userType, isOwner, row.rolePermissions),
  };
  // an account without the organisation of its portal cannot act in it
  if (userType === 'trader') return row.merchantId === null ? null : { ...common, userType, merchantId: row.merchantId };
  if (userType === 'qualityInspection' || userType === 'base') return row.centreId === null ? null : { ...common, userType, centreId: row.centreId };
  return { ...common, userType };
}

/** A revocation made in this process: a session by its hash, or an account's sessions but one. */
export interface Revocation {
  tokenHash?: string;
  accountId?: number;
  exceptTokenHash?: string;
}
/**
 * Revocations made in this process, as they happen: live streams of the session end at once
 * (modules/notifications/stream.ts); streams on other hosts notice at their next poll.
 */
export const sessionRevocations = new EventEmitter();
sessionRevocations.setMaxListeners(0); // one listener per open stream

export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  const tokenHash = tokenHashOf(token);
  await repo.revokeSession(db, tokenHash, now);
  sessionRevocations.emit('revoked', { tokenHash } satisfies Revocation);
}

export async function revokeAccountSessions(db: Db, accountId: number, now: Date, keepTokenHash?: string): Promise<void> {
  await repo.revokeAccountSessions(db, accountId, now, keepTokenHash);
  sessionRevocations.emit('revoked', { accountId, exceptTokenHash: keepTokenHash } satisfies Revocation);
}

/** The token of a request: `Authorization: Bearer <token>` or header `token`. */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (m && m[1] !== 'undefined' && m[1] !== 'null') return m[1]!;
  }
  const t = headers.token;
  if (typeof t === 'string' && t.trim() && t !== 'undefined' && t !== 'null') return t.trim();
  return null;
}
