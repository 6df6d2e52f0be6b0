import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '../../platform/actor';
import { orderStatusValues, type OrderStatus } from '@gemqc/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { AppError, BusinessError, NotFoundError } from '../../platform/errors';
import { createTestDatabase } from '../../../test/db';
import { all, demoIds, one, orderIn, type DemoIds } from './testkit';
import { findTransition, isOverdue, refusal, remainingSeconds, transition, transitions } from './stateMachine';
import { cancelOrder, enterWaybill } from './service';

let database: Database;
let db: Db;
let ids: DemoIds;
const trader: Actor = { type: 'trader', id: null, name: '翠玉轩珠宝' };
const inspector: Actor = { type: 'qualityInspection', id: null, name: '质检员' };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ids = await demoIds(db);
});
afterAll(async () => {
  await database.close();
});

const actorFor = (t: (typeof transitions)[number]): Actor => ({ type: t.by[0]!, id: null, name: 'tester' });

describe('order state machine: legal transitions', () => {
  for (const t of transitions) {
    it(`moves ${t.from} → ${t.to} for ${t.by.join('/')} and writes the event`, async () => {
      const id = await orderIn(db, ids, t.from);
      const o = await transition(db, id, t.to, actorFor(t), { reason: t.needsReason ? '买家申请退款' : undefined });
      expect(o.status).toBe(t.to);
      const ev = await one<{ from_status: string; to_status: string; actor_type: string }>(db, sql`select from_status, to_status, actor_type from order_events where order_id = ${id} order by id desc limit 1`);
      expect(ev).toEqual({ from_status: t.from, to_status: t.to, actor_type: t.by[0] });
    });
  }
});

describe('order state machine: illegal transitions', () => {
  it('refuses every move that is not in the table with 1001 and a sentence, leaving the order unchanged', async () => {
    const orderOf = new Map<OrderStatus, number>();
    for (const s of orderStatusValues) orderOf.set(s, await orderIn(db, ids, s));
    let checked = 0;
    for (const from of orderStatusValues) {
      for (const to of orderStatusValues) {
        if (findTransition(from, to)) continue;
        const err = await transition(db, orderOf.get(from)!, to, { type: 'system', id: null, name: '系统' }).catch((e: unknown) => e);
        expect(err, `${from} → ${to}`).toBeInstanceOf(BusinessError);
        expect((err as AppError).code).toBe(1001);
        expect((err as Error).message).toMatch(/订单.+不能|请勿重复/);
        checked++;
      }
    }
    expect(checked).toBe(15 * 15 - transitions.length);
    const statuses = await all<{ id: number; status: string }>(db, sql`select id::int, status from testing_orders where id in ${[...orderOf.values()]}`);
    for (const [s, id] of orderOf) expect(statuses.find((r) => r.id === id)?.status).toBe(s);
  });

  it('says 订单已取消，不能录入运单号 when a waybill is entered on a cancelled order', async () => {
    const id = await orderIn(db, ids, 'cancelled');
    await expect(enterWaybill(db, { merchantId: ids.cuiyu, orderId: id, carrier: '顺丰速运', waybill: 'SF1234567890', actor: trader, now: new Date() })).rejects.toThrow('订单已取消，不能录入运单号');
  });

  it('refuses to ship an intercepted order and names the reason', async () => {
    const id = await orderIn(db, ids, 'intercepted');
    await expect(transition(db, id, 'shipped', inspector)).rejects.toThrow(/已被拦截（买家申请退款），不能发货/);
  });

  it('refuses a move the portal may not make (a merchant cannot record an intake)', async () => {
    const id = await orderIn(db, ids, 'awaiting_arrival');
    await expect(transition(db, id, 'received', trader)).rejects.toThrow('您的账号不能对订单执行「入仓」操作');
  });

  it('requires a reason to intercept', async () => {
    const id = await orderIn(db, ids, 'received');
    await expect(transition(db, id, 'intercepted', { type: 'base', id: null, name: '客服' })).rejects.toThrow('请填写拦截订单的原因');
  });

  it('refuses to cancel once the goods are at the centre', () => {
    expect(refusal({ status: 'received', interceptReason: '' }, 'cancelled', trader)).toBe('订单已入仓，货品已到检测中心，不能取消');
  });
});

describe('order state machine: tenancy and concurrency', () => {
  it("answers not found (1004) for another merchant's order", async () => {
    const id = await orderIn(db, ids, 'created');
    const err = await cancelOrder(db, { merchantId: ids.jinfu, orderId: id, actor: trader, now: new Date() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as AppError).code).toBe(1004);
  });

  it('20 parallel cancels of one order: exactly one cancels, 19 get a clear 1001, one event', async () => {
    const id = await orderIn(db, ids, 'created');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => cancelOrder(db, { merchantId: ids.cuiyu, orderId: id, actor: trader, now: new Date() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const errors = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error);
    expect(errors).toHaveLength(19);
    for (const e of errors) {
      expect(e).toBeInstanceOf(BusinessError);
      expect(e.message).toBe('订单已取消，请勿重复操作');
    }
    const ev = await one<{ n: number }>(db, sql`select count(*)::int as n from order_events where order_id = ${id} and to_status = 'cancelled'`);
    expect(ev.n).toBe(1);
  });

  it('20 parallel waybill entries of one order: exactly one is recorded', async () => {
    const id = await orderIn(db, ids, 'created');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, k) => enterWaybill(db, { merchantId: ids.cuiyu, orderId: id, carrier: '顺丰速运', waybill: `SF00000000${String(k).padStart(2, '0')}`, actor: trader, now: new Date() })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(19);
    const ev = await one<{ n: number }>(db, sql`select count(*)::int as n from order_events where order_id = ${id} and to_status = 'awaiting_arrival'`);
    expect(ev.n).toBe(1);
  });
});

describe('overdue', () => {
  const deadline = new Date('2026-11-23T10:00:00Z');
  it('is overdue when not shipped and now is past the deadline', () => {
    expect(isOverdue({ status: 'received', shipDeadline: deadline }, new Date('2026-11-23T10:00:01Z'))).toBe(true);
    expect(isOverdue({ status: 'received', shipDeadline: deadline }, new Date('2026-11-23T09:59:59Z'))).toBe(false);
  });
  it('is never overdue once shipped, cancelled or intercepted', () => {
    const later = new Date('2026-12-01T00:00:00Z');
    for (const s of ['shipped', 'completed', 'cancelled', 'intercepted', 'returned'] as const) expect(isOverdue({ status: s, shipDeadline: deadline }, later)).toBe(false);
  });
  it('counts the remaining seconds down to the deadline (negative after it, null when closed)', () => {
    expect(remainingSeconds({ status: 'created', shipDeadline: deadline }, new Date('2026-11-23T09:00:00Z'))).toBe(3600);
    expect(remainingSeconds({ status: 'created', shipDeadline: deadline }, new Date('2026-11-23T10:01:00Z'))).toBe(-60);
    expect(remainingSeconds({ status: 'shipped', shipDeadline: deadline }, new Date())).toBeNull();
  });
});
