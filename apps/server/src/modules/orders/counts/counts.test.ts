import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusValues } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { orderEvents, testingOrders } from '../../../db/schema';
import { all, demoIds } from '../testkit';
import { compactOrderCounts, countable, countedEventsPerDay, countedOrders, type CountedFilter, type EventScope, type EventsOfDay } from './counts.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const statuses = orderStatusValues;
// around China midnights (UTC+8), so a day boundary falls between two of them
const times = ['2026-11-20T15:59:59Z', '2026-11-20T16:00:00Z', '2026-11-21T03:00:00Z', '2026-11-21T15:59:59.999Z', '2026-11-21T16:00:00Z', '2026-11-23T10:00:00Z'];
const dayStarts = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-24'].map((d) => new Date(`${d}T00:00:00+08:00`));

/** The ground truth: COUNT(*) over the orders themselves. */
async function countedByScan(f: CountedFilter): Promise<number> {
  const w: SQL[] = [];
  if (f.merchantId !== undefined) w.push(eq(testingOrders.merchantId, f.merchantId));
  if (f.centreId !== undefined) w.push(eq(testingOrders.centreId, f.centreId));
  if (f.status) w.push(eq(testingOrders.status, f.status));
  if (f.shopId !== undefined) w.push(eq(testingOrders.shopId, f.shopId));
  if (f.from) w.push(gte(testingOrders.createdAt, f.from));
  if (f.to) w.push(lt(testingOrders.createdAt, f.to));
  const [row] = await t.database.db.select({ n: count() }).from(testingOrders).where(and(...w));
  return row!.n;
}

