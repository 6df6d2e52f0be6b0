import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Interception (migration 083): shop-platform messages, merchants' intercept requests, returns.
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PlatformMessageOutcome =
  | 'received'
  | 'intercepted'
  | 'shipping_first'
  | 'already_intercepted'
  | 'not_arrived'
  | 'already_shipped'
  | 'closed'
  | 'unknown_shop'
  | 'unknown_order'
  | 'ignored'
  // issue 23: a refund while the parcel is on its way (售后优先: intercepted at the intake scan)
  | 'intercept_on_arrival'
  // the after-sale was applied already (a push after reconciliation, or the other way round)
  | 'duplicate_aftersale'
  // the buyer withdrew the after-sale (or the merchant refused it)
  | 'aftersale_closed'
  | 'rejected';

export const platformMessages = pgTable('platform_messages', {
  id: id(),
  platform: text('platform').notNull().default('doudian'),
  msgId: text('msg_id').notNull(),
  tag: text('tag').notNull(),
  shopId: text('shop_id').notNull().default(''),
  platformOrderId: text('platform_order_id').notNull().default(''),
  aftersaleId: text('aftersale_id').notNull().default(''),
  orderId: ref('order_id'),
  centreId: ref('centre_id'),
  merchantId: ref('merchant_id'),
  outcome: text('outcome').$type<PlatformMessageOutcome>().notNull().default('received'),
  reason: text('reason').notNull().default(''),
  data: jsonb('data').notNull(),
  receivedAt: ts('received_at').notNull(),
});

export type InterceptRequestStatus = 'pending' | 'confirmed' | 'rejected';

export const interceptRequests = pgTable('intercept_requests', {
  id: id(),
  orderId: ref('order_id').notNull(),
  merchantId: ref('merchant_id').notNull(),
  centreId: ref('centre_id').notNull(),
  reason: text('reason').notNull(),
  status: text('status').$type<InterceptRequestStatus>().notNull().default('pending'),
  requestedBy: ref('requested_by'),
  requestedByName: text('requested_by_name').notNull().default(''),
  requestedAt: ts('requested_at').notNull(),
  decidedByName: text('decided_by_name').notNull().default(''),
  decidedAt: ts('decided_at'),
  decisionNote: text('decision_note').notNull().default(''),
});

export const orderReturns = pgTable('order_returns', {
  orderId: ref('order_id').primaryKey(),
  mode: text('mode').$type<'post' | 'pickup'>().notNull(),
  carrier: text('carrier').notNull().default(''),
  waybill: text('waybill').notNull().default(''),
  pickedUpBy: text('picked_up_by').notNull().default(''),
  pickedUpAt: ts('picked_up_at'),
  signatureKey: text('signature_key'),
  operatorName: text('operator_name').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  /** Post: whom and where the parcel went (migration 127). */
  contact: text('contact').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  address: text('address').notNull().default(''),
});

export type AftersaleState = 'open' | 'closed' | 'released';

/** Every after-sale known, once per after-sale id (migration 115). */
export const platformAftersales = pgTable(
  'platform_aftersales',
  {
    platform: text('platform').notNull().default('doudian'),
    aftersaleId: text('aftersale_id').notNull(),
    shopId: ref('shop_id').notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    orderId: ref('order_id'),
    source: text('source').$type<'push' | 'reconcile'>().notNull(),
    state: text('state').$type<AftersaleState>().notNull().default('open'),
    reason: text('reason').notNull().default(''),
    appliedAt: ts('applied_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [primaryKey({ columns: [t.platform, t.aftersaleId] })],
);

/** Reconciliation's cursor per shop (migration 115). */
export const aftersaleChecks = pgTable('aftersale_checks', {
  shopId: ref('shop_id').primaryKey(),
  checkedUntil: ts('checked_until').notNull(),
  checkedAt: ts('checked_at').notNull(),
});
