import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testingAuthorisations } from '../../db/schema';

export type AuthRow = typeof testingAuthorisations.$inferSelect;
export type NewAuth = typeof testingAuthorisations.$inferInsert;

export async function authOf(db: Db, merchantId: number, lock = false): Promise<AuthRow | undefined> {
  const q = db.select().from(testingAuthorisations).where(eq(testingAuthorisations.merchantId, merchantId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Inserts or replaces the merchant's submission (status back to 0, review cleared). */
export async function upsertAuth(db: Db, a: NewAuth): Promise<AuthRow> {
  const { merchantId: _m, ...rest } = a;
  const [row] = await db
    .insert(testingAuthorisations)
    .values(a)
    .onConflictDoUpdate({ target: testingAuthorisations.merchantId, set: { ...rest, rejectReason: '', reviewedBy: null, reviewedAt: null } })
    .returning();
  return row!;
}

export async function setReview(db: Db, merchantId: number, r: { status: number; rejectReason: string; reviewedBy: number; reviewedAt: Date }): Promise<AuthRow | undefined> {
  const [row] = await db.update(testingAuthorisations).set(r).where(eq(testingAuthorisations.merchantId, merchantId)).returning();
  return row;
}

/** Changes only the 拦截策略 of a submission (its review stays as it is). */
export async function setInterceptPolicy(db: Db, merchantId: number, policy: AuthRow['interceptPolicy']): Promise<AuthRow | undefined> {
  const [row] = await db.update(testingAuthorisations).set({ interceptPolicy: policy }).where(eq(testingAuthorisations.merchantId, merchantId)).returning();
  return row;
}
