import { chinaDayDigits } from '@gemqc/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { accounts, batches, batchNoCounters, centres, orderEvents, testingOrders } from '../schema';


/**
 * Demo intake batches of 广州番禺检测中心 (docs/domain.md#batches): the demo orders there that were received
 * (they have a `received` event) are grouped by the China day of their intake into one batch per
 * day at the station of the demo inspector 13900000001 (PCyyyymmdd001); every batch is closed except
 * the latest, which stays open (the intake page shows it). Idempotent: nothing happens when the
 * centre already has batches or no order is left without one.
 */
export async function seedWarehouse(database: Database, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await database.db.transaction(async (tx) => {
    const [gz] = await tx.select({ id: centres.id }).from(centres).where(eq(centres.code, 'GZPY')).limit(1);
    const [inspector] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.userType, 'qualityInspection'), eq(accounts.mobile, '13900000001')))
      .limit(1);
    if (!gz || !inspector) return;
    const [existing] = await tx.select({ id: batches.id }).from(batches).where(eq(batches.centreId, gz.id)).limit(1);
    if (existing) return;

    const received = await tx
      .select({ id: testingOrders.id, at: sql<Date>`max(${orderEvents.createdAt})`.mapWith((v: unknown) => (v instanceof Date ? v : new Date(String(v)))) })
      .from(testingOrders)
      .innerJoin(orderEvents, and(eq(orderEvents.orderId, testingOrders.id), eq(orderEvents.toStatus, 'received')))
      .where(and(eq(testingOrders.centreId, gz.id), isNull(testingOrders.batchId)))
      .groupBy(testingOrders.id)
      .orderBy(asc(sql`max(${orderEvents.createdAt})`), asc(testingOrders.id));
    if (!received.length) return;

    const byDay = new Map<string, { id: number; at: Date }[]>();
    for (const r of received) {
      const day = chinaDayDigits(r.at);
      const list = byDay.get(day) ?? [];
      list.push(r);
      byDay.set(day, list);
    }
    const days = [...byDay.keys()].sort();
    for (const [k, day] of days.entries()) {
      const orders = byDay.get(day)!;
      const first = orders[0]!.at;
      const last = orders[orders.length - 1]!.at;
      const open = k === days.length - 1;
      const closedAt = new Date(Math.min(last.getTime() + 30 * 60_000, now.getTime()));
      const [batch] = await tx
        .insert(batches)
        .values({
          batchNo: `PC${day}001`,
          centreId: gz.id,
          operatorId: inspector.id,
          operatorName: inspector.name,
          status: open ? 'open' : 'closed',
          openedAt: new Date(first.getTime() - 5 * 60_000),
          closedAt: open ? null : closedAt,
          closedBy: open ? null : inspector.id,
          closedByName: open ? '' : inspector.name,
        })
        .returning({ id: batches.id });
      await tx
        .insert(batchNoCounters)
        .values({ centreId: gz.id, day, last: 1 })
        .onConflictDoUpdate({ target: [batchNoCounters.centreId, batchNoCounters.day], set: { last: sql`greatest(${batchNoCounters.last}, 1)` } });
      await tx
        .update(testingOrders)
        .set({ batchId: batch!.id })
        .where(inArray(testingOrders.id, orders.map((o) => o.id)));
    }
  });
}
