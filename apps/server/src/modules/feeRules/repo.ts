import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, feeRules, gemCategories, merchants } from '../../db/schema';

/** Every gem category in use with the centre's rule of it (null when none) and its override count. */
export async function centreRules(db: Db, centreId: number) {
  return db
    .select({
      categoryId: gemCategories.id,
      categoryCode: gemCategories.code,
      categoryName: gemCategories.name,
      unit: gemCategories.unit,
      ruleId: feeRules.id,
      inspectionFee: feeRules.inspectionFee,
      certificateFee: feeRules.certificateFee,
      updatedAt: feeRules.updatedAt,
      updatedByName: accounts.name,
      overrideCount: sql<number>`(select count(*)::int from fee_rules o where o.centre_id = ${centreId} and o.category_id = "gem_categories"."id" and o.merchant_id is not null)`,
    })
    .from(gemCategories)
    .leftJoin(feeRules, and(eq(feeRules.categoryId, gemCategories.id), eq(feeRules.centreId, centreId), isNull(feeRules.merchantId)))
    .leftJoin(accounts, eq(accounts.id, feeRules.updatedBy))
    .where(eq(gemCategories.status, 1))
    .orderBy(asc(gemCategories.sort), asc(gemCategories.id));
}

function likeEscape(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const base = alias(feeRules, 'base');

export async function listOverrides(db: Db, centreId: number, f: { keyword?: string; categoryId?: number }, page: { limit: number; offset: number }) {
  const where = and(
    eq(feeRules.centreId, centreId),
    isNotNull(feeRules.merchantId),
    f.categoryId === undefined ? undefined : eq(feeRules.categoryId, f.categoryId),
    f.keyword ? ilike(merchants.name, likeEscape(f.keyword)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({
        id: feeRules.id,
        merchantId: merchants.id,
        merchantName: merchants.name,
        categoryId: gemCategories.id,
        categoryName: gemCategories.name,
        inspectionFee: feeRules.inspectionFee,
        certificateFee: feeRules.certificateFee,
        baseInspectionFee: base.inspectionFee,
        baseCertificateFee: base.certificateFee,
        updatedByName: accounts.name,
        updatedAt: feeRules.updatedAt,
      })
      .from(feeRules)
      .innerJoin(merchants, eq(merchants.id, feeRules.merchantId))
      .innerJoin(gemCategories, eq(gemCategories.id, feeRules.categoryId))
      .leftJoin(base, and(eq(base.centreId, feeRules.centreId), eq(base.categoryId, feeRules.categoryId), isNull(base.merchantId)))
      .leftJoin(accounts, eq(accounts.id, feeRules.updatedBy))
      .where(where)
      .orderBy(asc(merchants.name), asc(gemCategories.sort), desc(feeRules.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feeRules)
      .innerJoin(merchants, eq(merchants.id, feeRules.merchantId))
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A merchant belongs to the centre when the centre is its default or it has sent orders there. */
function merchantOfCentre(centreId: number) {
  return or(
    eq(merchants.defaultCentreId, centreId),
    sql`exists (select 1 from testing_orders o where o.merchant_id = "merchants"."id" and o.centre_id = ${centreId})`,
  );
}

export async function centreMerchants(db: Db, centreId: number, keyword: string | undefined, limit: number) {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(and(merchantOfCentre(centreId), keyword ? ilike(merchants.name, likeEscape(keyword)) : undefined))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(limit);
}

export async function findCentreMerchant(db: Db, centreId: number, merchantId: number) {
  const rows = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), merchantOfCentre(centreId)))
    .limit(1);
  return rows[0];
}

export async function findCategory(db: Db, categoryId: number) {
  const rows = await db
    .select({ id: gemCategories.id, name: gemCategories.name })
    .from(gemCategories)
    .where(and(eq(gemCategories.id, categoryId), eq(gemCategories.status, 1)))
    .limit(1);
  return rows[0];
}

/** Sets the centre's rule (merchantId null) or a merchant's override of a category, in one statement. */
export async function upsertRule(
  db: Db,
  r: { centreId: number; categoryId: number; merchantId: number | null; inspectionFee: number; certificateFee: number; updatedBy: number; now: Date },
) {
  const values = {
    centreId: r.centreId,
    categoryId: r.categoryId,
    merchantId: r.merchantId,
    inspectionFee: r.inspectionFee,
    certificateFee: r.certificateFee,
    updatedBy: r.updatedBy,
    createdAt: r.now,
    updatedAt: r.now,
  };
  const set = { inspectionFee: r.inspectionFee, certificateFee: r.certificateFee, updatedBy: r.updatedBy, updatedAt: r.now };
  const q = db.insert(feeRules).values(values);
  const rows =
    r.merchantId === null
      ? await q.onConflictDoUpdate({ target: [feeRules.centreId, feeRules.categoryId], targetWhere: sql`merchant_id is null`, set }).returning()
      : await q.onConflictDoUpdate({ target: [feeRules.centreId, feeRules.categoryId, feeRules.merchantId], targetWhere: sql`merchant_id is not null`, set }).returning();
  return rows[0]!;
}

export async function findRule(db: Db, centreId: number, id: number) {
  const rows = await db
    .select({
      id: feeRules.id,
      merchantId: feeRules.merchantId,
      merchantName: merchants.name,
      categoryName: gemCategories.name,
      inspectionFee: feeRules.inspectionFee,
      certificateFee: feeRules.certificateFee,
    })
    .from(feeRules)
    .innerJoin(gemCategories, eq(gemCategories.id, feeRules.categoryId))
    .leftJoin(merchants, eq(merchants.id, feeRules.merchantId))
    .where(and(eq(feeRules.id, id), eq(feeRules.centreId, centreId)))
    .limit(1);
  return rows[0];
}

/** The centre's rule of a category (merchantId null) or a merchant's override of it, locked until the transaction ends. */
export async function ruleOf(db: Db, centreId: number, categoryId: number, merchantId: number | null) {
  const rows = await db
    .select({ inspectionFee: feeRules.inspectionFee, certificateFee: feeRules.certificateFee })
    .from(feeRules)
    .where(and(eq(feeRules.centreId, centreId), eq(feeRules.categoryId, categoryId), merchantId === null ? isNull(feeRules.merchantId) : eq(feeRules.merchantId, merchantId)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function deleteOverride(db: Db, centreId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(feeRules)
    .where(and(eq(feeRules.id, id), eq(feeRules.centreId, centreId), isNotNull(feeRules.merchantId)))
    .returning({ id: feeRules.id });
  return rows.length > 0;
}
