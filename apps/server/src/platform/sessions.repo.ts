import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, roles, sessions } from '../db/schema';

export interface SessionRow {
  tokenHash: string;
  accountId: number;
  userType: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  accountStatus: number;
  accountUserType: string;
  accountName: string;
  merchantId: number | null;
  centreId: number | null;
  parentId: number | null;
  roleId: number | null;
  rolePermissions: string[] | null;
}

function findSessionQuery(db: Db) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      accountId: sessions.accountId,
      userType: sessions.userType,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      accountStatus: accounts.status,
      accountUserType: accounts.userType,
      accountName: accounts.name,
      merchantId: accounts.merchantId,
      centreId: accounts.centreId,
      parentId: accounts.parentId,
      roleId: accounts.roleId,
      rolePermissions: roles.permissions,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('gemqc_find_session');
}

/** Every authenticated request runs this lookup: built once per handle and prepared on each connection. */
const findSessionPrepared = new WeakMap<Db, ReturnType<typeof findSessionQuery>>();

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  let q = findSessionPrepared.get(db);
  if (!q) findSessionPrepared.set(db, (q = findSessionQuery(db)));
  const rows = await q.execute({ tokenHash });
  return rows[0];
}

export async function insertSession(
  db: Db,
  row: { tokenHash: string; accountId: number; userType: string; now: Date; expiresAt: Date; ip: string; userAgent: string },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: row.tokenHash,
    accountId: row.accountId,
    userType: row.userType,
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
    ip: row.ip,
    userAgent: row.userAgent,
  });
}

export async function touchSession(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Revokes every live session of an account, except `keepTokenHash` when given. */
export async function revokeAccountSessions(db: Db, accountId: number, now: Date, keepTokenHash?: string): Promise<void> {
  const cond = keepTokenHash
    ? and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepTokenHash))
    : and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(cond);
}
