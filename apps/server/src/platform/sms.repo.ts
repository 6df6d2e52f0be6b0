import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

export async function insertOutbox(
  db: Db,
  row: { mobile: string; purpose: string; code: string; content: string; provider: string; status: string; error?: string | null; now: Date },
): Promise<void> {
  await db.insert(smsOutbox).values({
    mobile: row.mobile,
    purpose: row.purpose,
    code: row.code,
    content: row.content,
    provider: row.provider,
    status: row.status,
    error: row.error ?? null,
    createdAt: row.now,
  });
}
