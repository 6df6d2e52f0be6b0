import { orderStatusLabel, platformMessageOutcomeLabel, returnModes, type DataOf, type interceptionApi, type OrderStatus, type returnQueueSort, type SortKeyOf } from '@gemqc/contract';
import { type Actor } from '../../platform/actor';
import type { Db } from '../../db/client';
import type { PlatformMessageOutcome } from '../../db/schema';
import {
  messageData,
  pushBody,
  PUSH_SUCCESS,
  readPushElement,
  REFUND_CLOSED_TAG,
  REFUND_CREATED_TAG,
  refundData,
  refundReasonText,
  refundTags,
  storableText,
  unstorableReason,
  verifyPush,
  type PushMessage,
} from '../../integrations/doudian/push';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { ListSortQuery } from '../../platform/listSort';
import type { FileStorage } from '../../platform/storage';
import type { RawUpload } from '../../platform/upload';
import { isStoredPhotoOf, storeOrderPhoto } from '../photos/service';
import { notifyAftersaleClosed, notifyInterception, notifyRefundInTransit } from '../notifications/service';
import { recordChange, type Who } from '../audit/service';
import { findOrder, interceptPolicyOf, lockOrder, orderRowViews } from '../orders/service';
import { atCentreStatuses, findTransition, noteEvent, transition } from '../orders/stateMachine';
import type { PhotoUrlOf } from '../orders/views';
import { returnContactOf, returnContacts } from '../orders/returnTo';
import * as repo from './repo';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Who intercepts on a buyer's refund pushed by the shop platform. */
export const platformActor: Actor = { type: 'system', id: null, name: '抖店售后消息' };

// ---------------------------------------------------------------- intercepting an order

/** Intercept an order at the centre (buyer refund), honouring the merchant's intercept policy. */
export async function interceptOrder(db: Db, a: { orderId: number; reason: string; actor: Actor; centreId?: number; now?: Date; ignorePolicy?: boolean }) {
  const order = await findOrder(db, a.orderId, { centreId: a.centreId });
  if (!order) throw new NotFoundError('订单不存在');
  if (!a.ignorePolicy) {
    const policy = await interceptPolicyOf(db, order.merchantId);
    if (policy === 'shipping_first') throw new BusinessError('该商家设置为「发货优先」，买家退款时不拦截，请照常发货', 'order.policy_shipping_first');
  }
  return db.transaction(async (tx) => {
    const o = await transition(tx, a.orderId, 'intercepted', a.actor, { centreId: a.centreId, reason: a.reason, now: a.now });
    await notifyInterception(tx, o, a.now ?? new Date()); // the merchant's and the warehouse's bell, in the same transaction
    return o;
  });
}

// ---------------------------------------------------------------- the Doudian message push

export interface PushAnswer {
  status: number;
  body: { code: number; msg: string };
}

/**
 * One push request of the Doudian message service: the signature is checked first (nothing is read
 * or stored before); then each message is read, checked and stored on its own, once by msg_id, and
 * acted on in the transaction that stores it, so 20 deliveries of one message at once intercept once.
 * Messages GemQC cannot act on (unknown shop or order, already shipped, policy 发货优先) are recorded
 * and answered success — an error answer would only make the platform push them again and again.
 * A message that cannot be stored as received (not {tag, msg_id, data}; a NUL or a lone surrogate;
 * nested too deep) is recorded as `rejected` with why and never blocks the others. Only a message
 * that could not be stored at all (the database failed) makes the answer an error, so the platform
 * pushes the whole array again; what was stored is then recognised by msg_id.
 */
export async function receiveDoudianPush(
  db: Db,
  app: { appKey: string; appSecret: string },
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
  log?: { warn(obj: object, msg: string): void },
): Promise<PushAnswer> {
  const bad = verifyPush(headers, rawBody, app);
  if (bad) return { status: 401, body: { code: 40001, msg: `签名校验失败：${bad}` } };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { code: 40002, msg: '消息体不是合法的 JSON' } };
  }
  const parsed = pushBody.safeParse(json);
  if (!parsed.success) return { status: 400, body: { code: 40002, msg: '消息体格式不正确（应为 1 到 100 条消息的数组 [{tag, msg_id, data}]）' } };
  let unsaved = 0;
  for (const el of parsed.data) {
    try {
      await receiveElement(db, el, now);
    } catch (err) {
      unsaved++;
      log?.warn({ err }, 'doudian push message not stored');
    }
  }
  if (unsaved) return { status: 500, body: { code: 50001, msg: `${unsaved} 条消息暂时无法保存，请稍后重新推送` } };
  return { status: 200, body: { ...PUSH_SUCCESS } };
}

