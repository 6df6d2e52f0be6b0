import {
  DEADLINE_SOON_HOURS,
  LOW_BALANCE_FEN,
  notificationKinds,
  type DataOf,
  type NotificationKind,
  type notificationsApi,
  type NotificationSummary,
  type NotificationView,
  type PermissionKey,
} from '@gemqc/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import type { Session } from '../../platform/sessions';
import { shipPendingStatuses } from '../orders/stateMachine';
import { returnContactOf } from '../orders/returnTo';
import * as repo from './repo';

/**
 * Which kinds each portal's reader may see, by the permission its object needs: an order's events
 * (its number, an interception's reason) need the order permission, the balance the finance one.
 * Owners hold every key of their portal; a sub-account sees only what its role allows.
 */
const kindPermissions: Record<repo.Audience['portal'], Record<NotificationKind, readonly PermissionKey[]>> = {
  trader: {
    intercepted: ['merchant.order.view'],
    result_ready: ['merchant.order.view'],
    overdue: ['merchant.order.view'],
    deadline_soon: ['merchant.order.view'],
    balance_low: ['merchant.finance.view'],
    refund_in_transit: ['merchant.order.view'],
    aftersale_closed: ['merchant.order.view'],
    sync_failed: ['merchant.order.view'],
    return_address_missing: ['merchant.order.view'],
    auth_approved: ['merchant.auth.manage'],
    auth_rejected: ['merchant.auth.manage'],
    shop_reauth: ['merchant.shop.manage'],
  },
  qualityInspection: {
    // the packer (打包发货) must know an order is intercepted as much as the order list's reader
    intercepted: ['warehouse.order.view', 'warehouse.ship'],
    result_ready: ['warehouse.order.view'],
    overdue: ['warehouse.order.view', 'warehouse.ship'],
    deadline_soon: ['warehouse.order.view', 'warehouse.ship'],
    balance_low: ['warehouse.finance.view'],
    refund_in_transit: ['warehouse.order.view', 'warehouse.ship'],
    aftersale_closed: ['warehouse.order.view', 'warehouse.ship'],
    sync_failed: ['warehouse.order.view', 'warehouse.ship'],
    // merchant-only kinds: never written for a warehouse (its owner would see them, nobody else)
    return_address_missing: [],
    auth_approved: [],
    auth_rejected: [],
    shop_reauth: [],
  },
};

/** The kinds of `portal` a session's permissions allow. */
export function allowedKinds(portal: repo.Audience['portal'], s: Pick<Session, 'isOwner' | 'permissions'>): NotificationKind[] {
  return notificationKinds.filter((k) => s.isOwner || kindPermissions[portal][k].some((p) => s.permissions.includes(p)));
}

/**
 * Whose stored notifications the session sees, and which kinds of them (`allowedKinds`); null for
 * portals that only have waiting work (centre, manager) and for a reader allowed none. The list,
 * the unread count, the stream and marking read all go through it.
 */
export function audienceOf(s: Session): repo.Audience | null {
  const portal = s.userType === 'trader' ? 'trader' : s.userType === 'qualityInspection' ? 'qualityInspection' : null;
  if (!portal) return null;
  const kinds = allowedKinds(portal, s);
  if (!kinds.length) return null;
  if (s.userType === 'trader') return { portal: 'trader', merchantId: s.merchantId, kinds };
  if (s.userType === 'qualityInspection') return { portal: 'qualityInspection', centreId: s.centreId, kinds };
  return null;
}

function view(r: { n: repo.NotificationRow; read: boolean }): NotificationView {
  return {
    id: String(r.n.id),
    kind: r.n.kind,
    order_id: r.n.orderId === null ? null : String(r.n.orderId),
    order_no: r.n.orderNo,
    params: r.n.params,
    created_at: r.n.createdAt.toISOString(),
    read: !!r.read,
  };
}

/**
 * The producer: an order was intercepted (any way: centre, manager, Doudian push, a confirmed
 * request). Called inside the interception's transaction, so the notification exists exactly when
 * the interception does. The merchant and the warehouse of the centre are told.
 */
