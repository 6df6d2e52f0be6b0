import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await database.db.execute(q);
  return (r as unknown as { rows: T[] }).rows;
}

describe('demo seed of orders', () => {
  it('has ~200 orders of 翠玉轩珠宝 in every state, exactly two intercepted and some overdue', async () => {
    const byStatus = await rows<{ status: string; n: number }>(sql`
      select o.status, count(*)::int as n from testing_orders o join merchants m on m.id = o.merchant_id
      where m.mobile = '13800000001' group by o.status`);
    const total = byStatus.reduce((s, r) => s + r.n, 0);
    expect(total).toBe(200);
    expect(byStatus.length).toBe(15);
    expect(byStatus.find((r) => r.status === 'intercepted')?.n).toBe(2);
    const [overdue] = await rows<{ n: number }>(sql`
      select count(*)::int as n from testing_orders
      where status in ('created','awaiting_arrival','received','inspecting','passed','bound') and ship_deadline < now()`);
    expect(overdue!.n).toBeGreaterThan(0);
  });

  it('keeps every merchant balance equal to the sum of its ledger, 翠玉轩 at ¥500.00', async () => {
    const r = await rows<{ mobile: string; balance: number; sum: number; last: number }>(sql`
      select m.mobile, m.balance::int as balance, coalesce(sum(l.amount), 0)::int as sum,
        (select balance_after::int from ledger_entries x where x.merchant_id = m.id order by created_at desc, id desc limit 1) as last
      from merchants m left join ledger_entries l on l.merchant_id = m.id group by m.id`);
    for (const m of r) expect(m.balance).toBe(m.sum);
    const cuiyu = r.find((m) => m.mobile === '13800000001')!;
    expect(cuiyu.balance).toBe(50000);
    expect(cuiyu.last).toBe(50000);
  });

  it('charges each inspected item once and issues certificates for passed items only', async () => {
    const [c] = await rows<{ inspected: number; charged: number; passed: number; certs: number }>(sql`
      select (select count(*)::int from inspection_records) as inspected,
             (select count(*)::int from ledger_entries where type = 'INSPECTION') as charged,
             (select count(*)::int from order_items where result = 'pass') as passed,
             (select count(*)::int from certificates) as certs`);
    expect(c!.inspected).toBe(c!.charged);
    expect(c!.certs).toBe(c!.passed);
  });

  it('numbers orders JCyyyymmddNNNN and keeps the day counters ahead of them', async () => {
    const bad = await rows<{ order_no: string }>(sql`select order_no from testing_orders where order_no !~ '^JC[0-9]{12}$'`);
    expect(bad).toEqual([]);
    const behind = await rows<{ day: string }>(sql`
      select substr(o.order_no, 3, 8) as day from testing_orders o
      left join order_no_counters c on c.day = substr(o.order_no, 3, 8)
      where c.last is null or c.last < substr(o.order_no, 11)::int`);
    expect(behind).toEqual([]);
  });
});