/** An error of the data itself (SQLSTATE class 22 data exception, 54 program limit): storing it again would fail again. */
function isDataError(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)/.test(code)) return true;
  }
  return false;
}

const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
};

/** One element of a push: a message stored and acted on, or recorded as rejected with why. */
async function receiveElement(db: Db, el: unknown, now: Date): Promise<void> {
  const read = readPushElement(el);
  if (!read.ok) return recordRejected(db, read, now);
  const m = read.message;
  const rejected = (reason: string) => recordRejected(db, { msgId: storableText(m.msg_id, 128), tag: storableText(m.tag, 32), reason, raw: textOf(m.data) }, now);
  const why = unstorableReason(m);
  if (why) return rejected(why);
  try {
    await handleMessage(db, m, now);
  } catch (err) {
    if (!isDataError(err)) throw err;
    await rejected(`数据库无法保存此消息：${err instanceof Error ? err.message : String(err)}`.slice(0, 500));
  }
}

/** Records a message that cannot be acted on (once by msg_id), with an excerpt of what came. */
async function recordRejected(db: Db, r: { msgId: string; tag: string; reason: string; raw: string }, now: Date): Promise<void> {
  await repo.insertMessageOnce(db, { platform: 'doudian', msgId: r.msgId, tag: r.tag, outcome: 'rejected', reason: r.reason, data: { raw: storableText(r.raw, 2000) }, receivedAt: now });
}

export interface MessageResult {
  duplicate: boolean;
  outcome: PlatformMessageOutcome | null;
  orderId: number | null;
}

const outcomeOfStatus = (s: OrderStatus): PlatformMessageOutcome =>
  s === 'intercepted' || s === 'return_pending' ? 'already_intercepted' : s === 'created' || s === 'awaiting_arrival' ? 'not_arrived' : s === 'shipped' || s === 'completed' ? 'already_shipped' : 'closed';

/** States of an order whose parcel is still on its way to the centre. */
const inTransitStatuses: readonly OrderStatus[] = ['created', 'awaiting_arrival'];

/**
 * Stores one message (once by msg_id) and acts on it, in one transaction. An after-sale acts once
 * by its after-sale id too, whichever way it came first (`source`: the push, or reconciliation
 * with afterSale.List when the push was lost): the second finds it and records duplicate_aftersale.
 * - 200 (买家发起售后) for an order at the centre: intercepted under 售后优先 (interceptOrder);
 *   for a parcel still on its way: recorded with the merchant's policy of now and the merchant told;
 *   the intake scan applies the policy again when it arrives (`refundAtArrival`).
 * - 207 (售后关闭) closes the after-sale: an order not yet intercepted is no longer stopped at the
 *   scan; an intercepted one stays so until staff release it (`releaseInterception`), and both the
 *   merchant and the warehouse are told.
 */