export async function notifyInterception(tx: Db, o: { id: number; orderNo: string; merchantId: number; centreId: number; interceptReason: string }, now: Date): Promise<void> {
  const base = { kind: 'intercepted' as const, orderId: o.id, orderNo: o.orderNo, params: { reason: o.interceptReason }, createdAt: now };
  await repo.insertNotification(tx, { ...base, portal: 'trader', merchantId: o.merchantId });
  await repo.insertNotification(tx, { ...base, portal: 'qualityInspection', centreId: o.centreId });
  // the warehouse needs somewhere to send the goods: a merchant without a 退货地址 is asked for one
  if (!(await returnContactOf(tx, o.merchantId)).address) {
    await repo.insertNotification(tx, { kind: 'return_address_missing', orderId: o.id, orderNo: o.orderNo, params: {}, createdAt: now, portal: 'trader', merchantId: o.merchantId });
  }
}

/** The producer of 检测信息审核通过 / 未通过: the merchant is told (called in the review's transaction). */
export async function notifyAuthReviewed(tx: Db, a: { merchantId: number; status: 1 | 2; reason: string }, now: Date): Promise<void> {
  await repo.insertNotification(tx, {
    portal: 'trader',
    merchantId: a.merchantId,
    kind: a.status === 1 ? 'auth_approved' : 'auth_rejected',
    orderNo: '',
    params: a.status === 2 ? { reason: a.reason } : {},
    createdAt: now,
  });
}

/**
 * The producer: a shipment could not be reported to the shop platform (modules/platformSync) — a
 * permanent refusal or retries used up. The merchant and the warehouse of the centre are told, in
 * the platform's words; once per report (`sync_failed:<report id>`, a staff 重试 that fails again
 * says it again under a new key).
 */
export async function notifySyncFailed(
  db: Db,
  o: { id: number; orderNo: string; merchantId: number; centreId: number; reason: string; key: string },
  now: Date,
): Promise<void> {
  const base = { kind: 'sync_failed' as const, orderId: o.id, orderNo: o.orderNo, params: { reason: o.reason }, createdAt: now };
  await repo.insertNotification(db, { ...base, portal: 'trader', merchantId: o.merchantId, dedupeKey: `sync_failed:${o.key}:m` });
  await repo.insertNotification(db, { ...base, portal: 'qualityInspection', centreId: o.centreId, dedupeKey: `sync_failed:${o.key}:c` });
}

/**
 * The producer: a shop's authorisation can no longer be refreshed (需重新授权). The merchant is
 * told once per authorisation (`shop_reauth:<shop>:<authorised at>`); authorising again and
 * failing again later tells it again.
 */
export async function notifyShopReauth(db: Db, s: { id: number; merchantId: number; shopName: string; authorisedAt: Date }, now: Date): Promise<void> {
  await repo.insertNotification(db, {
    kind: 'shop_reauth',
    portal: 'trader',
    merchantId: s.merchantId,
    orderNo: '',
    params: { shop: s.shopName },
    dedupeKey: `shop_reauth:${s.id}:${s.authorisedAt.getTime()}`,
    createdAt: now,
  });
}

/**
 * The producer of 售后（货品在途）: the buyer asked for a refund while the parcel is still on its way
 * to the centre; the merchant is told what will happen at the intake scan under its 拦截策略
 * (`policy`, worded by the web). Called in the transaction that records the after-sale.
 */
export async function notifyRefundInTransit(tx: Db, o: { id: number; orderNo: string; merchantId: number }, reason: string, policy: string, now: Date): Promise<void> {
  await repo.insertNotification(tx, { portal: 'trader', merchantId: o.merchantId, kind: 'refund_in_transit', orderId: o.id, orderNo: o.orderNo, params: { reason, policy }, createdAt: now });
}

/** The producer of 售后已关闭: the buyer withdrew an after-sale GemQC had acted on; the merchant and the centre's warehouse are told. */
export async function notifyAftersaleClosed(tx: Db, o: { id: number; orderNo: string; merchantId: number; centreId: number }, reason: string, now: Date): Promise<void> {
  const base = { kind: 'aftersale_closed' as const, orderId: o.id, orderNo: o.orderNo, params: { reason }, createdAt: now };
  await repo.insertNotification(tx, { ...base, portal: 'trader', merchantId: o.merchantId });
  await repo.insertNotification(tx, { ...base, portal: 'qualityInspection', centreId: o.centreId });
}

