import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { accounts, centres } from '../schema';
import { builtinContent, builtinName } from '../../modules/templates/builtin';
import * as repo from '../../modules/templates/repo';

/**
 * The built-in label templates (modules/templates/builtin/*.json) as the defaults of 广州番禺检测中心
 * (docs/domain.md#demo): the certificate label (70×50 mm: text, Code128 and a QR code of the verification
 * address), the order sheet and the batch list.
 */

/** Runs after the core seed; does nothing when the centre is missing (a database without the demo). */
export async function seedTemplates(database: Database): Promise<void> {
  const db = database.db;
  const [centre] = await db.select({ id: centres.id }).from(centres).where(eq(centres.code, 'GZPY')).limit(1);
  if (!centre) return;
  const [owner] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.centreId, centre.id), eq(accounts.userType, 'qualityInspection'), isNull(accounts.parentId)))
    .limit(1);
  const now = new Date();
  await db.transaction(async (tx) => {
    const base = { centreId: centre.id, isDefault: true, accountId: owner?.id ?? null, now };
    for (const kind of ['certificate_label', 'order_sheet', 'batch_list'] as const) {
      await repo.insertTemplate(tx, { ...base, name: builtinName(kind), kind, content: builtinContent(kind) });
    }
  });
}
