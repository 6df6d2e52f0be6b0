import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clientRequests } from '../db/schema';

export interface RequestKey {
  scope: string;
  endpoint: string;
  key: string;
}

/**
 * Claims a key. A concurrent transaction holding the same key makes this wait until it ends (the
 * unique index): then nothing is inserted when it committed, and the claim is ours when it rolled back.
 */
export async function claimKey(tx: Db, k: RequestKey, bodyHash: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(clientRequests)
    .values({ ...k, bodyHash, answer: sql`'null'::jsonb`, createdAt: now })
    .onConflictDoNothing({ target: [clientRequests.scope, clientRequests.endpoint, clientRequests.key] })
    .returning({ id: clientRequests.id });
  return row?.id ?? null;
}

export async function saveAnswer(tx: Db, id: number, answer: unknown): Promise<void> {
  await tx.update(clientRequests).set({ answer: sql`${JSON.stringify(answer ?? null)}::jsonb` }).where(eq(clientRequests.id, id));
}

export async function findKey(tx: Db, k: RequestKey): Promise<{ bodyHash: string; answer: unknown } | undefined> {
  const [row] = await tx
    .select({ bodyHash: clientRequests.bodyHash, answer: clientRequests.answer })
    .from(clientRequests)
    .where(and(eq(clientRequests.scope, k.scope), eq(clientRequests.endpoint, k.endpoint), eq(clientRequests.key, k.key)));
  return row;
}

/** Housekeeping: drop keys written before `before`. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(clientRequests).where(sql`${clientRequests.createdAt} < ${before.toISOString()}::timestamptz`).returning({ id: clientRequests.id });
  return rows.length;
}
