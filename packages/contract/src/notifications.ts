import { z } from 'zod';
import { endpoint, ref } from './common';

/** What a notification is about (the web words each kind in the reader's language). */
export const notificationKinds = [
  'intercepted',
  'result_ready',
  'balance_low',
  'overdue',
  'deadline_soon',
  /** The merchant's 检测信息 was approved / rejected (params: reason). */
  'auth_approved',
  'auth_rejected',
  /** An order of a merchant with no 退货地址 was intercepted: it is asked to enter one. */
  'return_address_missing',
  /** A shipment could not be reported to Doudian (params: reason); a shop's authorisation must be renewed (params: shop). */
  'sync_failed',
  'shop_reauth',
  /** A buyer asked for a refund while the parcel is on its way (params: reason, what); the after-sale was closed (params: reason). */
  'refund_in_transit',
  'aftersale_closed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A merchant is told once when its balance falls to this (fen) or below: ¥100. */
export const LOW_BALANCE_FEN = 10_000;

/** Warehouse accounts are told of an unshipped order this many hours before its ship deadline. */
export const DEADLINE_SOON_HOURS = 6;

export const notificationView = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  order_id: z.string().nullable(),
  order_no: z.string(),
  /** reason (intercepted, auth_rejected, sync_failed), result (result_ready), balance in fen (balance_low), deadline ISO (overdue, deadline_soon), shop name (shop_reauth). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** Waiting work derived at read time (not events: it leaves when it is done), e.g. the manager's reviews. */
export const notificationTodo = z.object({
  kind: z.enum(['authorisations', 'centre_applications']),
  count: z.number(),
});
export type NotificationTodo = z.infer<typeof notificationTodo>;

export const notificationSummary = z.object({
  unread: z.number(),
  /** The newest events first (at most `limit`). */
  list: z.array(notificationView),
  todos: z.array(notificationTodo),
  /** The highest id the caller may see: the live stream continues from here. */
  last_id: z.string(),
});
export type NotificationSummary = z.infer<typeof notificationSummary>;

/** Path of the live stream (text/event-stream; events `notification` with a NotificationView, comments as heartbeats). */
export const NOTIFICATION_STREAM_PATH = '/common/v1/Notification/stream';

export const notificationsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/common/v1/Notification/summary',
    summary: 'The bell: unread count, the newest notifications and waiting work of the caller’s portal',
    query: z.object({ limit: z.coerce.number({ error: '条数必须是数字' }).int().min(1, { error: '至少1条' }).max(50, { error: '最多50条' }).default(20) }),
    data: notificationSummary,
  }),
  stream: endpoint({
    method: 'GET',
    path: NOTIFICATION_STREAM_PATH,
    summary: 'Live notifications as server-sent events after `after` (the last id the client has); the stream ends after a few minutes and the client reconnects',
    query: z.object({ after: z.coerce.number({ error: '编号必须是数字' }).int().min(0, { error: '编号不正确' }).default(0) }),
    data: z.unknown(),
  }),
  read: endpoint({
    method: 'POST',
    path: '/common/v1/Notification/read',
    summary: 'Mark one notification read',
    body: z.object({ id: ref('notification') }),
    data: z.object({ unread: z.number() }),
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/common/v1/Notification/readAll',
    summary: 'Mark every notification of the caller read',
    data: z.object({ unread: z.number() }),
  }),
};
