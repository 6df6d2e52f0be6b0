import { atCentreStatuses, orderStatusLabel, shipPendingStatuses, type OrderStatus } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { Actor, ActorType } from '../../platform/actor';
import * as repo from './repo';
import { recordShipment } from './shipmentReport';
import type { OrderRow, OrderPatch } from './repo';


export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** Portals allowed to make it (the system may make any). */
  by: readonly ActorType[];
  /** A reason must be given (cancel and intercept). */
  needsReason?: boolean;
  /** Undoes an earlier move (a released interception): never a step on the way forward. */
  undo?: boolean;
}

const warehouse = ['qualityInspection'] as const;

/** docs/domain.md#states as data: every legal transition of a testing order. */
export const transitions: readonly Transition[] = [
  { from: 'created', to: 'awaiting_arrival', by: ['trader'] },
  { from: 'created', to: 'cancelled', by: ['trader', 'manage'] },
  { from: 'awaiting_arrival', to: 'cancelled', by: ['trader', 'manage'] },
  { from: 'awaiting_arrival', to: 'received', by: warehouse },
  { from: 'received', to: 'inspecting', by: warehouse },
  { from: 'inspecting', to: 'passed', by: warehouse },
  { from: 'inspecting', to: 'failed', by: warehouse },
  { from: 'inspecting', to: 'unable', by: warehouse },
  { from: 'passed', to: 'bound', by: warehouse },
  // a wrong tag found before shipping: unbinding it takes the order back to passed (with the reason)
  { from: 'bound', to: 'passed', by: warehouse, needsReason: true },
  { from: 'bound', to: 'shipped', by: warehouse },
  { from: 'shipped', to: 'completed', by: ['qualityInspection', 'base', 'manage'] },
  { from: 'failed', to: 'return_pending', by: ['qualityInspection', 'base'] },
  { from: 'unable', to: 'return_pending', by: ['qualityInspection', 'base'] },
  { from: 'return_pending', to: 'returned', by: ['qualityInspection', 'base'] },
  { from: 'return_pending', to: 'picked_up', by: ['qualityInspection', 'base'] },
  { from: 'received', to: 'intercepted', by: ['base', 'manage'], needsReason: true },
  { from: 'inspecting', to: 'intercepted', by: ['base', 'manage'], needsReason: true },
  { from: 'passed', to: 'intercepted', by: ['base', 'manage'], needsReason: true },
  { from: 'bound', to: 'intercepted', by: ['base', 'manage'], needsReason: true },
  { from: 'intercepted', to: 'return_pending', by: ['qualityInspection', 'base'] },
  // staff release an interception (the buyer withdrew the after-sale): back to where it was, with the reason
  { from: 'intercepted', to: 'received', by: ['qualityInspection', 'base'], needsReason: true, undo: true },
  { from: 'intercepted', to: 'inspecting', by: ['qualityInspection', 'base'], needsReason: true, undo: true },
  { from: 'intercepted', to: 'passed', by: ['qualityInspection', 'base'], needsReason: true, undo: true },
  { from: 'intercepted', to: 'bound', by: ['qualityInspection', 'base'], needsReason: true, undo: true },
  // an amended result (after inspection, before shipping) re-decides the order, with the reason
  { from: 'passed', to: 'failed', by: warehouse, needsReason: true },
  { from: 'passed', to: 'unable', by: warehouse, needsReason: true },
  { from: 'bound', to: 'failed', by: warehouse, needsReason: true },
  { from: 'bound', to: 'unable', by: warehouse, needsReason: true },
  { from: 'failed', to: 'passed', by: warehouse, needsReason: true },
  { from: 'failed', to: 'unable', by: warehouse, needsReason: true },
  { from: 'unable', to: 'passed', by: warehouse, needsReason: true },
  { from: 'unable', to: 'failed', by: warehouse, needsReason: true },
];

/** What a person calls moving an order into each state (for messages). */
export const actionOf: Record<OrderStatus, string> = {
  created: '创建订单',
  awaiting_arrival: '录入运单号',
  received: '入仓',
  inspecting: '开始检测',
  passed: '录入检测结果',
  failed: '录入检测结果',
  unable: '录入检测结果',
  bound: '绑码',
  shipped: '发货',
  completed: '完成订单',
  intercepted: '拦截订单',
  return_pending: '安排退回',
  returned: '确认退回',
  picked_up: '确认商家自提',
  cancelled: '取消订单',
};

/** States in which the order still has to be shipped to the buyer: the deadline applies. */
export { shipPendingStatuses };
/** States in which the goods are at the centre (intercept applies). */
export { atCentreStatuses };