export async function handleMessage(db: Db, m: PushMessage, now: Date, source: 'push' | 'reconcile' = 'push'): Promise<MessageResult> {
  const data = messageData(m);
  const refund = m.tag in refundTags && data ? refundData.safeParse(data) : null;
  const d = refund?.success ? refund.data : null;
  return db.transaction(async (tx) => {
    const row = await repo.insertMessageOnce(tx, {
      platform: 'doudian',
      msgId: m.msg_id,
      tag: m.tag,
      shopId: d?.shop_id ?? '',
      platformOrderId: d?.p_id ?? '',
      aftersaleId: d?.aftersale_id ?? '',
      data: data ?? { raw: m.data },
      receivedAt: now,
    });
    if (!row) return { duplicate: true, outcome: null, orderId: null };
    const done = async (outcome: PlatformMessageOutcome, reason: string, order?: { id: number; centreId: number; merchantId: number }) => {
      await repo.setMessageOutcome(tx, row.id, { outcome, reason, orderId: order?.id ?? null, centreId: order?.centreId ?? null, merchantId: order?.merchantId ?? null });
      return { duplicate: false, outcome, orderId: order?.id ?? null };
    };
    if (!d) return done('ignored', '');
    const reason = refundReasonText(d);
    const shop = await repo.shopByPlatformId(tx, 'doudian', d.shop_id);
    if (!shop) return done('unknown_shop', reason);
    const order = await repo.orderOfShop(tx, shop.id, d.p_id);
    if (!order) return done('unknown_order', reason);
    if (m.tag === REFUND_CLOSED_TAG && d.aftersale_id) {
      const closed = await repo.closeAftersale(tx, 'doudian', d.aftersale_id, now);
      if (!closed) {
        // closed before GemQC saw it open (a lost push): known as closed, so it never stops the order
        const known = await repo.insertAftersaleOnce(tx, { aftersaleId: d.aftersale_id, shopId: shop.id, platformOrderId: d.p_id, orderId: order.id, source, state: 'closed', reason, appliedAt: now, closedAt: now });
        if (!known) return done('duplicate_aftersale', reason, order);
      } else await notifyAftersaleClosed(tx, order, reason, now);
      return done('aftersale_closed', reason, order);
    }
    if (m.tag !== REFUND_CREATED_TAG) return done('ignored', reason, order);
    if (d.aftersale_id) {
      const first = await repo.insertAftersaleOnce(tx, { aftersaleId: d.aftersale_id, shopId: shop.id, platformOrderId: d.p_id, orderId: order.id, source, reason, appliedAt: now });
      if (!first) return done('duplicate_aftersale', reason, order);
    }
    if (inTransitStatuses.includes(order.status)) {
      const policy = (await interceptPolicyOf(tx, order.merchantId)) ?? 'after_sales_first';
      await notifyRefundInTransit(tx, order, reason, policy, now);
      return done(policy === 'shipping_first' ? 'shipping_first' : 'intercept_on_arrival', reason, order);
    }
    if (!atCentreStatuses.includes(order.status)) return done(outcomeOfStatus(order.status), reason, order);
    try {
      await interceptOrder(tx, { orderId: order.id, reason, actor: platformActor, now });
      return done('intercepted', reason, order);
    } catch (err) {
      if (!(err instanceof BusinessError)) throw err;
      if (err.key === 'order.policy_shipping_first') return done('shipping_first', reason, order);
      // moved on meanwhile (shipped a moment ago): record what it is now
      const now2 = await repo.orderOfShop(tx, shop.id, d.p_id);
      return done(outcomeOfStatus(now2?.status ?? order.status), reason, order);
    }
  });
}

// ---------------------------------------------------------------- a refund of a parcel in transit

export interface ArrivalRefund {
  reason: string;
  /** The merchant's 拦截策略 now (the push applied it once; the scan applies it again). */
  policy: 'after_sales_first' | 'shipping_first';
}

/** The open after-sale of an order still on its way, with the merchant's policy of now; null when none. */
export async function refundAtArrival(db: Db, orderId: number): Promise<ArrivalRefund | null> {
  const open = await repo.openAftersaleOfOrder(db, orderId);
  if (!open) return null;
  const order = await findOrder(db, orderId, {});
  if (!order) return null;
  const policy = (await interceptPolicyOf(db, order.merchantId)) === 'shipping_first' ? 'shipping_first' : 'after_sales_first';
  return { reason: open.reason, policy };
}

/** What the scan says when a refund stopped the parcel (售后优先). */
export const arrivalInterceptText = (reason: string) =>
  `买家在货品寄往检测中心途中已申请售后（${reason}），商家设置为「售后优先」：订单已拦截，请勿检测和发货，把货品放到拦截退回货架`;
/** What the scan says of a refund under 发货优先. */
export const arrivalShippingFirstText = (reason: string) => `买家已在抖店申请售后（${reason}）；商家设置为「发货优先」，照常入仓检测发货`;

/**
 * The parcel of an order with an open refund arrived (its intake, in the intake's transaction): under
 * 售后优先 the received order goes straight to intercepted (actor 抖店售后消息), which puts it in the
 * warehouse's 拦截退回 queue. Answers whether it did.
 */
