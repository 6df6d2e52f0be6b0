import { and, asc, count, desc, eq, gte, ilike, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import type { batchSort, OrderStatus, SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import { batches, batchNoCounters, centres, gemCategories, merchants, orderEbills, orderEvents, orderItems, testingOrders } from '../../db/schema';

export type BatchRecord = typeof batches.$inferSelect;
export type NewBatch = typeof batches.$inferInsert;

const batchColumns = {
  batch: batches,
  centreName: centres.name,
  orderCount: sql<number>`(select count(*)::int from ${testingOrders} where ${testingOrders.batchId} = ${batches.id})`.mapWith(Number),
  itemCount: sql<number>`(select count(*)::int from ${orderItems} join ${testingOrders} on ${testingOrders.id} = ${orderItems.orderId} where ${testingOrders.batchId} = ${batches.id})`.mapWith(Number),
};
export interface BatchListRow {
  batch: BatchRecord;
  centreName: string;
  orderCount: number;
  itemCount: number;
}

/**
 * Serialises the intake of one station (account) until the transaction ends, so two first scans at
 * once open one batch, not two (the partial unique index would refuse the second anyway).
 */
export async function lockStation(tx: Db, operatorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(60, ${operatorId}::int)`);
}

export async function openBatchOf(db: Db, operatorId: number): Promise<BatchRecord | undefined> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.operatorId, operatorId), eq(batches.status, 'open')))
    .limit(1);
  return row;
}

/** Next batch number of the centre and day (yyyymmdd): one row per centre and day, incremented atomically. */
export async function nextBatchSeq(tx: Db, centreId: number, day: string): Promise<number> {
  const [r] = await tx
    .insert(batchNoCounters)
    .values({ centreId, day, last: 1 })
    .onConflictDoUpdate({ target: [batchNoCounters.centreId, batchNoCounters.day], set: { last: sql`${batchNoCounters.last} + 1` } })
    .returning({ last: batchNoCounters.last });
  return r!.last;
}

export async function insertBatch(tx: Db, row: NewBatch): Promise<BatchRecord> {
  const [b] = await tx.insert(batches).values(row).returning();
  return b!;
}

/** A batch of the centre with its counts (another centre's: undefined). */
export async function batchRow(db: Db, id: number, centreId: number): Promise<BatchListRow | undefined> {
  const [row] = await db
    .select(batchColumns)
    .from(batches)
    .innerJoin(centres, eq(centres.id, batches.centreId))
    .where(and(eq(batches.id, id), eq(batches.centreId, centreId)))
    .limit(1);
  return row;
}

export interface BatchFilter {
  centreId: number;
  batchNo?: string;
  status?: 'open' | 'closed';
  operatorId?: number;
  from?: Date;
  to?: Date;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function batchWhere(f: BatchFilter): SQL | undefined {
  const w: SQL[] = [eq(batches.centreId, f.centreId)];
  if (f.batchNo) w.push(ilike(batches.batchNo, `%${escapeLike(f.batchNo)}%`));
  if (f.status) w.push(eq(batches.status, f.status));
  if (f.operatorId !== undefined) w.push(eq(batches.operatorId, f.operatorId));
  if (f.from) w.push(gte(batches.openedAt, f.from));
  if (f.to) w.push(lt(batches.openedAt, f.to));
  return and(...w);
}

/**
 * 批次列表's sort keys → columns (a batch still open has no 结束时间: last either way). A centre
 * opens a few batches a day, so the counts are summed per batch of the filter, no index needed.
 */
const batchSortColumns = {
  opened_at: batches.openedAt,
  closed_at: { by: batches.closedAt, nullsLast: true },
  order_count: batchColumns.orderCount,
  item_count: batchColumns.itemCount,
  status: batches.status,
} satisfies SortColumns<SortKeyOf<typeof batchSort>>;
type BatchSort = ListSortQuery<SortKeyOf<typeof batchSort>>;

/** The centre's batches (default: newest first), without the total (a page of the list, or of the export). */
export async function batchRows(db: Db, f: BatchFilter, page: { limit: number; offset: number }, sort: BatchSort = { sort_order: 'desc' }): Promise<BatchListRow[]> {
  return db
    .select(batchColumns)
    .from(batches)
    .innerJoin(centres, eq(centres.id, batches.centreId))
    .where(batchWhere(f))
    .orderBy(...listOrderBy(batchSortColumns, sort, batches.id, [desc(batches.openedAt), desc(batches.id)]))
    .limit(page.limit)
    .offset(page.offset);
}

/** A page of the centre's batches, newest first, with the exact total (a centre opens a few batches a day). */
export async function listBatches(db: Db, f: BatchFilter, page: { limit: number; offset: number }, sort?: BatchSort): Promise<{ rows: BatchListRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([batchRows(db, f, page, sort), db.select({ n: count() }).from(batches).where(batchWhere(f))]);
  return { rows, total: total?.n ?? 0 };
}

/** Accounts that opened batches at the centre, with the name they had on their latest batch. */
export async function batchOperators(db: Db, centreId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinctOn([batches.operatorId], { id: batches.operatorId, name: batches.operatorName })
    .from(batches)
    .where(eq(batches.centreId, centreId))
    .orderBy(asc(batches.operatorId), desc(batches.openedAt));
}

/** Closes an open batch of the centre; undefined when it is not open (or not the centre's). */
export async function closeBatch(db: Db, id: number, centreId: number, by: { id: number; name: string }, now: Date): Promise<BatchRecord | undefined> {
  const [row] = await db
    .update(batches)
    .set({ status: 'closed', closedAt: now, closedBy: by.id, closedByName: by.name })
    .where(and(eq(batches.id, id), eq(batches.centreId, centreId), eq(batches.status, 'open')))
    .returning();
  return row;
}

/** Orders of a batch by their current status. */
export async function statusCounts(db: Db, batchId: number): Promise<{ status: OrderStatus; n: number }[]> {
  return db
    .select({ status: testingOrders.status, n: count() })
    .from(testingOrders)
    .where(eq(testingOrders.batchId, batchId))
    .groupBy(testingOrders.status)
    .orderBy(asc(testingOrders.status));
}

// used in queries with joins only: Drizzle qualifies the columns there (a single-table select does not)
const receivedAt = sql<Date | null>`(select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${testingOrders.id} and ${orderEvents.toStatus} = 'received')`.mapWith(
  (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v))),
);

/** When each order was received (its intake event). */
export async function receivedTimes(db: Db, orderIds: number[]): Promise<Map<number, Date | null>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ id: orderEvents.orderId, at: max(orderEvents.createdAt) })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.toStatus, 'received')))
    .groupBy(orderEvents.orderId);
  return new Map(rows.map((r) => [r.id, r.at]));
}

/** One row per item of the batch's orders, in intake order (the batch-list print). */
export async function batchPrintRows(db: Db, batchId: number) {
  return db
    .select({
      orderId: testingOrders.id,
      orderNo: testingOrders.orderNo,
      merchantName: merchants.name,
      itemName: orderItems.name,
      categoryName: gemCategories.name,
      inboundCarrier: testingOrders.inboundCarrier,
      inboundWaybill: testingOrders.inboundWaybill,
      status: testingOrders.status,
      receivedAt,
    })
    .from(testingOrders)
    .innerJoin(merchants, eq(merchants.id, testingOrders.merchantId))
    .innerJoin(orderItems, eq(orderItems.orderId, testingOrders.id))
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .where(eq(testingOrders.batchId, batchId))
    .orderBy(sql`${receivedAt} asc nulls last`, asc(testingOrders.id), asc(orderItems.id));
}

/** The operator's open batch at the centre with its counts (what every scan shows): one prepared statement (db/prepared.ts; planning its two counts took ~0.5 ms a scan). */
export async function openBatchRowOf(db: Db, operatorId: number, centreId: number): Promise<BatchListRow | undefined> {
  const [row] = await prepared(db, 'gemqc_intake_open_batch', () =>
    db
      .select(batchColumns)
      .from(batches)
      .innerJoin(centres, eq(centres.id, batches.centreId))
      .where(and(eq(batches.operatorId, sql.placeholder('operatorId')), eq(batches.status, 'open'), eq(batches.centreId, sql.placeholder('centreId'))))
      .limit(1)
      .prepare('gemqc_intake_open_batch'),
  ).execute({ operatorId, centreId });
  return row;
}


/** An order of the centre: its status, merchant and number (undefined: not the centre's). */
export async function orderOfCentre(db: Db, id: number, centreId: number): Promise<{ status: OrderStatus; merchantId: number; orderNo: string } | undefined> {
  const [row] = await db
    .select({ status: testingOrders.status, merchantId: testingOrders.merchantId, orderNo: testingOrders.orderNo })
    .from(testingOrders)
    .where(and(eq(testingOrders.id, id), eq(testingOrders.centreId, centreId)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- e-waybills (issue 23)

export type EbillRow = typeof orderEbills.$inferSelect;

export async function ebillOf(db: Db, orderId: number, logisticsCode: string): Promise<EbillRow | undefined> {
  const [r] = await db
    .select()
    .from(orderEbills)
    .where(and(eq(orderEbills.orderId, orderId), eq(orderEbills.logisticsCode, logisticsCode)))
    .limit(1);
  return r;
}

/** Keeps the first e-waybill of an order and carrier (two clicks at once keep one); answers the kept one. */
export async function keepEbill(db: Db, row: typeof orderEbills.$inferInsert): Promise<EbillRow> {
  await db.insert(orderEbills).values(row).onConflictDoNothing();
  return (await ebillOf(db, row.orderId, row.logisticsCode))!;
}

/** The sender of an e-waybill: the centre's name, contact, mobile and address. */
export async function centreOf(db: Db, centreId: number) {
  const [r] = await db.select({ name: centres.name, contact: centres.contact, mobile: centres.mobile, address: centres.address }).from(centres).where(eq(centres.id, centreId));
  return r;
}

export async function itemLines(db: Db, orderId: number) {
  return db.select({ name: orderItems.name, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}