export async function summary(db: Db, s: Session, limit: number): Promise<NotificationSummary> {
  const todos: NotificationSummary['todos'] = [];
  if (s.userType === 'manage') {
    const w = await repo.waitingReviews(db);
    if (s.isOwner || s.permissions.includes('admin.merchant.review')) todos.push({ kind: 'authorisations', count: w.authorisations });
    if (s.isOwner || s.permissions.includes('admin.centre.review')) todos.push({ kind: 'centre_applications', count: w.centres });
  }
  const a = audienceOf(s);
  if (!a) return { unread: 0, list: [], todos, last_id: '0' };
  const [rows, unread, last] = await Promise.all([repo.listVisible(db, a, s.accountId, { limit }), repo.unreadCount(db, a, s.accountId), repo.maxVisibleId(db, a)]);
  return { unread, list: rows.map(view), todos, last_id: String(last) };
}

/** New notifications after `afterId`, oldest first (what the live stream sends). */
export async function newSince(db: Db, s: Session, afterId: number): Promise<NotificationView[]> {
  const a = audienceOf(s);
  if (!a) return [];
  return (await repo.listVisible(db, a, s.accountId, { afterId, limit: 50 })).map(view).reverse();
}

type Unread = DataOf<typeof notificationsApi.read>;

export async function markRead(db: Db, s: Session, id: number, now: Date): Promise<Unread> {
  const a = audienceOf(s);
  if (!a || !(await repo.findVisible(db, a, id))) throw new NotFoundError('通知不存在');
  await repo.markRead(db, s.accountId, id, now);
  return { unread: await repo.unreadCount(db, a, s.accountId) };
}

export async function markAllRead(db: Db, s: Session, now: Date): Promise<Unread> {
  const a = audienceOf(s);
  if (!a) return { unread: 0 };
  await repo.markAllRead(db, s.accountId, await repo.maxVisibleId(db, a), now);
  return { unread: await repo.unreadCount(db, a, s.accountId) };
}

/** The producer of 结果已出: every item of the order has its result (called in the inspection's transaction). */
export async function notifyResultReady(tx: Db, o: { id: number; orderNo: string; merchantId: number }, status: string, now: Date): Promise<void> {
  await repo.insertNotification(tx, { portal: 'trader', merchantId: o.merchantId, kind: 'result_ready', orderId: o.id, orderNo: o.orderNo, params: { status }, createdAt: now });
}

/** The producer of 余额不足: told once as the balance falls to LOW_BALANCE_FEN or below (called in the ledger's transaction). */
export async function notifyBalanceChange(tx: Db, m: { merchantId: number; before: number; after: number }, now: Date): Promise<void> {
  if (!(m.before > LOW_BALANCE_FEN && m.after <= LOW_BALANCE_FEN)) return;
  await repo.insertNotification(tx, { portal: 'trader', merchantId: m.merchantId, kind: 'balance_low', orderNo: '', params: { balance: m.after }, createdAt: now });
}

// notifyDeadlines runs every minute (plugins/backgroundJobs.ts, schedule `deadline-notifications`).
/**
 * An order that went overdue up to this long ago is still told (a turn may have been missed while
 * no host led); one overdue for longer never is, so the first turn on a database with old orders
 * does not fill the merchants' bells with them.
 */
export const OVERDUE_LOOKBACK_HOURS = 24;

/**
 * The producer of 发货超时 (merchant) and 即将到达发货时限 (warehouse, DEADLINE_SOON_HOURS ahead):
 * the job queue's deadline-notifications schedule calls it every minute with the clock's time. The line is the orders module's:
 * an order still to ship (`shipPendingStatuses`; not shipped, finished, intercepted or cancelled)
 * is overdue once now > ship_deadline (`isOverdue`, the banners' 超时 count, the list's overdue
 * filter). Each order is told once per kind, however often this runs.
 */
export async function notifyDeadlines(db: Db, now: Date): Promise<{ overdue: number; deadlineSoon: number }> {
  const hours = (h: number) => new Date(now.getTime() + h * 3600_000);
  const overdue = await repo.insertDeadlineEvents(db, { kind: 'overdue', pending: shipPendingStatuses, from: hours(-OVERDUE_LOOKBACK_HOURS), to: now, now });
  // [now, now + 6 h): not overdue yet (deadline >= now, as the banners' nearest deadline)
  const deadlineSoon = await repo.insertDeadlineEvents(db, { kind: 'deadline_soon', pending: shipPendingStatuses, from: now, to: hours(DEADLINE_SOON_HOURS), now });
  return { overdue, deadlineSoon };
}