export async function interceptOnArrival(tx: Db, orderId: number, now: Date): Promise<ArrivalRefund | null> {
  const refund = await refundAtArrival(tx, orderId);
  if (refund?.policy !== 'after_sales_first') return refund;
  await interceptOrder(tx, { orderId, reason: `${refund.reason}（货品在途时申请，到仓拦截）`, actor: platformActor, now, ignorePolicy: true });
  return refund;
}

// ---------------------------------------------------------------- manual interception

type StatusData = DataOf<typeof interceptionApi.centerIntercept>;
const statusView = (o: { id: number; status: OrderStatus }): StatusData => ({ id: String(o.id), status: o.status, status_text: orderStatusLabel(o.status) });

/** An interception or a decision about a request, in 操作日志: the centre's log and the merchant's (its order), and the platform's. */
async function recordInterception(
  tx: Db,
  who: Who | undefined,
  o: { id: number; orderNo: string; centreId: number; merchantId: number },
  action: 'intercept' | 'request' | 'reject',
  after: { reason: string; status: string },
  now: Date,
): Promise<void> {
  if (!who) return;
  const object = { id: o.id, label: o.orderNo, centreId: o.centreId, merchantId: o.merchantId };
  await recordChange(tx, { ...who, kind: 'interception', action, object, before: null, after: { order_no: o.orderNo, ...after }, now });
}

/** Service-centre staff intercept an order of their centre with a reason (the merchant phoned): the staff's decision, whatever the policy. */
export async function interceptAtCentre(db: Db, a: { centreId: number; orderId: number; reason: string; actor: Actor; now: Date; who?: Who }): Promise<StatusData> {
  return db.transaction(async (tx) => {
    const o = await interceptOrder(tx, { orderId: a.orderId, centreId: a.centreId, reason: a.reason, actor: a.actor, now: a.now, ignorePolicy: true });
    await recordInterception(tx, a.who, o, 'intercept', { reason: a.reason, status: orderStatusLabel(o.status) }, a.now);
    return statusView(o);
  });
}

/** A platform manager intercepts an order of any centre with a reason: the manager's decision, whatever the policy. */
export async function interceptByManager(db: Db, a: { orderId: number; reason: string; actor: Actor; now: Date; who?: Who }): Promise<StatusData> {
  return db.transaction(async (tx) => {
    const o = await interceptOrder(tx, { orderId: a.orderId, reason: a.reason, actor: a.actor, now: a.now, ignorePolicy: true });
    await recordInterception(tx, a.who, o, 'intercept', { reason: a.reason, status: orderStatusLabel(o.status) }, a.now);
    return statusView(o);
  });
}

/**
 * Staff release an interception with a reason (the buyer withdrew the after-sale, the merchant asks
 * to ship after all): an intercepted order goes back to the state it was intercepted from (and
 * leaves the 拦截退回 queue); a parcel still on its way with an open refund is no longer stopped at
 * the intake scan. The order's refunds count as settled (a later push of the same after-sale does
 * nothing). Audited (kind interception, action release) in the same transaction.
 */
export async function releaseInterception(db: Db, a: { centreId: number; orderId: number; reason: string; actor: Actor; who: Who; now: Date }): Promise<StatusData> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, a.orderId, { centreId: a.centreId });
    if (!order) throw new NotFoundError('订单不存在');
    const reason = `解除拦截：${a.reason.trim()}`;
    let after = order;
    if (order.status === 'intercepted') {
      const back = await repo.statusBeforeInterception(tx, order.id);
      if (!back || !findTransition('intercepted', back)) throw new BusinessError('找不到订单拦截前的状态，不能解除拦截，请联系平台客服', 'interception.release_unknown_state');
      after = await transition(tx, order.id, back, a.actor, { centreId: a.centreId, reason, patch: { interceptReason: '' }, now: a.now });
    } else if ((order.status === 'created' || order.status === 'awaiting_arrival') && (await repo.openAftersaleOfOrder(tx, order.id))) {
      await noteEvent(tx, order, a.actor, reason, a.now);
    } else {
      throw new BusinessError(`订单${orderStatusLabel(order.status)}，没有需要解除的拦截`, 'interception.nothing_to_release');
    }
    await repo.releaseAftersalesOfOrder(tx, order.id, a.now);
    await recordChange(tx, {
      ...a.who,
      kind: 'interception',
      action: 'release',
      object: { id: order.id, label: order.orderNo, centreId: order.centreId, merchantId: order.merchantId },
      before: { status: order.status },
      after: { status: after.status, reason: a.reason.trim() },
      now: a.now,
    });
    return statusView(after);
  });
}

