import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from './apiKit';
import { EXACT_TOTAL_CAP } from './repo';
import { demoIds } from './testkit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
const m = ordersApi.merchant;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

describe('order list total past the exact-count cap', () => {
  it('counts exactly (total_exact true) while the matches are at most the cap', async () => {
    const a = await cuiyu.call(m.list, { page: 1, page_size: 20 });
    expect(a.data.total).toBe(200);
    expect(a.data.total_exact).toBe(true);
  });

  it('pages the same rows in the same order as one bigger page (ids first, then the columns)', async () => {
    const big = await cuiyu.call(m.list, { page: 1, page_size: 100 });
    const p3 = await cuiyu.call(m.list, { page: 3, page_size: 20 });
    expect(p3.data.list.map((r) => r.id)).toEqual(big.data.list.slice(40, 60).map((r) => r.id));
    expect(p3.data.list[0]).toEqual(big.data.list[40]);
    const asc = await cuiyu.call(m.list, { page: 2, page_size: 10, sort_by: 'order_no', sort_order: 'asc' });
    const ascBig = await cuiyu.call(m.list, { page: 1, page_size: 30, sort_by: 'order_no', sort_order: 'asc' });
    expect(asc.data.list.map((r) => r.order_no)).toEqual(ascBig.data.list.slice(10, 20).map((r) => r.order_no));
  });

  it('answers an estimate above the cap with total_exact false, and exact figures again for a narrower filter', async () => {
    const ids = await demoIds(t.database.db);
    const extra = EXACT_TOTAL_CAP + 500;
    await t.database.db.execute(sql`
      insert into testing_orders (order_no, merchant_id, centre_id, start_time, ship_deadline, status, created_at)
      select 'JCT' || lpad(g::text, 8, '0'), ${ids.cuiyu}, ${ids.gz}, now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '48 hours', 'completed', now() - interval '40 days' - g * interval '1 minute'
      from generate_series(1, ${extra}) g`);
    await t.database.db.execute(sql`analyze testing_orders`);
    const all = await cuiyu.call(m.list, { page: 1, page_size: 20 });
    expect(all.code).toBe(1000);
    expect(all.data.total_exact).toBe(false);
    expect(all.data.total).toBeGreaterThan(EXACT_TOTAL_CAP);
    // the planner's estimate of 10,700 orders, not a wild guess
    expect(all.data.total).toBeGreaterThan((200 + extra) * 0.7);
    expect(all.data.total).toBeLessThan((200 + extra) * 1.3);
    expect(all.data.list).toHaveLength(20);
    const created = await cuiyu.call(m.list, { status: 'created', page_size: 5 });
    expect(created.data.total_exact).toBe(true);
    expect(created.data.total).toBeLessThan(200);
    // a page beyond the cap still answers rows, and the total is never below them
    const deep = await cuiyu.call(m.list, { page: 520, page_size: 20 });
    expect(deep.data.list).toHaveLength(20);
    expect(deep.data.total).toBeGreaterThanOrEqual(519 * 20 + 20);
  });
});
