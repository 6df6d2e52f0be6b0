import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';
import { pgTimeToIso } from './pgTime';
import { mapRowsFast } from './rowMapper';
import { centres, shops, testingOrders } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('mapRowsFast', () => {
  // nested table objects (one inner-, one left-joined: orders without a shop), SQL with a decoder,
  // a mapped time and Drizzle's own column decoders (bigint ids, Date times)
  const select = () =>
    database.db
      .select({
        order: { id: testingOrders.id, orderNo: testingOrders.orderNo, createdAt: testingOrders.createdAt, status: testingOrders.status },
        shop: shops,
        centreName: centres.name,
        itemCount: sql<number>`(select count(*) from order_items oi where oi.order_id = ${testingOrders.id})`.mapWith(Number),
        deadline: sql`${testingOrders.shipDeadline}`.mapWith(pgTimeToIso),
        noShop: sql<boolean>`${testingOrders.shopId} is null`,
      })
      .from(testingOrders)
      .innerJoin(centres, eq(centres.id, testingOrders.centreId))
      .leftJoin(shops, eq(shops.id, testingOrders.shopId))
      .orderBy(desc(testingOrders.id))
      .limit(60);

  it('answers what Drizzle maps, left-joined rows that are absent as null', async () => {
    const expected = await select().prepare('row_mapper_drizzle').execute();
    const fast = mapRowsFast(select().prepare('row_mapper_fast'));
    const calls: number[] = [];
    const hook = fast as unknown as { customResultMapper: (rows: unknown[][]) => unknown };
    const mapper = hook.customResultMapper;
    hook.customResultMapper = (rows) => (calls.push(rows.length), mapper(rows));
    const actual = await fast.execute();
    expect(calls).toEqual([expected.length]); // Drizzle handed its rows to the hook
    expect(actual).toEqual(expected);
    expect(expected.some((r) => r.shop === null) && expected.some((r) => r.shop !== null)).toBe(true);
    expect(typeof actual[0]!.deadline).toBe('string');
    expect(actual[0]!.order.createdAt).toBeInstanceOf(Date);
  });

  it('refuses what is not a prepared Drizzle select', () => {
    expect(() => mapRowsFast({})).toThrow(/not a prepared Drizzle select/);
  });
});
