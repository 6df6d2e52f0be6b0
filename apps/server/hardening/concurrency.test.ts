import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_PASSWORDS } from '../src/modules/auth/service';
import { buildWorld, call, query, type World } from './world';

/**
 * Concurrency invariants of issue 13, on the real database: the same write sent many times at
 * once has the effect of one, and after each race every merchant's balance equals its ledger.
 */

let w: World;
let category: string;
beforeAll(async () => {
  w = await buildWorld();
  [{ id: category }] = await query<{ id: string }>(w.t, sql`select id::text from gem_categories order by id limit 1`);
});
afterAll(async () => {
  await w?.t.close();
});

/** Every merchant's balance is the sum of its ledger (checked after every race). */
afterEach(async () => {
  const off = await query<{ id: string; balance: string; ledger: string }>(
    w.t,
    sql`select m.id::text, m.balance::text, coalesce(sum(l.amount), 0)::text as ledger from merchants m left join ledger_entries l on l.merchant_id = m.id group by m.id, m.balance having m.balance <> coalesce(sum(l.amount), 0)`,
  );
  expect(off, 'merchants whose balance is not the sum of their ledger').toEqual([]);
});

const parallel = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const codeOf = (res: { json(): { code: number } }) => res.json().code;
const tokens = () => ({ a: w.callers.merchantA.token!, x: w.callers.inspectorX.token!, m: w.callers.manager.token! });

/** A new order of A at X with one item, its inbound waybill entered (awaiting arrival). */
async function awaitingOrder(): Promise<{ id: string; waybill: string }> {
  const { a } = tokens();
  const created = await call(w.t, a, 'POST', '/api/merchant/v1/Testing/orderCreate', {
    centre_id: w.centreX,
    buyer_name: '并发测试',
    buyer_phone: '13900001111',
    buyer_address: '广东省广州市番禺区并发测试路2号',
    items: [{ name: '并发测试手镯', category_id: category, declared_value: 5000 }],
  });
  expect(codeOf(created), created.body).toBe(1000);
  const id = created.json().data.id as string;
  const waybill = `SF${crypto.randomInt(1e9, 9e9)}`;
  const wb = await call(w.t, a, 'POST', '/api/merchant/v1/Testing/orderWaybill', { id, carrier: '顺丰速运', waybill });
  expect(codeOf(wb), wb.body).toBe(1000);
  return { id, waybill };
}

let receivedOrder: { id: string; itemId: string };

