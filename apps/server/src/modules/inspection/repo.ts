import { and, arrayOverlaps, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  centres,
  certificates,
  codeBindings,
  gemCategories,
  inspectionRecords,
  orderItems,
  orderReturns,
  recordings,
  testingOrders,
} from '../../db/schema';

export type InspectionRow = typeof inspectionRecords.$inferSelect;
export type NewInspection = typeof inspectionRecords.$inferInsert;
export type CertificateRow = typeof certificates.$inferSelect;
export type BindingRow = typeof codeBindings.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;

/** An item with its order, category and centre code, only when the order belongs to the centre. */
export async function itemOfCentre(db: Db, itemId: number, centreId: number) {
  const [row] = await db
    .select({
      item: orderItems,
      orderId: testingOrders.id,
      orderNo: testingOrders.orderNo,
      merchantId: testingOrders.merchantId,
      categoryName: gemCategories.name,
      unit: gemCategories.unit,
      centreCode: centres.code,
    })
    .from(orderItems)
    .innerJoin(testingOrders, eq(testingOrders.id, orderItems.orderId))
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .innerJoin(centres, eq(centres.id, testingOrders.centreId))
    .where(and(eq(orderItems.id, itemId), eq(testingOrders.centreId, centreId)))
    .limit(1);
  return row;
}

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

/** Results of the order's items (null: not inspected yet). */
export async function itemResults(db: Db, orderId: number) {
  return db.select({ id: orderItems.id, result: orderItems.result, boundCode: orderItems.boundCode }).from(orderItems).where(eq(orderItems.orderId, orderId));
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

// ---- code bindings ----

/** The live binding of a code (any centre: a code is unique while bound), with its order. */
export async function liveBindingOfCode(db: Db, code: string) {
  const [row] = await db
    .select({ b: codeBindings, orderNo: testingOrders.orderNo, itemName: orderItems.name })
    .from(codeBindings)
    .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
    .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
    .where(and(eq(codeBindings.code, code), isNull(codeBindings.unboundAt)))
    .limit(1);
  return row;
}

export async function liveBindingOfItem(db: Db, itemId: number): Promise<BindingRow | undefined> {
  const [row] = await db
    .select()
    .from(codeBindings)
    .where(and(eq(codeBindings.itemId, itemId), isNull(codeBindings.unboundAt)))
    .limit(1);
  return row;
}

export async function insertBinding(tx: Db, b: typeof codeBindings.$inferInsert): Promise<BindingRow> {
  const [row] = await tx.insert(codeBindings).values(b).returning();
  return row!;
}

export async function setItemBoundCode(tx: Db, itemId: number, code: string | null): Promise<void> {
  await tx.update(orderItems).set({ boundCode: code }).where(eq(orderItems.id, itemId));
}

/** Marks a live binding unbound (the row stays as history); false when it was no longer live. */
export async function unbind(tx: Db, id: number, u: { at: Date; by: number; byName: string; reason: string }): Promise<boolean> {
  const rows = await tx
    .update(codeBindings)
    .set({ unboundAt: u.at, unboundBy: u.by, unboundByName: u.byName })
    .where(and(eq(codeBindings.id, id), isNull(codeBindings.unboundAt)))
    .returning({ id: codeBindings.id });
  if (!rows.length) return false;
  await tx.execute(sql`update code_bindings set unbind_reason = ${u.reason} where id = ${id}`);
  return true;
}

// ---- recordings ----

export async function insertRecording(tx: Db, r: typeof recordings.$inferInsert): Promise<RecordingRow> {
  const [row] = await tx.insert(recordings).values(r).returning();
  return row!;
}

// ---- photos ----

/**
 * Takes a share lock on the order row until the transaction ends: `Inspection/submit` locks the
 * order for update, so it cannot record a photo of the order meanwhile (and one it recorded has
 * committed). False when there is no such order.
 */
export async function lockOrderShared(tx: Db, orderId: number): Promise<boolean> {
  const rows = await tx.select({ id: testingOrders.id }).from(testingOrders).where(eq(testingOrders.id, orderId)).for('share');
  return rows.length > 0;
}

/** Every photo key the order's inspection records list (index inspection_records_order_idx). */
export async function photoKeysOfOrder(db: Db, orderId: number): Promise<Set<string>> {
  const rows = await db.select({ photos: inspectionRecords.photos }).from(inspectionRecords).where(eq(inspectionRecords.orderId, orderId));
  // a pickup's signature photo (order_returns) is a photo of the order too: kept while its return lists it
  const signed = await db.select({ key: orderReturns.signatureKey }).from(orderReturns).where(eq(orderReturns.orderId, orderId));
  return new Set([...rows.flatMap((r) => r.photos), ...signed.flatMap((r) => (r.key ? [r.key] : []))]);
}

/** Which of these keys any inspection record lists (no index: for the rare keys outside an order's folder). */
export async function photoKeysListed(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.select({ photos: inspectionRecords.photos }).from(inspectionRecords).where(arrayOverlaps(inspectionRecords.photos, keys));
  const signed = await db.select({ key: orderReturns.signatureKey }).from(orderReturns).where(inArray(orderReturns.signatureKey, keys));
  const wanted = new Set(keys);
  return new Set([...rows.flatMap((r) => r.photos), ...signed.map((r) => r.key ?? '')].filter((k) => wanted.has(k)));
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
