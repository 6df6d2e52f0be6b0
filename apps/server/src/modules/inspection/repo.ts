import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  centres,
  certificates,
  codeBindings,
  gemCategories,
  inspectionAmendments,
  inspectionRecords,
  orderItems,
  testingOrders,
} from '../../db/schema';

export type InspectionRow = typeof inspectionRecords.$inferSelect;
export type NewInspection = typeof inspectionRecords.$inferInsert;
export type CertificateRow = typeof certificates.$inferSelect;
export type AmendmentRow = typeof inspectionAmendments.$inferSelect;

export async function inspectionOf(db: Db, itemId: number): Promise<InspectionRow | undefined> {
  const [row] = await db.select().from(inspectionRecords).where(eq(inspectionRecords.itemId, itemId)).limit(1);
  return row;
}

export async function insertInspection(tx: Db, r: NewInspection): Promise<InspectionRow> {
  const [row] = await tx.insert(inspectionRecords).values(r).returning();
  return row!;
}

export async function updateInspection(tx: Db, id: number, patch: Partial<NewInspection>): Promise<InspectionRow> {
  const [row] = await tx.update(inspectionRecords).set(patch).where(eq(inspectionRecords.id, id)).returning();
  return row!;
}

export async function setItemResult(tx: Db, itemId: number, result: 'pass' | 'fail' | 'unable', certificateNo: string | null): Promise<void> {
  await tx.update(orderItems).set({ result, certificateNo }).where(eq(orderItems.id, itemId));
}

export async function certificateOf(db: Db, itemId: number): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.itemId, itemId)).limit(1);
  return row;
}

export async function insertCertificate(tx: Db, c: typeof certificates.$inferInsert): Promise<CertificateRow> {
  const [row] = await tx.insert(certificates).values(c).returning();
  return row!;
}

export async function updateCertificate(tx: Db, id: number, patch: { conclusion: string; fields: Record<string, string | number | null> }): Promise<CertificateRow> {
  const [row] = await tx.update(certificates).set(patch).where(eq(certificates.id, id)).returning();
  return row!;
}

export async function deleteCertificate(tx: Db, id: number): Promise<void> {
  await tx.delete(certificates).where(eq(certificates.id, id));
}

export async function verifyCodeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.verifyCode, code)).limit(1);
  return !!row;
}

/**
 * The next certificate number with a prefix (centre code + China date): the largest one so far + 1,
 * five digits. A transaction-scoped advisory lock on the prefix serialises concurrent issues.
 */
export async function nextCertificateNo(tx: Db, prefix: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'cert:' + prefix}))`);
  const [row] = await tx
    .select({ last: sql<string | null>`max(${certificates.certificateNo})` })
    .from(certificates)
    .where(and(sql`${certificates.certificateNo} like ${prefix + '%'}`, sql`length(${certificates.certificateNo}) = ${prefix.length + 5}`));
  const last = row?.last ? Number(row.last.slice(prefix.length)) || 0 : 0;
  return `${prefix}${String(last + 1).padStart(5, '0')}`;
}

// ---- public certificate check ----

/** A certificate by its verification code, with what the public page shows (no merchant or buyer). */
/** The certificate a buyer checks: by its verification code, or by the tag code bound to its item. */
export async function certificateByVerifyCode(db: Db, code: string) {
  return certificateWhere(db, eq(certificates.verifyCode, code));
}

/** The certificate of the item a tag code is bound to now (a code is unique while bound). */
export async function certificateByTagCode(db: Db, tagCode: string) {
  const live = db
    .select({ itemId: codeBindings.itemId })
    .from(codeBindings)
    .where(and(eq(codeBindings.code, tagCode), isNull(codeBindings.unboundAt)));
  return certificateWhere(db, inArray(certificates.itemId, live));
}

async function certificateWhere(db: Db, where: SQL) {
  const [row] = await db
    .select({
      cert: certificates,
      itemName: orderItems.name,
      categoryName: gemCategories.name,
      centreName: centres.name,
      rec: inspectionRecords,
    })
    .from(certificates)
    .innerJoin(orderItems, eq(orderItems.id, certificates.itemId))
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .innerJoin(testingOrders, eq(testingOrders.id, certificates.orderId))
    .innerJoin(centres, eq(centres.id, testingOrders.centreId))
    .leftJoin(inspectionRecords, eq(inspectionRecords.itemId, certificates.itemId))
    .where(where)
    .limit(1);
  return row;
}

/** The amendment a client key already made (a repeated request answers it). */
export async function amendmentByKey(db: Db, key: string): Promise<AmendmentRow | undefined> {
  const [row] = await db.select().from(inspectionAmendments).where(eq(inspectionAmendments.idempotencyKey, key)).limit(1);
  return row;
}

export async function insertAmendment(tx: Db, a: typeof inspectionAmendments.$inferInsert): Promise<AmendmentRow> {
  const [row] = await tx.insert(inspectionAmendments).values(a).returning();
  return row!;
}

/** Writes what the amendment booked once the ledger has (the row exists first: its id keys the charges). */
export async function setAmendmentAmounts(tx: Db, id: number, amounts: { reversed: number; charged: number }): Promise<void> {
  await tx.update(inspectionAmendments).set(amounts).where(eq(inspectionAmendments.id, id));
}
