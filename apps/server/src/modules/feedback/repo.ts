import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

export async function insertFeedback(
  db: Db,
  row: { userType: string; accountId: number; merchantId: number | null; centreId: number | null; content: string; contact: string; pageUrl: string; now: Date },
): Promise<number> {
  const rows = await db
    .insert(feedback)
    .values({ ...row, createdAt: row.now })
    .returning({ id: feedback.id });
  return rows[0]!.id;
}
