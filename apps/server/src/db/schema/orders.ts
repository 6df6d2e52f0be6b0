import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@gemqc/contract';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const fen = (name: string) => bigint(name, { mode: 'number' });

export type ReturnMethod = 'post' | 'pickup';
export type InterceptPolicy = 'after_sales_first' | 'shipping_first';
export type ItemResult = 'pass' | 'fail' | 'unable';
export type RecordingKind = 'unboxing' | 'inspection' | 'packing';

/** Testing authorisation (检测信息), one per merchant; migration 011. */
export const testingAuthorisations = pgTable('testing_authorisations', {
  merchantId: ref('merchant_id').primaryKey(),
  companyName: text('company_name').notNull(),
  licenceNo: text('licence_no').notNull(),
  contactPerson: text('contact_person').notNull(),
  contactMobile: text('contact_mobile').notNull(),
  returnAddress: text('return_address').notNull(),
  returnMethod: text('return_method').$type<ReturnMethod>().notNull(),
  interceptPolicy: text('intercept_policy').$type<InterceptPolicy>().notNull(),
  /** 0 under review, 1 approved, 2 rejected (-1 = no row). */
  status: smallint('status').notNull().default(0),
  rejectReason: text('reject_reason').notNull().default(''),
  submittedBy: ref('submitted_by'),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  reviewedBy: ref('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
});

/** Per-day counters behind order numbers JCyyyymmddNNNN; migration 012. */
export const orderNoCounters = pgTable('order_no_counters', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});

export const testingOrders = pgTable('testing_orders', {
  id: id(),
  orderNo: text('order_no').notNull(),
  merchantId: ref('merchant_id').notNull(),
  shopId: ref('shop_id'),
  centreId: ref('centre_id').notNull(),
  platformOrderId: text('platform_order_id'),
  buyerName: text('buyer_name').notNull().default(''),
  buyerPhone: text('buyer_phone').notNull().default(''),
  buyerAddress: text('buyer_address').notNull().default(''),
  declaredValue: fen('declared_value').notNull().default(0),
  inboundCarrier: text('inbound_carrier').notNull().default(''),
  inboundWaybill: text('inbound_waybill').notNull().default(''),
  outboundCarrier: text('outbound_carrier').notNull().default(''),
  outboundWaybill: text('outbound_waybill').notNull().default(''),
  startTime: ts('start_time').notNull(),
  shipDeadline: ts('ship_deadline').notNull(),
  /** The order still has a deadline (status in shipPendingStatuses); generated, migration 126: the 发货倒计时 sort. */
  shipPending: boolean('ship_pending')
    .notNull()
    .generatedAlwaysAs(sql`status in ('created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound')`),
  status: text('status').$type<OrderStatus>().notNull().default('created'),
  interceptReason: text('intercept_reason').notNull().default(''),
  batchId: ref('batch_id'),
  remark: text('remark').notNull().default(''),
  createdBy: ref('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  statusChangedAt: ts('status_changed_at').notNull().defaultNow(),
  shippedAt: ts('shipped_at'),
});

/** The key order counts are kept by (fresh builders per table): merchant × centre × shop (0 = none) × status. */
const countKey = () => ({
  merchantId: ref('merchant_id').notNull(),
  centreId: ref('centre_id').notNull(),
  shopId: ref('shop_id').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
});

/** Orders per count key × China day; migration 080. */
export const orderCounts = pgTable('order_counts', {
  ...countKey(),
  day: date('day', { mode: 'string' }).notNull(),
  n: integer('n').notNull(),
});

/** Orders per count key, in all; migration 080. */
export const orderTotals = pgTable('order_totals', {
  ...countKey(),
  n: integer('n').notNull(),
});

/** ±1 changes to order_counts and order_totals not yet folded in (written by a trigger); migration 080. */
export const orderCountDeltas = pgTable('order_count_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...countKey(),
  day: date('day', { mode: 'string' }).notNull(),
  n: integer('n').notNull(),
});

/** The key order events are counted by: the merchant and centre of their order × the state entered × China day. */
const eventCountKey = () => ({
  merchantId: ref('merchant_id').notNull(),
  centreId: ref('centre_id').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  day: date('day', { mode: 'string' }).notNull(),
});

/** Order events per key (the daily report's orders per state and day); migration 091. */
export const orderEventCounts = pgTable('order_event_counts', {
  ...eventCountKey(),
  n: integer('n').notNull(),
});

/** Changes to order_event_counts not yet folded in (written by triggers); migration 091. */
export const orderEventCountDeltas = pgTable('order_event_count_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...eventCountKey(),
  n: integer('n').notNull(),
});

