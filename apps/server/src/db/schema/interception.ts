import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
});