type RequestView = DataOf<typeof interceptionApi.merchantRequest>;
const requestStatusText: Record<string, string> = { pending: '待服务中心确认', confirmed: '已确认拦截', rejected: '未拦截' };

function requestView(r: repo.InterceptRequestRow, orderNo: string, merchantName: string): RequestView {
  return {
    id: String(r.id),
    order_id: String(r.orderId),
    order_no: orderNo,
    merchant_name: merchantName,
    reason: r.reason,
    status: r.status,
    status_text: requestStatusText[r.status] ?? r.status,
    requested_by_name: r.requestedByName,
    requested_at: r.requestedAt.toISOString(),
    decided_by_name: r.decidedByName,
    decided_at: iso(r.decidedAt),
    decision_note: r.decisionNote,
  };
}

/**
 * A merchant asks to intercept its own order. Only an order at the centre (received … bound) can
 * be; one open request per order (a repeat answers the open one).
 */
export async function requestInterception(db: Db, a: { merchantId: number; orderId: number; reason: string; actor: Actor; now: Date; who?: Who }): Promise<RequestView> {
  const [row] = await orderRowViews(db, [a.orderId], { merchantId: a.merchantId }, a.now);
  if (!row) throw new NotFoundError('订单不存在');
  const status = row.status as OrderStatus;
  if (!atCentreStatuses.includes(status)) {
    throw new BusinessError(
      status === 'created' || status === 'awaiting_arrival'
        ? '货品还没有到检测中心，不需要拦截；如不再检测，请直接取消订单'
        : `订单${row.status_text}，不能申请拦截`,
      'interception.not_at_centre',
    );
  }
  const inserted = await db.transaction(async (tx) => {
    const req = await repo.insertRequest(tx, {
      orderId: a.orderId,
      merchantId: a.merchantId,
      centreId: Number(row.centre_id),
      reason: a.reason.trim(),
      requestedBy: a.actor.id,
      requestedByName: a.actor.name,
      requestedAt: a.now,
    });
    // a repeat answers the open request and is not recorded again
    const o = { id: a.orderId, orderNo: row.order_no, centreId: Number(row.centre_id), merchantId: a.merchantId };
    if (req) await recordInterception(tx, a.who, o, 'request', { reason: a.reason.trim(), status: requestStatusText.pending! }, a.now);
    return req;
  });
  const r = inserted ?? (await repo.pendingRequestOf(db, a.orderId));
  if (!r) throw new BusinessError('拦截申请未能提交，请重试', 'interception.request_failed');
  return requestView(r, row.order_no, row.merchant_name);
}

export async function pendingRequests(db: Db, centreId: number): Promise<RequestView[]> {
  return (await repo.pendingRequestsOfCentre(db, centreId)).map((r) => requestView(r.request, r.orderNo, r.merchantName));
}

/** The centre confirms a merchant's request: the order is intercepted with the merchant's reason (one transaction). */
export async function confirmRequest(db: Db, a: { centreId: number; requestId: number; actor: Actor; now: Date; who?: Who }): Promise<StatusData> {
  return db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, a.requestId, a.centreId);
    if (!r) throw new NotFoundError('拦截申请不存在');
    if (r.status !== 'pending') throw new BusinessError(`该拦截申请${requestStatusText[r.status]}，请勿重复操作`, 'interception.request_decided');
    const o = await interceptOrder(tx, {
      orderId: r.orderId,
      centreId: a.centreId,
      reason: `商家申请拦截：${r.reason}（${r.requestedByName}）`,
      actor: a.actor,
      now: a.now,
      ignorePolicy: true,
    });
    await repo.decideRequest(tx, r.id, { status: 'confirmed', decidedByName: a.actor.name, decidedAt: a.now, decisionNote: '' });
    await recordInterception(tx, a.who, o, 'intercept', { reason: `商家申请拦截：${r.reason}（${r.requestedByName}）`, status: orderStatusLabel(o.status) }, a.now);
    return statusView(o);
  });
}

