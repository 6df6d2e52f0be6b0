import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, testingAuthorisations } from '../../db/schema';

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

/** Merchants with their registration contact and their 检测信息's return fields (null: not submitted). */
export async function returnContactsOf(db: Db, merchantIds: number[]) {
  if (!merchantIds.length) return [];
  return db
    .select({
      merchantId: merchants.id,
      name: merchants.name,
      contact: merchants.contact,
      mobile: merchants.mobile,
      contactPerson: testingAuthorisations.contactPerson,
      contactMobile: testingAuthorisations.contactMobile,
      returnAddress: testingAuthorisations.returnAddress,
      returnMethod: testingAuthorisations.returnMethod,
    })
    .from(merchants)
    .leftJoin(testingAuthorisations, eq(testingAuthorisations.merchantId, merchants.id))
    .where(inArray(merchants.id, merchantIds));
}

/** Changes only the 拦截策略 of a submission (its review stays as it is). */
export async function setInterceptPolicy(db: Db, merchantId: number, policy: AuthRow['interceptPolicy']): Promise<AuthRow | undefined> {
  const [row] = await db.update(testingAuthorisations).set({ interceptPolicy: policy }).where(eq(testingAuthorisations.merchantId, merchantId)).returning();
  return row;
}
