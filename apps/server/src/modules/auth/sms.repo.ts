import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** Voids the unused codes of a mobile+purpose (a new code replaces them). */
export async function voidOpenCodes(db: Db, mobile: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)));
}

export async function insertCode(db: Db, row: { mobile: string; purpose: string; codeHash: string; now: Date; expiresAt: Date }): Promise<number> {
  const rows = await db
    .insert(smsCodes)
    .values({ mobile: row.mobile, purpose: row.purpose, codeHash: row.codeHash, createdAt: row.now, expiresAt: row.expiresAt })
    .returning({ id: smsCodes.id });
  return rows[0]!.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** The newest unused code of a mobile+purpose. */
export async function latestOpenCode(db: Db, mobile: string, purpose: string): Promise<SmsCodeRow | undefined> {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return rows[0];
}

/** Counts one wrong try atomically; answers the new count. */
export async function addAttempt(db: Db, id: number): Promise<number> {
  const rows = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ attempts: smsCodes.attempts });
  return rows[0]?.attempts ?? 0;
}

/** Marks the code used if still unused and not voided by tries; false when another request won. */
export async function consumeCode(db: Db, id: number, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), sql`${smsCodes.attempts} < ${maxAttempts}`))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}
