import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformShipments, shops, testingOrders, type ShipmentSyncState } from '../../db/schema';

export type ShipmentRow = typeof platformShipments.$inferSelect;

/**
 * Takes the report for one attempt: only a pending one, or one whose last holder's lease ran out
 * (its host died mid-call). Atomic: of two workers at most one gets it.
 */
export async function claimShipment(db: Db, id: number, now: Date, leaseUntil: Date, by: string): Promise<{ row: ShipmentRow; wasSending: boolean } | undefined> {
  const [before] = await db.select({ state: platformShipments.state }).from(platformShipments).where(eq(platformShipments.id, id));
  const [r] = await db
    .update(platformShipments)
    .set({ state: 'sending', claimedUntil: leaseUntil, claimedBy: by, attempts: sql`${platformShipments.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(platformShipments.id, id),
        or(eq(platformShipments.state, 'pending'), and(eq(platformShipments.state, 'sending'), or(isNull(platformShipments.claimedUntil), lt(platformShipments.claimedUntil, now)))),
      ),
    )
    .returning();
  return r ? { row: r, wasSending: before?.state === 'sending' } : undefined;
}

/** Ends an attempt: the new state and the reason in words ('' when synced). */
export async function settleShipment(db: Db, id: number, state: ShipmentSyncState, error: string, now: Date): Promise<void> {
  await db
    .update(platformShipments)
    .set({ state, error: error.slice(0, 500), claimedUntil: null, updatedAt: now, ...(state === 'synced' ? { syncedAt: now } : {}) })
    .where(eq(platformShipments.id, id));
}

/** Reports to (re)queue: pending ones no job touched since `staleBefore`, never-tried ones older than `newBefore`, and ones whose holder's lease ended (its host died mid-call). */
export async function dueShipments(db: Db, staleBefore: Date, newBefore: Date, leaseEndedBefore: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: platformShipments.id })
    .from(platformShipments)
    .where(
      or(
        and(eq(platformShipments.state, 'pending'), lt(platformShipments.updatedAt, staleBefore)),
        and(eq(platformShipments.state, 'pending'), eq(platformShipments.attempts, 0), lt(platformShipments.updatedAt, newBefore)),
        and(eq(platformShipments.state, 'sending'), lt(platformShipments.claimedUntil, leaseEndedBefore)),
      ),
    )
    .orderBy(platformShipments.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The shop's reports waiting for its new authorisation: pending again. Answers their ids. */
export async function resumeShopShipments(db: Db, shopId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(platformShipments)
    .set({ state: 'pending', error: '', attempts: 0, updatedAt: now })
    .where(and(eq(platformShipments.shopId, shopId), eq(platformShipments.state, 'waiting_auth')))
    .returning({ id: platformShipments.id });
  return rows.map((r) => r.id);
}

/** A failed or waiting report of the order made pending again by staff (重试); its id, or null. */
export async function retryOrderShipment(db: Db, orderId: number, now: Date): Promise<number | null> {
  const [latest] = await db.select().from(platformShipments).where(eq(platformShipments.orderId, orderId)).orderBy(desc(platformShipments.id)).limit(1);
  if (!latest || (latest.state !== 'failed' && latest.state !== 'waiting_auth')) return null;
  await db.update(platformShipments).set({ state: 'pending', error: '', attempts: 0, updatedAt: now }).where(eq(platformShipments.id, latest.id));
  return latest.id;
}

/** The latest report of each order (its current sync state). */
export async function latestOfOrders(db: Db, orderIds: number[]): Promise<Map<number, ShipmentRow>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([platformShipments.orderId])
    .from(platformShipments)
    .where(inArray(platformShipments.orderId, orderIds))
    .orderBy(platformShipments.orderId, desc(platformShipments.id));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** What a report's notifications need: the order's number, merchant and centre; the shop's name. */
export async function reportContext(db: Db, orderId: number, shopId: number) {
  const [o] = await db
    .select({ orderNo: testingOrders.orderNo, merchantId: testingOrders.merchantId, centreId: testingOrders.centreId, shopName: shops.shopName })
    .from(testingOrders)
    .innerJoin(shops, eq(shops.id, shopId))
    .where(eq(testingOrders.id, orderId));
  return o;
}
