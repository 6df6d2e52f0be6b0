import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordings, testingOrders } from '../../db/schema';
import type { RecordingKind } from '../../db/schema';
import type { SortKeyOf, videoSort } from '@gemqc/contract';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';

/** 录像管理's sort keys → columns (a recording without a read duration comes last). */
const recordingSortColumns = {
  uploaded_at: recordings.uploadedAt,
  duration_seconds: { by: recordings.durationSeconds, nullsLast: true },
} satisfies SortColumns<SortKeyOf<typeof videoSort>>;

export type RecordingRow = typeof recordings.$inferSelect;

/** Whose recordings: a merchant's (its own orders) or a centre's (the orders sent to it). */
export type RecordingScope = { merchantId: number } | { centreId: number };

export interface RecordingFilter {
  scope: RecordingScope;
  orderId?: number;
  orderNo?: string;
  kind?: RecordingKind;
  from?: Date;
  to?: Date;
}

function where(f: RecordingFilter): SQL | undefined {
  const w: (SQL | undefined)[] = ['merchantId' in f.scope ? eq(testingOrders.merchantId, f.scope.merchantId) : eq(testingOrders.centreId, f.scope.centreId)];
  if (f.orderId !== undefined) w.push(eq(recordings.orderId, f.orderId));
  if (f.orderNo) w.push(eq(testingOrders.orderNo, f.orderNo));
  if (f.kind) w.push(eq(recordings.kind, f.kind));
  if (f.from) w.push(gte(recordings.uploadedAt, f.from));
  if (f.to) w.push(lt(recordings.uploadedAt, f.to));
  return and(...w);
}

/** A page of recordings (newest first) with their order no, and the total. */
export async function listRecordings(db: Db, f: RecordingFilter, page: { limit: number; offset: number }, sort: ListSortQuery<SortKeyOf<typeof videoSort>> = { sort_order: 'desc' }) {
  const w = where(f);
  const [rows, [t]] = await Promise.all([
    db
      .select({ rec: recordings, orderNo: testingOrders.orderNo })
      .from(recordings)
      .innerJoin(testingOrders, eq(testingOrders.id, recordings.orderId))
      .where(w)
      .orderBy(...listOrderBy(recordingSortColumns, sort, recordings.id, [desc(recordings.uploadedAt), desc(recordings.id)]))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(recordings).innerJoin(testingOrders, eq(testingOrders.id, recordings.orderId)).where(w),
  ]);
  return { rows, total: t?.n ?? 0 };
}

/** A recording with its order's merchant (for the tenancy check). */
export async function recordingById(db: Db, id: number) {
  const [row] = await db
    .select({ rec: recordings, orderNo: testingOrders.orderNo, merchantId: testingOrders.merchantId })
    .from(recordings)
    .innerJoin(testingOrders, eq(testingOrders.id, recordings.orderId))
    .where(eq(recordings.id, id))
    .limit(1);
  return row;
}

export async function insertRecording(tx: Db, r: typeof recordings.$inferInsert): Promise<RecordingRow> {
  const [row] = await tx.insert(recordings).values(r).returning();
  return row!;
}