export const orderItems = pgTable('order_items', {
  id: id(),
  orderId: ref('order_id').notNull(),
  name: text('name').notNull(),
  categoryId: ref('category_id').notNull(),
  quantity: integer('quantity').notNull().default(1),
  weight: numeric('weight', { precision: 12, scale: 3 }),
  declaredValue: fen('declared_value').notNull().default(0),
  result: text('result').$type<ItemResult>(),
  certificateNo: text('certificate_no'),
  boundCode: text('bound_code'),
  /** The fee snapshot: the price a charge of this item uses (modules/fees/ledger.ts). */
  inspectionFee: fen('inspection_fee'),
  certificateFee: fen('certificate_fee'),
  /** What the ledger charged for the item, net of reversals (kept by a trigger; migration 125): what every view shows. */
  chargedInspectionFee: fen('charged_inspection_fee').notNull().default(0),
  chargedCertificateFee: fen('charged_certificate_fee').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const orderEvents = pgTable('order_events', {
  id: id(),
  orderId: ref('order_id').notNull(),
  fromStatus: text('from_status').$type<OrderStatus>(),
  toStatus: text('to_status').$type<OrderStatus>().notNull(),
  actorType: text('actor_type').notNull(),
  actorId: ref('actor_id'),
  actorName: text('actor_name').notNull().default(''),
  reason: text('reason').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Inspection record per item (docs/domain.md#inspection); migration 013. */
export const inspectionRecords = pgTable('inspection_records', {
  id: id(),
  itemId: ref('item_id').notNull(),
  orderId: ref('order_id').notNull(),
  inspectorId: ref('inspector_id'),
  inspectorName: text('inspector_name').notNull().default(''),
  mass: numeric('mass', { precision: 12, scale: 3 }),
  massUnit: text('mass_unit').$type<'g' | 'ct'>().notNull().default('g'),
  shape: text('shape').notNull().default(''),
  colour: text('colour').notNull().default(''),
  refractiveIndex: text('refractive_index').notNull().default(''),
  density: text('density').notNull().default(''),
  magnification: text('magnification').notNull().default(''),
  purity: text('purity').notNull().default(''),
  conclusion: text('conclusion').notNull().default(''),
  result: text('result').$type<ItemResult>().notNull(),
  remarks: text('remarks').notNull().default(''),
  photos: text('photos').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const certificates = pgTable('certificates', {
  id: id(),
  certificateNo: text('certificate_no').notNull(),
  itemId: ref('item_id').notNull(),
  orderId: ref('order_id').notNull(),
  conclusion: text('conclusion').notNull(),
  fields: jsonb('fields').$type<Record<string, string | number | null>>().notNull().default({}),
  issuedAt: ts('issued_at').notNull().defaultNow(),
  verifyCode: text('verify_code').notNull(),
});

/** A tag code bound to an item; unique while bound (partial unique index). */
export const codeBindings = pgTable('code_bindings', {
  id: id(),
  code: text('code').notNull(),
  itemId: ref('item_id').notNull(),
  orderId: ref('order_id').notNull(),
  merchantId: ref('merchant_id').notNull(),
  boundAt: ts('bound_at').notNull().defaultNow(),
  boundBy: ref('bound_by'),
  boundByName: text('bound_by_name').notNull().default(''),
  unboundAt: ts('unbound_at'),
  unboundBy: ref('unbound_by'),
  unboundByName: text('unbound_by_name').notNull().default(''),
  unbindReason: text('unbind_reason').notNull().default(''),
});

export const recordings = pgTable('recordings', {
  id: id(),
  orderId: ref('order_id').notNull(),
  kind: text('kind').$type<RecordingKind>().notNull(),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull().default(''),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  durationSeconds: integer('duration_seconds'),
  uploadedBy: ref('uploaded_by'),
  uploadedByName: text('uploaded_by_name').notNull().default(''),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
});

/** An amendment of a submitted result (who, when, why, the ledger effect); migration 095. */
export const inspectionAmendments = pgTable('inspection_amendments', {
  id: id(),
  idempotencyKey: text('idempotency_key').notNull(),
  orderId: ref('order_id').notNull(),
  itemId: ref('item_id').notNull(),
  fromResult: text('from_result').$type<ItemResult>().notNull(),
  toResult: text('to_result').$type<ItemResult>().notNull(),
  reason: text('reason').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  reversed: fen('reversed').notNull(),
  charged: fen('charged').notNull(),
  operatorId: ref('operator_id'),
  operatorName: text('operator_name').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});