export async function rejectRequest(db: Db, a: { centreId: number; requestId: number; note: string; actor: Actor; now: Date; who?: Who }): Promise<null> {
  await db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, a.requestId, a.centreId);
    if (!r) throw new NotFoundError('拦截申请不存在');
    if (r.status !== 'pending') throw new BusinessError(`该拦截申请${requestStatusText[r.status]}，请勿重复操作`, 'interception.request_decided');
    await repo.decideRequest(tx, r.id, { status: 'rejected', decidedByName: a.actor.name, decidedAt: a.now, decisionNote: a.note.trim() });
    const order = await findOrder(tx, r.orderId, { centreId: a.centreId });
    if (order) await recordInterception(tx, a.who, order, 'reject', { reason: a.note.trim(), status: requestStatusText.rejected! }, a.now);
  });
  return null;
}

// ---------------------------------------------------------------- reading

type InterceptionData = DataOf<typeof interceptionApi.merchantInterception>;

const nextStepOf = {
  intercepted: '订单已拦截，不会发货给买家。检测中心将联系商家，把货品快递寄回或由商家到检测中心自提。',
  return_pending: '货品正在安排退回商家（快递寄回或商家自提）。',
  returned: '货品已快递寄回商家，请留意查收。',
  picked_up: '货品已由商家取回。',
} satisfies Partial<Record<OrderStatus, string>>;

/** What each next step says (the web shows its own texts by key; these are the zh-CN ones). */
const nextStepText: Record<Exclude<InterceptionData['next_step_key'], ''>, string> = {
  ...nextStepOf,
  request_pending: '商家已申请拦截，等待检测中心确认；确认后订单不会发货。',
  shipping_first: '买家已在抖店申请售后；商家设置为「发货优先」，检测中心照常检测发货。如需拦截，请联系检测中心。',
};

/** An order's interception side, for any portal (scope: the caller's merchant or centre). */
export async function orderInterception(
  db: Db,
  orderId: number,
  scope: { merchantId?: number; centreId?: number },
  now: Date,
  photoUrl: PhotoUrlOf,
): Promise<InterceptionData> {
  const [row] = await orderRowViews(db, [orderId], scope, now);
  if (!row) throw new NotFoundError('订单不存在');
  const [messages, requests, ret, merchantId] = await Promise.all([repo.messagesOfOrder(db, orderId), repo.requestsOfOrder(db, orderId), repo.returnOf(db, orderId), repo.merchantOfOrder(db, orderId)]);
  const status = row.status as OrderStatus;
  const pending = requests.find((r) => r.status === 'pending');
  const nextKey: InterceptionData['next_step_key'] =
    status in nextStepOf
      ? (status as keyof typeof nextStepOf)
      : pending
        ? 'request_pending'
        : messages.some((m) => m.outcome === 'shipping_first') && atCentreStatuses.includes(status)
          ? 'shipping_first'
          : '';
  return {
    refund_notices: messages.map((m) => ({
      id: String(m.id),
      tag: m.tag,
      aftersale_id: m.aftersaleId,
      outcome: m.outcome,
      outcome_text: platformMessageOutcomeLabel(m.outcome),
      reason: m.reason,
      received_at: m.receivedAt.toISOString(),
    })),
    requests: requests.map((r) => requestView(r, row.order_no, row.merchant_name)),
    return_info: ret
      ? {
          mode: ret.mode,
          mode_text: returnModes.find((x) => x.value === ret.mode)?.label ?? ret.mode,
          carrier: ret.carrier,
          waybill: ret.waybill,
          picked_up_by: ret.pickedUpBy,
          picked_up_at: iso(ret.pickedUpAt),
          signature_url: ret.signatureKey ? photoUrl(ret.signatureKey) : '',
          operator_name: ret.operatorName,
          created_at: ret.createdAt.toISOString(),
          contact: ret.contact,
          mobile: ret.mobile,
          address: ret.address,
        }
      : null,
    return_to: await returnContactOf(db, merchantId ?? -1),
    next_step: nextKey ? nextStepText[nextKey] : '',
    next_step_key: nextKey,
  };
}

