// Helpers for the tests of the orders, fees and related modules (not a test file itself).
import { sql } from 'drizzle-orm';
import { systemActor } from '../../platform/actor';
import type { OrderStatus } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { createTestingOrder, type CreateTestingOrderInput } from './service';
import { transitions, transition } from './stateMachine';

/** Folds the kept counts' deltas in now, as the background job does every half minute (counts/README.md). */
export { compactOrderCounts } from './counts/counts.repo';

export async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  const r = await db.execute(q);
  return (r as unknown as { rows: T[] }).rows[0]!;
}

export async function all<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await db.execute(q);
  return (r as unknown as { rows: T[] }).rows;
}

export interface DemoIds {
  cuiyu: number;
  jinfu: number;
  newbie: number;
  gz: number;
  sz: number;
  jade: number;
  gold: number;
}

export async function demoIds(db: Db): Promise<DemoIds> {
  const m = await all<{ id: number; mobile: string }>(db, sql`select id::int, mobile from merchants`);
  const c = await all<{ id: number; code: string }>(db, sql`select id::int, code from centres`);
  const g = await all<{ id: number; code: string }>(db, sql`select id::int, code from gem_categories`);
  const mid = (mobile: string) => m.find((x) => x.mobile === mobile)!.id;
  return {
    cuiyu: mid('13800000001'),
    jinfu: mid('13800000002'),
    newbie: mid('13800000003'),
    gz: c.find((x) => x.code === 'GZPY')!.id,
    sz: c.find((x) => x.code === 'SZSB')!.id,
    jade: g.find((x) => x.code === 'FC')!.id,
    gold: g.find((x) => x.code === 'HJ')!.id,
  };
}

export function orderInput(ids: DemoIds, over: Partial<CreateTestingOrderInput> = {}): CreateTestingOrderInput {
  return {
    merchantId: ids.cuiyu,
    centreId: ids.gz,
    buyerName: '测试买家',
    buyerPhone: '13912345678',
    buyerAddress: '广东省广州市天河区体育西路103号',
    items: [{ name: '冰种翡翠手镯', categoryId: ids.jade, weight: 52.3, declaredValue: 880000 }],
    ...over,
  };
}

/** Shortest legal path from created to `to` (breadth-first over the transition table's forward moves). */
export function pathTo(to: OrderStatus): OrderStatus[] {
  const prev = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = ['created'];
  const seen = new Set<OrderStatus>(['created']);
  while (queue.length) {
    const s = queue.shift()!;
    if (s === to) break;
    for (const t of transitions.filter((x) => x.from === s && !x.undo)) {
      if (seen.has(t.to)) continue;
      seen.add(t.to);
      prev.set(t.to, s);
      queue.push(t.to);
    }
  }
  const path: OrderStatus[] = [];
  for (let s: OrderStatus | undefined = to; s && s !== 'created'; s = prev.get(s)) path.unshift(s);
  return path;
}

/** A new order of 翠玉轩 moved (by the system) to `status`. */
export async function orderIn(db: Db, ids: DemoIds, status: OrderStatus, over: Partial<CreateTestingOrderInput> = {}): Promise<number> {
  const { order } = await createTestingOrder(db, orderInput(ids, over));
  for (const s of pathTo(status)) await transition(db, order.id, s, systemActor, { reason: s === 'intercepted' ? '买家申请退款' : undefined });
  return order.id;
}
