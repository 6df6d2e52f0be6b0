import { arrayOverlaps, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inspectionRecords, orderReturns, testingOrders } from '../../db/schema';

// Which photos the records of an order keep (inspection records, a pickup's signature), read by
// the cleanup: the photos are stored here, listed by the records of other capabilities.

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