type QueueData = DataOf<typeof interceptionApi.warehouseQueue>;

export async function returnQueue(db: Db, centreId: number, q: ListSortQuery<SortKeyOf<typeof returnQueueSort>> & { page: number; page_size: number }, now: Date): Promise<QueueData> {
  const { rows, total } = await repo.returnQueue(db, centreId, q.page_size, (q.page - 1) * q.page_size, q);
  const [views, contacts] = await Promise.all([
    orderRowViews(db, rows.map((r) => r.id), { centreId }, now).then((list) => new Map(list.map((v) => [v.id, v]))),
    returnContacts(db, rows.map((r) => r.merchantId)),
  ]);
  return {
    list: rows.flatMap((r) => {
      const v = views.get(String(r.id));
      const to = contacts.get(r.merchantId);
      return v && to ? [{ ...v, intercepted_since: r.since.toISOString(), return_to: to }] : [];
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** The banner's parts of interception: pending merchant requests and recorded-only refunds (last 7 days). */
export async function centreInterceptionAlerts(db: Db, centreId: number, now: Date) {
  const [requests, refunds] = await Promise.all([repo.pendingRequestsOfCentre(db, centreId), repo.recordedRefundsOfCentre(db, centreId, new Date(now.getTime() - 7 * 86400_000))]);
  return {
    intercept_requests: requests.map((r) => ({ id: String(r.request.id), order_id: String(r.request.orderId), order_no: r.orderNo, reason: r.request.reason, merchant_name: r.merchantName })),
    refund_notices: refunds.map((r) => ({ order_id: String(r.orderId), order_no: r.orderNo, reason: r.reason, merchant_name: r.merchantName, received_at: r.receivedAt.toISOString() })),
  };
}

/** Records how the goods went back (called by the warehouse's return, inside its transaction). */
export async function recordReturn(
  tx: Db,
  a: {
    orderId: number;
    mode: 'post' | 'pickup';
    carrier?: string;
    waybill?: string;
    pickedUpBy?: string;
    pickedUpAt?: Date;
    /** Post: whom and where the parcel goes. */
    returnTo?: { contact: string; mobile: string; address: string };
    /** A signature photo key of this order (pickup), checked here. */
    signaturePhoto?: string;
    storage: FileStorage;
    operatorName: string;
    now: Date;
  },
): Promise<void> {
  // under the order's lock (the caller moved it): the photo sweep cannot delete it before the commit
  if (a.signaturePhoto && !(await isStoredPhotoOf(a.storage, a.orderId, a.signaturePhoto)))
    throw new BusinessError('签收照片无效：不是为本订单上传的照片，或已被删除，请重新拍照上传', 'interception.signature_invalid');
  await repo.insertReturn(tx, {
    signatureKey: a.mode === 'pickup' ? (a.signaturePhoto ?? null) : null,
    orderId: a.orderId,
    mode: a.mode,
    carrier: a.carrier ?? '',
    waybill: a.waybill ?? '',
    pickedUpBy: a.pickedUpBy ?? '',
    pickedUpAt: a.mode === 'pickup' ? (a.pickedUpAt ?? a.now) : null,
    operatorName: a.operatorName,
    createdAt: a.now,
    ...(a.mode === 'post' && a.returnTo ? a.returnTo : {}),
  });
}


/**
 * The photo of the collector's signature for a pickup (stored as a photo of the order): only for an
 * order of the centre that is waiting to go back to the merchant.
 */
export async function uploadReturnPhoto(
  deps: { db: Db; storage: FileStorage; maxBytes: number; maxPixels?: number },
  centreId: number,
  orderId: number,
  upload: RawUpload,
  photoUrl: PhotoUrlOf,
) {
  const order = await findOrder(deps.db, orderId, { centreId });
  if (!order) throw new NotFoundError('订单不存在');
  if (order.status !== 'return_pending' && !findTransition(order.status, 'return_pending'))
    throw new BusinessError(`订单${orderStatusLabel(order.status)}，不是待退回的订单，不能上传签收照片`, 'interception.signature_order_state');
  return storeOrderPhoto(deps, order.id, upload, photoUrl);
}