export function findTransition(from: OrderStatus, to: OrderStatus): Transition | undefined {
  return transitions.find((t) => t.from === from && t.to === to);
}

export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return transitions.filter((t) => t.from === from).map((t) => t.to);
}

/** An order's status as a refusal says it: 「已发货」 as it is, any other as 当前为「…」状态. */
export function statusPhrase(s: OrderStatus | string): string {
  const label = orderStatusLabel(s);
  return label.startsWith('已') ? label : `当前为「${label}」状态`;
}

/** Why `from → to` is not allowed, as a sentence; null when it is. */
export function refusal(order: Pick<OrderRow, 'status' | 'interceptReason'>, to: OrderStatus, actor: Actor): string | null {
  const from = order.status;
  const t = findTransition(from, to);
  if (t) {
    if (actor.type !== 'system' && !t.by.includes(actor.type)) return `您的账号不能对订单执行「${actionOf[to]}」操作`;
    return null;
  }
  if (from === to) return `订单${statusPhrase(from)}，请勿重复操作`;
  if (from === 'intercepted' && to === 'shipped') {
    return `订单已被拦截${order.interceptReason ? `（${order.interceptReason}）` : ''}，不能发货，请联系商家取回货品`;
  }
  if (to === 'cancelled' && atCentreStatuses.concat(['shipped', 'completed']).includes(from)) {
    return `订单${statusPhrase(from)}，货品已到检测中心，不能取消`;
  }
  return `订单${statusPhrase(from)}，不能${actionOf[to]}`;
}

/** Overdue (发货超时): still to be shipped and the deadline has passed. */
export function isOverdue(o: Pick<OrderRow, 'status' | 'shipDeadline'>, now: Date): boolean {
  return shipPendingStatuses.includes(o.status) && now.getTime() > o.shipDeadline.getTime();
}

/** Seconds until the ship deadline (negative once overdue); null when the deadline no longer applies. */
export function remainingSeconds(o: Pick<OrderRow, 'status' | 'shipDeadline'>, now: Date): number | null {
  if (!shipPendingStatuses.includes(o.status)) return null;
  return Math.floor((o.shipDeadline.getTime() - now.getTime()) / 1000);
}

export interface TransitionOptions {
  reason?: string;
  /** Only an order of this merchant / centre is found (tenancy); others are "not found". */
  merchantId?: number;
  centreId?: number;
  /** Columns written together with the status (waybill, intercept reason, …). */
  patch?: OrderPatch;
  now?: Date;
}

/**
 * Moves an order to `to`: locks the row (SELECT … FOR UPDATE), checks the transition is legal for
 * the actor, updates the status and writes the order event, in one transaction (a savepoint when
 * `db` is already a transaction). Of concurrent calls for the same move exactly one wins; the
 * others see the new state and get a BusinessError (1001) that says why.
 */
export async function transition(db: Db, orderId: number, to: OrderStatus, actor: Actor, opts: TransitionOptions = {}): Promise<OrderRow> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId, { merchantId: opts.merchantId, centreId: opts.centreId });
    if (!order) throw new NotFoundError('订单不存在');
    const why = refusal(order, to, actor);
    if (why) throw new BusinessError(why, 'order.illegal_transition', { status: order.status, to });
    const reason = opts.reason?.trim() ?? '';
    if (findTransition(order.status, to)?.needsReason && !reason) throw new BusinessError(`请填写${actionOf[to]}的原因`, 'order.reason_required');
    const patch: OrderPatch = { ...opts.patch };
    if (to === 'intercepted') patch.interceptReason = reason;
    if (to === 'shipped') patch.shippedAt = now;
    const updated = await repo.updateStatus(tx, order.id, order.status, to, patch, now);
    if (!updated) throw new BusinessError('订单状态已被他人更新，请刷新后重试', 'order.concurrent_update');
    await repo.insertEvents(tx, [{ orderId: order.id, fromStatus: order.status, toStatus: to, actorType: actor.type, actorId: actor.id, actorName: actor.name, reason, createdAt: now }]);
    // a shipment to the buyer of a shop's order is reported to the platform (platformSync/README.md)
    if (to === 'shipped') await recordShipment(tx, updated, now);
    return updated;
  });
}

/**
 * Writes an event for something done to the order that does not move it (from = to = its status),
 * e.g. an amended result that leaves the order's outcome as it was. Call it under the order's lock.
 */
export async function noteEvent(db: Db, order: Pick<OrderRow, 'id' | 'status'>, actor: Actor, reason: string, now: Date): Promise<void> {
  await repo.insertEvents(db, [{ orderId: order.id, fromStatus: order.status, toStatus: order.status, actorType: actor.type, actorId: actor.id, actorName: actor.name, reason, createdAt: now }]);
}
