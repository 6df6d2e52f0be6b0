import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORDER_COUNT_COMPACTION_MS } from '../modules/orders/counts/counts.repo';

/** The timers of app.ts do their work only on the host that leads (BuildDeps.isLeader, main.ts). */
describe('background work and leadership', () => {
  let t: TestApp;
  let leading = false;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await createTestApp({ deps: { isLeader: () => leading } }); // its intervals run on the fake clock; all else on real time
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const deltas = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from order_count_deltas`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  // a delta as the trigger of migration 080 appends on an order write (n = 0: the totals stay right)
  const makeDelta = () =>
    t.database.db.execute(sql`insert into order_count_deltas (merchant_id, centre_id, shop_id, status, day, n) select merchant_id, centre_id, 0, status, current_date, 0 from testing_orders limit 1`);

  it('a host that does not lead folds no order counts; once it leads, its next turn folds them', async () => {
    await makeDelta();
    const before = await deltas();
    expect(before).toBeGreaterThan(0);
    vi.advanceTimersByTime(ORDER_COUNT_COMPACTION_MS);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deltas()).toBe(before); // not the leader: nothing folded

    leading = true;
    vi.advanceTimersByTime(ORDER_COUNT_COMPACTION_MS);
    await expect.poll(deltas, { timeout: 5000 }).toBe(0);
  });
});
