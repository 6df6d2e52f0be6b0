import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema';

/** One atomic upsert: a new window when none is live, else count + 1. */
export async function upsertHit(db: Db, key: string, now: Date, expiresAt: Date): Promise<{ count: number; expiresAt: Date }> {
  const rows = await db
    .insert(rateCounters)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${rateCounters.expiresAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateCounters.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${rateCounters.expiresAt} <= ${now.toISOString()}::timestamptz THEN excluded.expires_at ELSE ${rateCounters.expiresAt} END`,
      },
    })
    .returning({ count: rateCounters.count, expiresAt: rateCounters.expiresAt });
  return rows[0]!;
}

export async function getCounter(db: Db, key: string): Promise<{ count: number; expiresAt: Date } | undefined> {
  const rows = await db.select({ count: rateCounters.count, expiresAt: rateCounters.expiresAt }).from(rateCounters).where(eq(rateCounters.key, key));
  return rows[0];
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Housekeeping: drop windows that ended before `before`. */
export async function deleteExpired(db: Db, before: Date): Promise<void> {
  await db.delete(rateCounters).where(sql`${rateCounters.expiresAt} < ${before.toISOString()}::timestamptz`);
}