describe('kept order counts', () => {
  it('equal a COUNT(*) of the orders for every countable filter, whatever inserts, updates, cancels, deletes and compactions came before', async () => {
    const db = t.database.db;
    const ids = await demoIds(db);
    const merchants = [ids.cuiyu, ids.jinfu, ids.newbie];
    const centres = [ids.gz, ids.sz];
    const shopIds = (await all<{ id: number }>(db, sql`select id::int from shops order by id`)).map((s) => s.id);
    const shop = fc.option(fc.constantFrom(...shopIds), { nil: null });
    let seq = 0;
    /** Orders this test made (no platform order id, no items: free to move, cancel and delete). */
    const mine: number[] = [];
    const pick = (k: number) => mine[k % mine.length]!;

    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), merchantId: fc.constantFrom(...merchants), centreId: fc.constantFrom(...centres), shopId: shop, status: fc.constantFrom(...statuses), at: fc.constantFrom(...times) }),
      fc.record({ kind: fc.constant('status' as const), k: fc.nat(), status: fc.constantFrom(...statuses) }),
      fc.record({ kind: fc.constant('move' as const), k: fc.nat(), merchantId: fc.constantFrom(...merchants), centreId: fc.constantFrom(...centres), shopId: shop, at: fc.constantFrom(...times) }),
      fc.record({ kind: fc.constant('cancel' as const), k: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), k: fc.nat() }),
      fc.record({ kind: fc.constant('compact' as const) }),
    );
    const filter: fc.Arbitrary<CountedFilter> = fc
      .record(
        {
          merchantId: fc.constantFrom(...merchants),
          centreId: fc.constantFrom(...centres),
          status: fc.constantFrom(...statuses),
          shopId: fc.constantFrom(...shopIds),
          from: fc.constantFrom(...dayStarts),
          to: fc.constantFrom(...dayStarts),
        },
        { requiredKeys: [] },
      )
      .filter((f) => countable(f));

    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), fc.array(filter, { minLength: 1, maxLength: 4 }), async (ops, filters) => {
        for (const o of ops) {
          if (o.kind === 'insert') {
            const at = new Date(o.at);
            const [row] = await db
              .insert(testingOrders)
              .values({ orderNo: `PROP${++seq}-${Date.now()}`, merchantId: o.merchantId, centreId: o.centreId, shopId: o.shopId, status: o.status, startTime: at, shipDeadline: new Date(at.getTime() + 48 * 3600_000), createdAt: at })
              .returning({ id: testingOrders.id });
            mine.push(row!.id);
          } else if (o.kind === 'compact') {
            await compactOrderCounts(db);
          } else if (mine.length) {
            const id = pick(o.k);
            if (o.kind === 'status') await db.update(testingOrders).set({ status: o.status }).where(eq(testingOrders.id, id));
            if (o.kind === 'cancel') await db.update(testingOrders).set({ status: 'cancelled' }).where(eq(testingOrders.id, id));
            if (o.kind === 'move') await db.update(testingOrders).set({ merchantId: o.merchantId, centreId: o.centreId, shopId: o.shopId, createdAt: new Date(o.at) }).where(eq(testingOrders.id, id));
            if (o.kind === 'delete') {
              await db.delete(testingOrders).where(eq(testingOrders.id, id));
              mine.splice(mine.indexOf(id), 1);
            }
          }
        }
        for (const f of filters) expect(await countedOrders(db, f), JSON.stringify(f)).toBe(await countedByScan(f));
      }),
      { numRuns: 40 },
    );
  });

  it('count order events per China day and state equal to a COUNT(*) of the events joined to their orders, whatever inserts, changes, deletes, order moves and compactions came before', async () => {
    const db = t.database.db;
    const ids = await demoIds(db);
    const merchants = [ids.cuiyu, ids.jinfu, ids.newbie];
    const centres = [ids.gz, ids.sz];
    let seq = 0;
    /** Orders and events this test made (free to move, change and delete). */
    const orders: number[] = [];
    const events: number[] = [];
    const at = (k: number) => new Date(times[k % times.length]!);

    /** The ground truth: the events of the scope's orders, grouped by China day and state. */
    const byScan = async (scope: EventScope, from: Date, to: Date): Promise<EventsOfDay[]> =>
      all<EventsOfDay>(
        db,
        sql`select to_char(e.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, e.to_status as status, count(*)::int as n
            from ${orderEvents} e join ${testingOrders} o on o.id = e.order_id
            where ${'merchantId' in scope ? sql`o.merchant_id = ${scope.merchantId}` : sql`true`} and ${'centreId' in scope ? sql`o.centre_id = ${scope.centreId}` : sql`true`}
              and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
            group by 1, 2`,
      );
    const sorted = (rows: EventsOfDay[]) => [...rows].sort((a, b) => `${a.day}${a.status}`.localeCompare(`${b.day}${b.status}`));

    const op = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), merchantId: fc.constantFrom(...merchants), centreId: fc.constantFrom(...centres), t: fc.nat() }),
      fc.record({ kind: fc.constant('event' as const), k: fc.nat(), status: fc.constantFrom(...statuses), t: fc.nat() }),
      fc.record({ kind: fc.constant('change' as const), k: fc.nat(), status: fc.constantFrom(...statuses), t: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), k: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), k: fc.nat(), merchantId: fc.constantFrom(...merchants), centreId: fc.constantFrom(...centres) }),
      fc.record({ kind: fc.constant('compact' as const) }),
    );
    const scope: fc.Arbitrary<EventScope> = fc.oneof(
      fc.record({ merchantId: fc.constantFrom(...merchants) }),
      fc.record({ centreId: fc.constantFrom(...centres) }),
      fc.record({ merchantId: fc.constantFrom(...merchants), centreId: fc.constantFrom(...centres) }),
    );
    const range = fc.tuple(fc.nat({ max: dayStarts.length - 2 }), fc.nat({ max: dayStarts.length - 1 })).filter(([a, b]) => a < b);

    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), fc.array(fc.tuple(scope, range), { minLength: 1, maxLength: 4 }), async (ops, queries) => {
        for (const o of ops) {
          if (o.kind === 'order') {
            const [row] = await db
              .insert(testingOrders)
              .values({ orderNo: `EVPROP${++seq}-${Date.now()}`, merchantId: o.merchantId, centreId: o.centreId, startTime: at(o.t), shipDeadline: new Date(at(o.t).getTime() + 48 * 3600_000), createdAt: at(o.t) })
              .returning({ id: testingOrders.id });
            orders.push(row!.id);
          } else if (o.kind === 'compact') {
            await compactOrderCounts(db);
          } else if (o.kind === 'event' && orders.length) {
            const [row] = await db.insert(orderEvents).values({ orderId: orders[o.k % orders.length]!, toStatus: o.status, actorType: 'system', createdAt: at(o.t) }).returning({ id: orderEvents.id });
            events.push(row!.id);
          } else if (o.kind === 'move' && orders.length) {
            await db.update(testingOrders).set({ merchantId: o.merchantId, centreId: o.centreId }).where(eq(testingOrders.id, orders[o.k % orders.length]!));
          } else if (o.kind === 'change' && events.length) {
            // to another state, time or order
            await db
              .update(orderEvents)
              .set({ toStatus: o.status, createdAt: at(o.t), ...(orders.length ? { orderId: orders[o.t % orders.length]! } : {}) })
              .where(eq(orderEvents.id, events[o.k % events.length]!));
          } else if (o.kind === 'delete' && events.length) {
            const id = events[o.k % events.length]!;
            await db.delete(orderEvents).where(eq(orderEvents.id, id));
            events.splice(events.indexOf(id), 1);
          }
        }
        for (const [s, [a, b]] of queries) {
          const [from, to] = [dayStarts[a]!, dayStarts[b]!];
          expect(sorted(await countedEventsPerDay(db, s, from, to)), JSON.stringify({ s, from, to })).toEqual(sorted(await byScan(s, from, to)));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answers only filters it keeps: a tenant, status, shop and whole China days; any other filter is not countable', () => {
    expect(countable({ merchantId: 1, status: 'created', shopId: 2, from: dayStarts[0], to: dayStarts[1] })).toBe(true);
    expect(countable({ centreId: 1 })).toBe(true);
    expect(countable({ status: 'created' })).toBe(false); // no tenant
    expect(countable({ merchantId: 1, from: new Date('2026-11-20T01:00:00Z') })).toBe(false); // not a day start
    expect(countable({ merchantId: 1, orderNo: 'JC1' })).toBe(false);
    expect(countable({ merchantId: 1, someNewFilter: 3 })).toBe(false);
  });
});
