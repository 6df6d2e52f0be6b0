import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSortKeys, orderStatusValues, ordersApi, shipPendingStatuses } from '@gemqc/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let base: ReturnType<typeof caller>;
let warehouse: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  base = caller(t, await t.login('base', '13700000001'));
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
});
afterAll(async () => t.close());

type Row = { id: string; order_no: string; ship_deadline: string; created_at: string; declared_value: number; status: string; remaining_seconds: number | null; overdue: boolean };
/** Orders that still have a deadline come first in both directions (发货倒计时 sorts by urgency). */
const pendingFirst = (r: Row) => (shipPendingStatuses.includes(r.status as never) ? 0 : 1);
/** The value a sort key orders by, comparable with < (status: its code, the column it groups by). */
const keyOf: Record<(typeof orderSortKeys)[number], (r: Row) => number | string> = {
  created_at: (r) => Date.parse(r.created_at),
  ship_deadline: (r) => Date.parse(r.ship_deadline),
  order_no: (r) => r.order_no,
  declared_value: (r) => r.declared_value,
  status: (r) => r.status,
};
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every page of a sort, one after the other (page size 30). */
async function allPages(who: ReturnType<typeof caller>, endpoint: typeof ordersApi.merchant.list, q: Record<string, string>) {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await who.call(endpoint, { ...q, page, page_size: 30 });
    expect(r.code).toBe(1000);
    rows.push(...(r.data.list as Row[]));
    if (rows.length >= r.data.total || r.data.list.length === 0) return { rows, total: r.data.total };
  }
}

describe('order lists sorted by an allow-listed column (sort_by, sort_order)', () => {
  for (const portal of ['merchant', 'center', 'warehouse'] as const) {
    it(`${portal}: every sort key orders every page both ways, pages neither repeat nor skip an order`, async () => {
      const who = { merchant: cuiyu, center: base, warehouse }[portal];
      const endpoint = ordersApi[portal].list as typeof ordersApi.merchant.list;
      for (const sortBy of orderSortKeys) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const { rows, total } = await allPages(who, endpoint, { sort_by: sortBy, sort_order: sortOrder });
          expect(rows.length).toBe(total);
          expect(new Set(rows.map((r) => r.id)).size).toBe(total);
          const keys = rows.map(keyOf[sortBy]);
          const sign = sortOrder === 'asc' ? 1 : -1;
          for (let i = 1; i < keys.length; i++) {
            if (sortBy === 'ship_deadline') {
              const group = cmp(pendingFirst(rows[i - 1]!), pendingFirst(rows[i]!));
              expect(group, `${sortBy} ${sortOrder} at ${i}: an order without a deadline before one with`).toBeLessThanOrEqual(0);
              if (group < 0) continue;
            }
            expect(sign * cmp(keys[i - 1]!, keys[i]!), `${sortBy} ${sortOrder} at ${i}`).toBeLessThanOrEqual(0);
          }
        }
      }
    });
  }

  it('ties (same status) are broken the same way on every call: the pages are stable', async () => {
    const a = await allPages(cuiyu, ordersApi.merchant.list, { sort_by: 'status', sort_order: 'asc' });
    const b = await allPages(cuiyu, ordersApi.merchant.list, { sort_by: 'status', sort_order: 'asc' });
    expect(b.rows.map((r) => r.id)).toEqual(a.rows.map((r) => r.id));
    expect(new Set(a.rows.map((r) => r.status)).size).toBeGreaterThan(1);
    expect(orderStatusValues).toEqual(expect.arrayContaining([...new Set(a.rows.map((r) => r.status))]));
  });

  it('refuses a column outside the allow-list and a wrong direction with a sentence', async () => {
    expect((await cuiyu.call(ordersApi.merchant.list, { sort_by: 'buyer_phone' })).msg).toBe('不能按这一列排序：此列表只能按下单时间、发货倒计时、订单号、申报价值、订单状态排序');
    expect((await cuiyu.call(ordersApi.merchant.list, { sort_by: 'created_at; drop table testing_orders' })).msg).toBe('不能按这一列排序：此列表只能按下单时间、发货倒计时、订单号、申报价值、订单状态排序');
    expect((await base.call(ordersApi.center.list, { sort_order: 'up' })).msg).toBe('排序方向只能是asc（升序）或desc（降序）');
  });

  it('发货倒计时 ascending: the most urgent order first (overdue at the top), orders without a deadline last both ways', async () => {
    for (const [who, endpoint] of [
      [cuiyu, ordersApi.merchant.list],
      [base, ordersApi.center.list],
    ] as const) {
      const asc = await allPages(who, endpoint as typeof ordersApi.merchant.list, { sort_by: 'ship_deadline', sort_order: 'asc' });
      const desc = await allPages(who, endpoint as typeof ordersApi.merchant.list, { sort_by: 'ship_deadline', sort_order: 'desc' });
      const pending = asc.rows.filter((r) => pendingFirst(r) === 0);
      const done = asc.rows.filter((r) => pendingFirst(r) === 1);
      expect(pending.length).toBeGreaterThan(0);
      expect(done.length).toBeGreaterThan(0);
      // the seed has overdue orders: the first row is overdue, the most overdue of all
      expect(asc.rows[0]!.overdue).toBe(true);
      expect(asc.rows[0]!.remaining_seconds).toBeLessThan(0);
      expect(Math.min(...pending.map((r) => Date.parse(r.ship_deadline)))).toBe(Date.parse(asc.rows[0]!.ship_deadline));
      // descending: the least urgent with a deadline first, the orders without one still last
      expect(pendingFirst(desc.rows[0]!)).toBe(0);
      expect(desc.rows.slice(pending.length).every((r) => pendingFirst(r) === 1)).toBe(true);
      expect(asc.rows.slice(pending.length).every((r) => pendingFirst(r) === 1)).toBe(true);
    }
  });

  it('ship_pending (migration 126, the column the sort reads) is exactly the contract shipPendingStatuses', async () => {
    const generated = (await t.database.db.execute(sql`select pg_get_expr(adbin, adrelid) as expr from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where a.attrelid = 'testing_orders'::regclass and a.attname = 'ship_pending'`)) as unknown as { rows: { expr: string }[] };
    const listed = [...generated.rows[0]!.expr.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...shipPendingStatuses].sort());
  });
});
