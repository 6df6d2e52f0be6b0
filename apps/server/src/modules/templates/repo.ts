import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TemplateKind } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { accounts, centres, labelTemplates, merchants } from '../../db/schema';

export interface TemplateRow {
  id: number;
  centreId: number;
  name: string;
  kind: TemplateKind;
  content: Record<string, unknown>;
  version: number;
  isDefault: boolean;
  updatedByName: string | null;
  updatedAt: Date;
  createdAt: Date;
}

const columns = {
  id: labelTemplates.id,
  centreId: labelTemplates.centreId,
  name: labelTemplates.name,
  kind: labelTemplates.kind,
  content: labelTemplates.content,
  version: labelTemplates.version,
  isDefault: labelTemplates.isDefault,
  updatedByName: accounts.name,
  updatedAt: labelTemplates.updatedAt,
  createdAt: labelTemplates.createdAt,
};

/** `%` and `_` in a keyword match themselves. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listTemplates(
  db: Db,
  centreId: number,
  f: { keyword?: string; kind?: TemplateKind; page: number; pageSize: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const conds: SQL[] = [eq(labelTemplates.centreId, centreId)];
  if (f.kind) conds.push(eq(labelTemplates.kind, f.kind));
  if (f.keyword) conds.push(ilike(labelTemplates.name, likePattern(f.keyword)));
  const where = and(...conds);
  const [totalRow] = await db.select({ n: count() }).from(labelTemplates).where(where);
  const rows = await db
    .select(columns)
    .from(labelTemplates)
    .leftJoin(accounts, eq(accounts.id, labelTemplates.updatedBy))
    .where(where)
    .orderBy(labelTemplates.kind, desc(labelTemplates.isDefault), desc(labelTemplates.updatedAt), desc(labelTemplates.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function findTemplate(db: Db, centreId: number, id: number): Promise<TemplateRow | undefined> {
  const rows = await db
    .select(columns)
    .from(labelTemplates)
    .leftJoin(accounts, eq(accounts.id, labelTemplates.updatedBy))
    .where(and(eq(labelTemplates.id, id), eq(labelTemplates.centreId, centreId)))
    .limit(1);
  return rows[0];
}

export async function findDefault(db: Db, centreId: number, kind: TemplateKind): Promise<TemplateRow | undefined> {
  const rows = await db
    .select(columns)
    .from(labelTemplates)
    .leftJoin(accounts, eq(accounts.id, labelTemplates.updatedBy))
    .where(and(eq(labelTemplates.centreId, centreId), eq(labelTemplates.kind, kind), eq(labelTemplates.isDefault, true)))
    .limit(1);
  return rows[0];
}

/**
 * Serialises default changes of one centre inside the current transaction (released at commit),
 * so two people setting defaults at once never break "one default per centre and kind".
 */
export async function lockCentreTemplates(tx: Db, centreId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(40, ${centreId}::int)`);
}

export async function hasDefault(tx: Db, centreId: number, kind: TemplateKind): Promise<boolean> {
  const rows = await tx
    .select({ id: labelTemplates.id })
    .from(labelTemplates)
    .where(and(eq(labelTemplates.centreId, centreId), eq(labelTemplates.kind, kind), eq(labelTemplates.isDefault, true)))
    .limit(1);
  return rows.length > 0;
}

export async function clearDefault(tx: Db, centreId: number, kind: TemplateKind): Promise<void> {
  await tx
    .update(labelTemplates)
    .set({ isDefault: false })
    .where(and(eq(labelTemplates.centreId, centreId), eq(labelTemplates.kind, kind), eq(labelTemplates.isDefault, true)));
}

export async function markDefault(tx: Db, centreId: number, id: number): Promise<void> {
  await tx.update(labelTemplates).set({ isDefault: true }).where(and(eq(labelTemplates.id, id), eq(labelTemplates.centreId, centreId)));
}

export async function insertTemplate(
  tx: Db,
  row: { centreId: number; name: string; kind: TemplateKind; content: Record<string, unknown>; isDefault: boolean; accountId: number | null; now: Date },
): Promise<number> {
  const [r] = await tx
    .insert(labelTemplates)
    .values({
      centreId: row.centreId,
      name: row.name,
      kind: row.kind,
      content: row.content,
      version: 1,
      isDefault: row.isDefault,
      createdBy: row.accountId,
      updatedBy: row.accountId,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: labelTemplates.id });
  return r!.id;
}

/** Writes a new version when `expectedVersion` is still the stored one; false otherwise. */
export async function updateTemplateIfVersion(
  tx: Db,
  row: { id: number; centreId: number; expectedVersion: number; name: string; kind: TemplateKind; content: Record<string, unknown>; accountId: number; now: Date },
): Promise<boolean> {
  const r = await tx
    .update(labelTemplates)
    .set({
      name: row.name,
      kind: row.kind,
      content: row.content,
      version: sql`${labelTemplates.version} + 1`,
      updatedBy: row.accountId,
      updatedAt: row.now,
    })
    .where(and(eq(labelTemplates.id, row.id), eq(labelTemplates.centreId, row.centreId), eq(labelTemplates.version, row.expectedVersion)))
    .returning({ id: labelTemplates.id });
  return r.length > 0;
}

/** Deletes a template unless it is the default; answers whether a row went. */
export async function deleteNonDefault(db: Db, centreId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(labelTemplates)
    .where(and(eq(labelTemplates.id, id), eq(labelTemplates.centreId, centreId), eq(labelTemplates.isDefault, false)))
    .returning({ id: labelTemplates.id });
  return r.length > 0;
}

export async function centreName(db: Db, centreId: number): Promise<string> {
  const rows = await db.select({ name: centres.name }).from(centres).where(eq(centres.id, centreId)).limit(1);
  return rows[0]?.name ?? '';
}

export async function merchantDefaultCentre(db: Db, merchantId: number): Promise<number | null> {
  const rows = await db.select({ centreId: merchants.defaultCentreId }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return rows[0]?.centreId ?? null;
}
