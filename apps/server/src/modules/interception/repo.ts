import { and, asc, count, desc, eq, exists, gte, inArray, ne, sql } from 'drizzle-orm';
import type { OrderStatus, returnQueueSort, SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import { aftersaleChecks, interceptRequests, orderEvents, merchants, orderReturns, platformAftersales, platformMessages, shops, testingOrders, type PlatformMessageOutcome } from '../../db/schema';

export type PlatformMessageRow = typeof platformMessages.$inferSelect;
export type InterceptRequestRow = typeof interceptRequests.$inferSelect;
export type OrderReturnRow = typeof orderReturns.$inferSelect;

/** Stores a message unless its msg_id is already stored: the row when new, undefined for a repeat. */
export async function insertMessageOnce(tx: Db, row: typeof platformMessages.$inferInsert): Promise<PlatformMessageRow | undefined> {
  const [inserted] = await tx.insert(platformMessages).values(row).onConflictDoNothing({ target: [platformMessages.platform, platformMessages.msgId] }).returning();
  return inserted;
}

export async function setMessageOutcome(
  tx: Db,
  id: number,
  v: { outcome: PlatformMessageOutcome; reason: string; orderId?: number | null; centreId?: number | null; merchantId?: number | null },
): Promise<void> {
  await tx.update(platformMessages).set(v).where(eq(platformMessages.id, id));
}

/** The GemQC shop of a platform shop id (any merchant). */
export async function shopByPlatformId(db: Db, platform: string, platformShopId: string) {
  const [row] = await db
    .select({ id: shops.id, merchantId: shops.merchantId })
    .from(shops)
    .where(and(eq(shops.platform, platform), eq(shops.shopId, platformShopId)))
    .limit(1);
  return row;
}

/** The testing order of a shop's platform order: the live one (not cancelled) first, else the newest. */
export async function orderOfShop(db: Db, shopId: number, platformOrderId: string) {
  const [row] = await db
    .select({ id: testingOrders.id, orderNo: testingOrders.orderNo, status: testingOrders.status, centreId: testingOrders.centreId, merchantId: testingOrders.merchantId })
    .from(testingOrders)
    .where(and(eq(testingOrders.shopId, shopId), eq(testingOrders.platformOrderId, platformOrderId)))
    .orderBy(sql`(${testingOrders.status} = 'cancelled')`, desc(testingOrders.id))
    .limit(1);
  return row;
}

/** Refund messages about an order (newest first). */
export async function messagesOfOrder(db: Db, orderId: number) {
  return db.select().from(platformMessages).where(eq(platformMessages.orderId, orderId)).orderBy(desc(platformMessages.receivedAt)).limit(20);
}

/** Recorded-only refunds of the centre's orders still to be shipped (shown, not intercepted). */
export async function recordedRefundsOfCentre(db: Db, centreId: number, since: Date) {
  return db
    .select({ orderId: testingOrders.id, orderNo: testingOrders.orderNo, merchantName: merchants.name, reason: platformMessages.reason, receivedAt: platformMessages.receivedAt })
    .from(platformMessages)
    .innerJoin(testingOrders, eq(testingOrders.id, platformMessages.orderId))
    .innerJoin(merchants, eq(merchants.id, testingOrders.merchantId))
    .where(
      and(
        eq(platformMessages.centreId, centreId),
        eq(platformMessages.outcome, 'shipping_first'),
        gte(platformMessages.receivedAt, since),
        inArray(testingOrders.status, ['received', 'inspecting', 'passed', 'bound']),
      ),
    )
    .orderBy(desc(platformMessages.receivedAt))
    .limit(20);
}

// ---------------------------------------------------------------- merchants' requests

export async function insertRequest(tx: Db, row: typeof interceptRequests.$inferInsert): Promise<InterceptRequestRow | undefined> {
  const [r] = await tx.insert(interceptRequests).values(row).onConflictDoNothing().returning();
  return r;
}

export async function pendingRequestOf(db: Db, orderId: number): Promise<InterceptRequestRow | undefined> {
  const [r] = await db
    .select()
    .from(interceptRequests)
    .where(and(eq(interceptRequests.orderId, orderId), eq(interceptRequests.status, 'pending')))
    .limit(1);
  return r;
}

export async function requestsOfOrder(db: Db, orderId: number) {
  return db.select().from(interceptRequests).where(eq(interceptRequests.orderId, orderId)).orderBy(desc(interceptRequests.requestedAt)).limit(20);
}

export async function lockRequest(tx: Db, id: number, centreId: number): Promise<InterceptRequestRow | undefined> {
  const [r] = await tx
    .select()
    .from(interceptRequests)
    .where(and(eq(interceptRequests.id, id), eq(interceptRequests.centreId, centreId)))
    .for('update');
  return r;
}

export async function decideRequest(tx: Db, id: number, v: { status: 'confirmed' | 'rejected'; decidedByName: string; decidedAt: Date; decisionNote: string }) {
  await tx.update(interceptRequests).set(v).where(and(eq(interceptRequests.id, id), eq(interceptRequests.status, 'pending')));
}

export async function pendingRequestsOfCentre(db: Db, centreId: number) {
  return db
    .select({ request: interceptRequests, orderNo: testingOrders.orderNo, merchantName: merchants.name })
    .from(interceptRequests)
    .innerJoin(testingOrders, eq(testingOrders.id, interceptRequests.orderId))
    .innerJoin(merchants, eq(merchants.id, interceptRequests.merchantId))
    .where(and(eq(interceptRequests.centreId, centreId), eq(interceptRequests.status, 'pending')))
    .orderBy(asc(interceptRequests.requestedAt))
    .limit(50);
}

// ---------------------------------------------------------------- the return queue

/** The centre's intercepted orders waiting to go back (intercepted, or return_pending after an interception), oldest first. */
/** 拦截退回's sort keys → columns (the queue is a centre's few intercepted orders, on a partial index of migration 083). */
const queueSortColumns = {
  intercepted_since: testingOrders.statusChangedAt,
  status: testingOrders.status,
} satisfies SortColumns<SortKeyOf<typeof returnQueueSort>>;

/** A page of the centre's intercepted orders waiting to go back (default: the longest waiting first). */
export async function returnQueue(db: Db, centreId: number, limit: number, offset: number, sort: ListSortQuery<SortKeyOf<typeof returnQueueSort>> = { sort_order: 'desc' }) {
  const where = and(
    eq(testingOrders.centreId, centreId),
    inArray(testingOrders.status, ['intercepted', 'return_pending']),
    ne(testingOrders.interceptReason, ''),
  );
  const [rows, [total]] = await Promise.all([
    db.select({ id: testingOrders.id, since: testingOrders.statusChangedAt, merchantId: testingOrders.merchantId }).from(testingOrders).where(where).orderBy(...listOrderBy(queueSortColumns, sort, testingOrders.id, [asc(testingOrders.statusChangedAt), asc(testingOrders.id)])).limit(limit).offset(offset),
    db.select({ n: count() }).from(testingOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertReturn(tx: Db, row: typeof orderReturns.$inferInsert): Promise<void> {
  await tx.insert(orderReturns).values(row);
}

export async function returnOf(db: Db, orderId: number): Promise<OrderReturnRow | undefined> {
  const [r] = await db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).limit(1);
  return r;
}

/** The merchant an order belongs to (undefined: no such order). */
export async function merchantOfOrder(db: Db, orderId: number): Promise<number | undefined> {
  const [r] = await db.select({ merchantId: testingOrders.merchantId }).from(testingOrders).where(eq(testingOrders.id, orderId)).limit(1);
  return r?.merchantId;
}

// ---------------------------------------------------------------- after-sales (issue 23)

export type AftersaleRow = typeof platformAftersales.$inferSelect;

/** Records an after-sale unless its id is known: the row when new (the caller acts), undefined when it was applied already. */
export async function insertAftersaleOnce(tx: Db, row: typeof platformAftersales.$inferInsert): Promise<AftersaleRow | undefined> {
  const [r] = await tx.insert(platformAftersales).values(row).onConflictDoNothing().returning();
  return r;
}

/** The buyer withdrew it (or the merchant refused it): open → closed; the row, or undefined when it was not open. */
export async function closeAftersale(tx: Db, platform: string, aftersaleId: string, now: Date): Promise<AftersaleRow | undefined> {
  const [r] = await tx
    .update(platformAftersales)
    .set({ state: 'closed', closedAt: now })
    .where(and(eq(platformAftersales.platform, platform), eq(platformAftersales.aftersaleId, aftersaleId), eq(platformAftersales.state, 'open')))
    .returning();
  return r;
}

/** The order's after-sale still open (the newest), if any. */
export async function openAftersaleOfOrder(db: Db, orderId: number): Promise<AftersaleRow | undefined> {
  // every intake scan asks it: prepared (db/prepared.ts)
  const [r] = await prepared(db, 'gemqc_open_aftersale_of_order', () =>
    db
      .select()
      .from(platformAftersales)
      .where(and(eq(platformAftersales.orderId, sql.placeholder('orderId')), eq(platformAftersales.state, 'open')))
      .orderBy(desc(platformAftersales.appliedAt))
      .limit(1)
      .prepare('gemqc_open_aftersale_of_order'),
  ).execute({ orderId });
  return r;
}

/** Staff released the order: its open after-sales no longer stop it. */
export async function releaseAftersalesOfOrder(tx: Db, orderId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(platformAftersales)
    .set({ state: 'released', closedAt: now })
    .where(and(eq(platformAftersales.orderId, orderId), eq(platformAftersales.state, 'open')))
    .returning({ id: platformAftersales.aftersaleId });
  return rows.length;
}

/**
 * Shops reconciliation asks about: authorised Doudian shops with orders on their way to the centre
 * or at it and not shipped yet, with how far each was checked.
 */
export async function shopsToReconcile(db: Db, statuses: readonly OrderStatus[]) {
  return db
    .select({ id: shops.id, shopId: shops.shopId, checkedUntil: aftersaleChecks.checkedUntil })
    .from(shops)
    .leftJoin(aftersaleChecks, eq(aftersaleChecks.shopId, shops.id))
    .where(
      and(
        eq(shops.platform, 'doudian'),
        eq(shops.status, 'active'),
        exists(
          db
            .select({ one: sql`1` })
            .from(testingOrders)
            .where(and(eq(testingOrders.shopId, shops.id), inArray(testingOrders.status, [...statuses]))),
        ),
      ),
    )
    .orderBy(asc(shops.id));
}

export async function setChecked(db: Db, shopId: number, until: Date, now: Date): Promise<void> {
  await db
    .insert(aftersaleChecks)
    .values({ shopId, checkedUntil: until, checkedAt: now })
    .onConflictDoUpdate({ target: aftersaleChecks.shopId, set: { checkedUntil: until, checkedAt: now } });
}

/** The states of the after-sales among `ids` GemQC knows. */
export async function knownAftersales(db: Db, platform: string, ids: string[]): Promise<Map<string, AftersaleRow['state']>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: platformAftersales.aftersaleId, state: platformAftersales.state })
    .from(platformAftersales)
    .where(and(eq(platformAftersales.platform, platform), inArray(platformAftersales.aftersaleId, ids)));
  return new Map(rows.map((r) => [r.id, r.state]));
}

/** The platform order ids of the shop's orders in `statuses` (those reconciliation cares about). */
export async function watchedPlatformOrders(db: Db, shopId: number, statuses: readonly OrderStatus[]): Promise<Set<string>> {
  const rows = await db
    .select({ p: testingOrders.platformOrderId })
    .from(testingOrders)
    .where(and(eq(testingOrders.shopId, shopId), inArray(testingOrders.status, [...statuses])));
  return new Set(rows.flatMap((r) => (r.p ? [r.p] : [])));
}

/** Where the order was before its last interception (the from of its last event into intercepted). */
export async function statusBeforeInterception(db: Db, orderId: number): Promise<OrderStatus | undefined> {
  const [r] = await db
    .select({ from: orderEvents.fromStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'intercepted')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return r?.from ?? undefined;
}
