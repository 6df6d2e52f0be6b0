import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, orderEvents, testingOrders } from '../../db/schema';

const chinaDay = (col: typeof orderEvents.createdAt | typeof ledgerEntries.createdAt) => sql<string>`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** Order events per China-time day and target state, for one merchant's (or centre's) orders. */
export async function eventsPerDay(db: Db, scope: { merchantId?: number; centreId?: number }, from: Date, to: Date) {
  const day = chinaDay(orderEvents.createdAt);
  return db
    .select({ day, status: orderEvents.toStatus, n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .innerJoin(testingOrders, eq(testingOrders.id, orderEvents.orderId))
    .where(
      and(
        scope.merchantId !== undefined ? eq(testingOrders.merchantId, scope.merchantId) : undefined,
        scope.centreId !== undefined ? eq(testingOrders.centreId, scope.centreId) : undefined,
        gte(orderEvents.createdAt, from),
        lt(orderEvents.createdAt, to),
      ),
    )
    .groupBy(day, orderEvents.toStatus);
}

/** Ledger sums per China-time day and type for one merchant (or the entries booked at one centre). */
export async function ledgerPerDay(db: Db, scope: { merchantId?: number; centreId?: number }, from: Date, to: Date) {
  const day = chinaDay(ledgerEntries.createdAt);
  return db
    .select({ day, type: ledgerEntries.type, amount: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(
      and(
        scope.merchantId !== undefined ? eq(ledgerEntries.merchantId, scope.merchantId) : undefined,
        scope.centreId !== undefined ? eq(ledgerEntries.centreId, scope.centreId) : undefined,
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(day, ledgerEntries.type);
}