describe('the same write sent at once has one effect', () => {
  it('20 parallel scans and receives of one waybill make one intake', async () => {
    const { x } = tokens();
    const order = await awaitingOrder();
    const answers = await parallel(20, async () => {
      await call(w.t, x, 'POST', '/api/warehouse/v1/Intake/scan', { code: order.waybill });
      return codeOf(await call(w.t, x, 'POST', '/api/warehouse/v1/Intake/receive', { id: order.id }));
    });
    expect(answers.filter((c) => c === 1000)).toHaveLength(1);
    expect(answers.filter((c) => c >= 1500)).toEqual([]);
    const events = await query<{ n: number }>(w.t, sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'received'`);
    expect(events[0]!.n).toBe(1);
    const [item] = await query<{ id: string }>(w.t, sql`select id::text from order_items where order_id = ${order.id}`);
    receivedOrder = { id: order.id, itemId: item!.id };
  });

  it('50 identical inspection results charge the fees once', async () => {
    const { x } = tokens();
    const body = { item_id: receivedOrder.itemId, conclusion: '翡翠（A货）', result: 'pass', shape: '手镯', colour: '绿色' };
    const answers = await parallel(50, async () => codeOf(await call(w.t, x, 'POST', '/api/warehouse/v1/Inspection/submit', body)));
    expect(answers.filter((c) => c >= 1500)).toEqual([]);
    expect(answers.filter((c) => c === 1000).length).toBeGreaterThan(0);
    const charges = await query<{ type: string; n: number }>(w.t, sql`select type, count(*)::int as n from ledger_entries where item_id = ${receivedOrder.itemId} group by type order by type`);
    expect(charges).toEqual([
      { type: 'CERTIFICATE', n: 1 },
      { type: 'INSPECTION', n: 1 },
    ]);
    const certs = await query<{ n: number }>(w.t, sql`select count(*)::int as n from certificates where item_id = ${receivedOrder.itemId}`);
    expect(certs[0]!.n).toBe(1);
  });

  it('20 parallel binds of one tag make one binding', async () => {
    const { x } = tokens();
    const code = `HT${crypto.randomInt(1e9, 9e9)}`;
    const answers = await parallel(20, async () => codeOf(await call(w.t, x, 'POST', '/api/warehouse/v1/Code/bind', { item_id: receivedOrder.itemId, code })));
    expect(answers.filter((c) => c >= 1500)).toEqual([]);
    expect(answers.filter((c) => c === 1000).length).toBeGreaterThan(0);
    const bound = await query<{ n: number }>(w.t, sql`select count(*)::int as n from code_bindings where code = ${code} and unbound_at is null`);
    expect(bound[0]!.n).toBe(1);
    const ofItem = await query<{ n: number }>(w.t, sql`select count(*)::int as n from code_bindings where item_id = ${receivedOrder.itemId} and unbound_at is null`);
    expect(ofItem[0]!.n).toBe(1);
  });

  it('20 top-ups with one idempotency key book one entry', async () => {
    const { m } = tokens();
    const key = `hard-${crypto.randomBytes(8).toString('hex')}`;
    const [before] = await query<{ balance: string }>(w.t, sql`select balance::text from merchants where id = ${w.merchantA}`);
    const answers = await parallel(20, async () => codeOf(await call(w.t, m, 'POST', '/api/admin/v1/Merchant/topUp', { id: w.merchantA, amount: 1234, idempotency_key: key })));
    expect(answers).toEqual(Array(20).fill(1000));
    const entries = await query<{ n: number }>(w.t, sql`select count(*)::int as n from ledger_entries where idempotency_key like ${'%' + key + '%'}`);
    expect(entries[0]!.n).toBe(1);
    const [after] = await query<{ balance: string }>(w.t, sql`select balance::text from merchants where id = ${w.merchantA}`);
    expect(Number(after!.balance) - Number(before!.balance)).toBe(1234);
  });

  it('20 parallel cancels of one order write one cancel event', async () => {
    const { a } = tokens();
    const order = await awaitingOrder();
    const answers = await parallel(20, async () => codeOf(await call(w.t, a, 'POST', '/api/merchant/v1/Testing/orderCancel', { id: order.id, reason: '并发取消' })));
    expect(answers.filter((c) => c >= 1500)).toEqual([]);
    expect(answers.filter((c) => c === 1000).length).toBeGreaterThan(0);
    const events = await query<{ n: number }>(w.t, sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'cancelled'`);
    expect(events[0]!.n).toBe(1);
  });

  it(`20 parallel wrong passwords: exactly ${MAX_WRONG_PASSWORDS} are checked, the rest find the account locked`, async () => {
    const mobile = '13811110002'; // A's second sub-account (world fixtures)
    const answers = await parallel(20, async () => {
      const res = await call(w.t, null, 'POST', '/api/merchant/v1/User/login', { mobile, password: 'Wrong-password-1', type: 1 });
      return res.json() as { code: number; msg_key?: string; msg: string };
    });
    const wrong = answers.filter((a) => a.msg_key === 'auth.wrong_password');
    const locked = answers.filter((a) => a.msg_key === 'auth.locked');
    // the attempt that reaches the limit is checked too, and answers that the account is now locked
    // ("密码连续错误…已锁定"); the others were refused before any check ("…已锁定，请N分钟后再试")
    const reachedLimit = locked.filter((a) => a.msg.includes('连续错误'));
    expect(wrong.length + reachedLimit.length, JSON.stringify(answers.map((a) => a.msg))).toBe(MAX_WRONG_PASSWORDS);
    expect(wrong.length + locked.length).toBe(20);
    const right = await call(w.t, null, 'POST', '/api/merchant/v1/User/login', { mobile, password: 'Harden2026x', type: 1 });
    expect(right.json().msg_key).toBe('auth.locked');
  });
});
