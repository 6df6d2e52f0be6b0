import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListQuery, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { EXACT_TOTAL_CAP, listPageStatement } from './repo';
import { filterOf } from './service';
import { compactOrderCounts } from './counts/counts.repo';
import { all, demoIds, one } from './testkit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
const m = ordersApi.merchant;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

describe('order list totals', () => {
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

  it('prepares the first page with LIMIT and OFFSET in its text (one generic plan), later pages with OFFSET a parameter', async () => {
    const ids = await demoIds(t.database.db);
    const statement = (page: number, page_size: number) => {
      const q = orderListQuery.parse({ page, page_size });
      const f = filterOf(q, { merchantId: ids.cuiyu }, new Date());
      return listPageStatement(t.database.db, f, { limit: q.page_size, offset: (q.page - 1) * q.page_size, sortBy: q.sort_by, sortOrder: q.sort_order });
    };
    const first = statement(1, 20);
    expect(first.text).toMatch(/ limit 20\) "page"/);
    expect(first.values).toEqual([ids.cuiyu, ids.cuiyu, ids.cuiyu]);
    const third = statement(3, 20);
    expect(third.text).toMatch(/ limit 20 offset \$4\) "page"/);
    expect(third.values).toContain(40);
    // one statement per page size for the later pages, another for the first
    expect(statement(7, 20).name).toBe(third.name);
    expect(new Set([first.name, third.name, statement(1, 50).name, statement(3, 50).name]).size).toBe(4);
  });

  it('counts the common filters exactly past the cap from order_counts, before and after a compaction', async () => {
    const db = t.database.db;
    const ids = await demoIds(db);
    const extra = EXACT_TOTAL_CAP + 500;
    await db.execute(sql`
      insert into testing_orders (order_no, merchant_id, centre_id, start_time, ship_deadline, status, created_at)
      select 'JCT' || lpad(g::text, 8, '0'), ${ids.cuiyu}, ${ids.gz}, now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '48 hours', 'completed', now() - interval '40 days' - g * interval '1 minute'
      from generate_series(1, ${extra}) g`);
    await db.execute(sql`analyze testing_orders`);
    const truth = async (where: ReturnType<typeof sql>) => (await one<{ n: number }>(db, sql`select count(*)::int as n from testing_orders where merchant_id = ${ids.cuiyu} and ${where}`)).n;
    const check = async () => {
      const all = await cuiyu.call(m.list, { page: 1, page_size: 20 });
      expect(all.data).toMatchObject({ total: 200 + extra, total_exact: true });
      expect(all.data.list).toHaveLength(20);
      const completed = await cuiyu.call(m.list, { status: 'completed', page_size: 5 });
      expect(completed.data).toMatchObject({ total: await truth(sql`status = 'completed'`), total_exact: true });
      const from = new Date(Date.now() + 8 * 3600_000 - 45 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 8 * 3600_000 - 41 * 86_400_000).toISOString().slice(0, 10);
      const week = await cuiyu.call(m.list, { start_date: from, end_date: to, page_size: 5 });
      expect(week.data.total_exact).toBe(true);
      expect(week.data.total).toBe(await truth(sql`(created_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date`));
      expect(week.data.total).toBeGreaterThan(1000);
      // a page beyond the old cap answers rows and the same total
      const deep = await cuiyu.call(m.list, { page: 520, page_size: 20 });
      expect(deep.data.list).toHaveLength(20);
      expect(deep.data.total).toBe(200 + extra);
    };
    expect((await one<{ n: number }>(db, sql`select count(*)::int as n from order_count_deltas`)).n).toBeGreaterThanOrEqual(extra);
    await check();
    expect(await compactOrderCounts(db)).toBeGreaterThanOrEqual(extra);
    expect((await one<{ n: number }>(db, sql`select count(*)::int as n from order_count_deltas`)).n).toBe(0);
    await check();
  });

  it('answers an estimate (total_exact false) past the cap for a filter the counts do not keep', async () => {
    const notOverdue = await cuiyu.call(m.list, { overdue: '0', page_size: 20 });
    expect(notOverdue.code).toBe(1000);
    expect(notOverdue.data.total_exact).toBe(false);
    // the planner's estimate of ~10,700 orders, not a wild guess
    expect(notOverdue.data.total).toBeGreaterThan(EXACT_TOTAL_CAP);
    expect(notOverdue.data.total).toBeLessThan((200 + EXACT_TOTAL_CAP + 500) * 1.3);
    const created = await cuiyu.call(m.list, { status: 'created', overdue: '0', page_size: 5 });
    expect(created.data.total_exact).toBe(true);
    expect(created.data.total).toBeLessThan(200);
  });

  it('keeps order_counts and order_totals equal to a recount through creates, transitions and deletes', async () => {
    const db = t.database.db;
    const recount = sql`select merchant_id::int as m, centre_id::int as c, coalesce(shop_id, 0)::int as s, status, (created_at at time zone 'Asia/Shanghai')::date::text as d, count(*)::int as n from testing_orders group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
    const kept = sql`select m, c, s, status, d, sum(n)::int as n from (
        select merchant_id::int as m, centre_id::int as c, shop_id::int as s, status, day::text as d, n from order_counts
        union all select merchant_id::int, centre_id::int, shop_id::int, status, day::text, n from order_count_deltas) k
      group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`;
    const recountInAll = sql`select merchant_id::int as m, centre_id::int as c, coalesce(shop_id, 0)::int as s, status, count(*)::int as n from testing_orders group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
    const keptInAll = sql`select m, c, s, status, sum(n)::int as n from (
        select merchant_id::int as m, centre_id::int as c, shop_id::int as s, status, n from order_totals
        union all select merchant_id::int, centre_id::int, shop_id::int, status, n from order_count_deltas) k
      group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`;
    const same = async () => {
      expect(await all(db, kept)).toEqual(await all(db, recount));
      expect(await all(db, keptInAll)).toEqual(await all(db, recountInAll));
    };
    const created = await cuiyu.call(m.list, { status: 'created', page_size: 1 });
    const id = created.data.list[0]!.id;
    expect((await cuiyu.call(m.cancel, { id, reason: '买家取消' })).code).toBe(1000);
    await db.execute(sql`update testing_orders set created_at = created_at - interval '3 days' where order_no like 'JCT0000000%'`);
    await db.execute(sql`delete from testing_orders where order_no = 'JCT00000001'`);
    await same();
    await compactOrderCounts(db);
    await same();
    expect((await one<{ n: number }>(db, sql`select ((select count(*) from order_counts where n = 0) + (select count(*) from order_totals where n = 0))::int as n`)).n).toBe(0);
    const after = await cuiyu.call(m.list, { status: 'created', page_size: 1 });
    expect(after.data.total).toBe(created.data.total - 1);
  });
});
