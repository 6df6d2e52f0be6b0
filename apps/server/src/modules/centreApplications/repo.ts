import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, centres } from '../../db/schema';

// The review columns of migration 070 (not in the core Drizzle schema of `centres`).
const reviewedAt = sql<Date | null>`${centres}.reviewed_at`;
const reviewedBy = sql<number | null>`${centres}.reviewed_by`;
const rejectReason = sql<string>`${centres}.reject_reason`;

/** centres.status: 1 active, 0 awaiting review, 2 rejected. */
export const CENTRE_ACTIVE = 1;
export const CENTRE_PENDING = 0;
export const CENTRE_REJECTED = 2;

export type ApplicationState = 'pending' | 'approved' | 'rejected';

export interface ApplicationFilter {
  keyword?: string;
  status?: ApplicationState;
}

/** Applications: centres awaiting review or rejected, and approved ones that went through review. */
const isApplication = or(ne(centres.status, CENTRE_ACTIVE), sql`${reviewedAt} is not null`);

function where(f: ApplicationFilter): SQL | undefined {
  const w: (SQL | undefined)[] = [isApplication];
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(or(ilike(centres.name, kw), ilike(centres.mobile, kw)));
  }
  if (f.status === 'pending') w.push(eq(centres.status, CENTRE_PENDING));
  else if (f.status === 'rejected') w.push(eq(centres.status, CENTRE_REJECTED));
  else if (f.status === 'approved') w.push(and(eq(centres.status, CENTRE_ACTIVE), sql`${reviewedAt} is not null`));
  return and(...w);
}

const reviewer = sql<string | null>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${reviewedBy})`;

export async function listApplications(db: Db, f: ApplicationFilter, page: { limit: number; offset: number }) {
  const w = where(f);
  const [rows, [t]] = await Promise.all([
    db
      .select({
        id: centres.id,
        name: centres.name,
        code: centres.code,
        address: centres.address,
        contact: centres.contact,
        mobile: centres.mobile,
        status: centres.status,
        createdAt: centres.createdAt,
        // epoch milliseconds: the same number from node-postgres and PGlite
        reviewedAtMs: sql<number | null>`(extract(epoch from ${reviewedAt}) * 1000)::float8`,
        rejectReason,
        reviewerName: reviewer,
      })
      .from(centres)
      .where(w)
      // applications waiting for review first, then the newest
      .orderBy(sql`(${centres.status} = ${CENTRE_PENDING}) desc`, desc(centres.createdAt), desc(centres.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(centres).where(w),
  ]);
  return { rows, total: t?.n ?? 0 };
}

/** The centre row locked for the review (concurrent reviews wait, then see the new status). */
export async function lockCentre(db: Db, id: number): Promise<{ id: number; name: string; status: number } | undefined> {
  const [row] = await db.select({ id: centres.id, name: centres.name, status: centres.status }).from(centres).where(eq(centres.id, id)).limit(1).for('update');
  return row;
}

export async function setReview(db: Db, id: number, r: { status: number; reviewedBy: number; reviewedAt: Date; rejectReason: string }): Promise<void> {
  await db.execute(
    sql`update ${centres} set status = ${r.status}, reviewed_at = ${r.reviewedAt.toISOString()}::timestamptz, reviewed_by = ${r.reviewedBy}, reject_reason = ${r.rejectReason} where ${centres.id} = ${id}`,
  );
}

/** Enables the owner account(s) of the centre's service-centre portal (the applicant). */
export async function enableOwners(db: Db, centreId: number, now: Date): Promise<number> {
  const rows = await db
    .update(accounts)
    .set({ status: 1, updatedAt: now })
    .where(and(eq(accounts.centreId, centreId), eq(accounts.userType, 'base'), isNull(accounts.parentId)))
    .returning({ id: accounts.id });
  return rows.length;
}

export interface ApplicantRow {
  accountId: number;
  accountStatus: number;
  lastLoginAt: Date | null;
  centreId: number;
  centreStatus: number;
  rejectReason: string;
}

/**
 * The service-centre owner account (no parent) with its centre and the centre's review columns;
 * undefined for a sub-account or an account without a centre. With `lock` both rows are locked.
 */
export async function findApplicant(db: Db, accountId: number, opts: { lock?: boolean } = {}): Promise<ApplicantRow | undefined> {
  const q = db
    .select({
      accountId: accounts.id,
      accountStatus: accounts.status,
      lastLoginAt: accounts.lastLoginAt,
      centreId: centres.id,
      centreStatus: centres.status,
      rejectReason,
    })
    .from(accounts)
    .innerJoin(centres, eq(centres.id, accounts.centreId))
    .where(and(eq(accounts.id, accountId), eq(accounts.userType, 'base'), isNull(accounts.parentId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** A rejected application submitted again: new centre data, awaiting review, review columns cleared. */
export async function reopenApplication(db: Db, centreId: number, c: { name: string; address: string; contact: string; mobile: string; now: Date }): Promise<void> {
  await db.execute(
    sql`update ${centres} set name = ${c.name}, address = ${c.address}, return_address = ${c.address}, contact = ${c.contact}, mobile = ${c.mobile},
      status = ${CENTRE_PENDING}, created_at = ${c.now.toISOString()}::timestamptz, reviewed_at = null, reviewed_by = null, reject_reason = ''
      where ${centres.id} = ${centreId}`,
  );
}

/** The applicant's owner account for the new application: new name and password, still disabled, no lock. */
export async function resetApplicantAccount(db: Db, accountId: number, a: { name: string; passwordHash: string; now: Date }): Promise<void> {
  await db
    .update(accounts)
    .set({ name: a.name, passwordHash: a.passwordHash, status: 0, failedLogins: 0, lockedUntil: null, updatedAt: a.now })
    .where(eq(accounts.id, accountId));
}
