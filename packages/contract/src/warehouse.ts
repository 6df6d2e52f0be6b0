import { z } from 'zod';
import { endpoint, listSort, pageQuery, paged, ref } from './common';
import { dayString, orderDetailData, orderRow } from './orders';

/**
 * The warehouse core (质检端, docs/domain.md#states, #batches): intake scans into the open batch of
 * the signed-in inspector's station, batches, shipping to the buyer and returns to the merchant.
 * The warehouse's order list/detail/export are `ordersApi.warehouse` (orders.ts).
 */

export const batchStatuses = [
  { value: 'open', label: '进行中' },
  { value: 'closed', label: '已关闭' },
] as const;
export type BatchStatus = (typeof batchStatuses)[number]['value'];

export const batchRow = z.object({
  id: z.string(),
  /** PC + yyyymmdd (China time) + 3 digits, per centre per day: PC20261122001 */
  batch_no: z.string(),
  centre_id: z.string(),
  centre_name: z.string(),
  /** The station: the account that opened the batch (intake scans of that account go into it). */
  operator_id: z.string(),
  operator_name: z.string(),
  /** open | closed */
  status: z.string(),
  status_text: z.string(),
  order_count: z.number(),
  item_count: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string(),
});
export type BatchRow = z.infer<typeof batchRow>;

/** One printed line of a batch list: one per item (the batch_list template's `items` table). */
export const batchPrintItem = z.object({
  seq: z.number(),
  order_id: z.string(),
  order_no: z.string(),
  merchant_name: z.string(),
  item_name: z.string(),
  category_name: z.string(),
  inbound_carrier: z.string(),
  inbound_waybill: z.string(),
  status: z.string(),
  status_text: z.string(),
  /** When the order was received (intake scan). */
  received_at: z.string().nullable(),
});

/** What a batch-list print needs (Batch/close answers it; Batch/print for a reprint). */
export const batchPrintData = z.object({
  batch: batchRow,
  items: z.array(batchPrintItem),
  server_time: z.string(),
});
export type BatchPrintData = z.infer<typeof batchPrintData>;

const optText = (max: number, label: string) => z.string().trim().max(max, { error: `${label}不能超过${max}个字` }).optional().transform((v) => v || undefined);

/** Filters of the batch list (批次列表) and its Excel export. */
export const batchFilterQuery = z.object({
  batch_no: optText(20, '批次号'),
  status: z.enum(['open', 'closed'], { error: '批次状态只能是进行中或已关闭' }).optional(),
  /** Opened from this day (China time), inclusive. */
  start_date: dayString.optional(),
  /** Opened until this day, inclusive. */
  end_date: dayString.optional(),
  /** An account id from Batch/operators. */
  operator_id: ref('account').optional(),
});
/** 批次列表 sorts by 开始时间 (default: newest first), 结束时间, 订单数, 物品数 and 状态. */
export const batchSort = listSort({ opened_at: '开始时间', closed_at: '结束时间', order_count: '订单数', item_count: '物品数', status: '状态' });
/** The sort keys as plain data (the browser build inlines them; the listSort object holds zod schemas). */
export const batchSortKeys = batchSort.keys;
export const batchListQuery = pageQuery.extend({ ...batchFilterQuery.shape, ...batchSort.shape });
export type BatchListQuery = z.input<typeof batchListQuery>;

export const batchOrderRow = orderRow.extend({ received_at: z.string().nullable() });

export const batchDetailData = z.object({
  batch: batchRow,
  /** Orders of the batch by their current status (only statuses with orders). */
  status_counts: z.array(z.object({ status: z.string(), status_text: z.string(), count: z.number() })),
  /** Every order of the batch, in intake order. */
  orders: z.array(batchOrderRow),
  server_time: z.string(),
});
export type BatchDetail = z.infer<typeof batchDetailData>;

/** The scanned text: an inbound waybill or an order no (a barcode scanner types it and presses Enter). */
export const scanCode = z
  .string({ error: '请扫描或输入运单号/订单号' })
  .trim()
  .min(1, { error: '请扫描或输入运单号/订单号' })
  .max(40, { error: '运单号/订单号不能超过40个字符' })
  .regex(/^[A-Za-z0-9-]+$/, { error: '运单号/订单号只能包含字母、数字和-' });

export const intakeScanData = orderDetailData.extend({
  /** The order may be received now (awaiting arrival, and the caller may do intake). */
  can_receive: z.boolean(),
  /** Why it cannot be received ('' when it can), e.g. 订单已入仓，请勿重复操作. */
  refusal: z.string(),
  /**
   * A buyer's refund asked for while the parcel travelled ('' when none): under 售后优先 the scan
   * received and intercepted the order (put it on the 拦截退回 shelf), under 发货优先 it says so.
   */
  refund_notice: z.string(),
  /** The caller's open batch (null until the first intake opens one). */
  batch: batchRow.nullable(),
});
export type IntakeScanData = z.infer<typeof intakeScanData>;

const statusData = z.object({ id: z.string(), status: z.string(), status_text: z.string() });

const carrier = (what: string) =>
  z.string({ error: `请选择${what}快递公司` }).trim().min(1, { error: `请选择${what}快递公司` }).max(32, { error: '快递公司名称不能超过32个字' });
const waybill = (what: string) => z.string({ error: `请输入${what}运单号` }).trim().regex(/^[A-Za-z0-9-]{6,32}$/, { error: `${what}运单号为6-32位字母或数字` });

export const shipBody = z.object({ id: ref('order'), carrier: carrier('发货'), waybill: waybill('发货') });

/** What Order/ship answers: the shipped order with its outbound carrier and waybill. */
const shipData = statusData.extend({ outbound_carrier: z.string(), outbound_waybill: z.string(), shipped_at: z.string() });

/** At most this many orders in one 批量发货. */
export const MAX_BATCH_SHIP = 100;

/**
 * 批量发货: each order with its outbound carrier and waybill (the rules of Order/ship). A waybill
 * given twice (letter case aside) or an order named twice is refused as a whole (1001), before any
 * order ships.
 */
export const batchShipBody = z
  .object({
    orders: z
      .array(shipBody, { error: '请选择要发货的订单' })
      .min(1, { error: '请选择要发货的订单' })
      .max(MAX_BATCH_SHIP, { error: `一次最多批量发货${MAX_BATCH_SHIP}个订单，请分批发货` }),
  })
  .superRefine((b, ctx) => {
    const waybills = new Set<string>();
    const ids = new Set<string>();
    b.orders.forEach((o, i) => {
      const w = o.waybill.toUpperCase();
      if (waybills.has(w)) ctx.addIssue({ code: 'custom', path: ['orders', i, 'waybill'], message: `发货运单号 ${o.waybill} 填写了两次，每个订单需要各自的运单号` });
      waybills.add(w);
      if (ids.has(String(o.id))) ctx.addIssue({ code: 'custom', path: ['orders', i, 'id'], message: '同一个订单在本次发货中出现了两次，请刷新页面后重新选择' });
      ids.add(String(o.id));
    });
  });
export type BatchShipBody = z.input<typeof batchShipBody>;

/** One order of a 批量发货: shipped (code 1000) or why not. */
export const batchShipResult = z.object({
  id: z.string(),
  /** 1000 shipped; 1001 refused (not bound, intercepted, already shipped…); 1004 not an order of the caller's centre. */
  code: z.number(),
  /** Why it was not shipped, a zh-CN sentence ('' when shipped). */
  msg: z.string(),
  /** The shipped order (code 1000), else null. */
  shipped: shipData.nullable(),
});
export type BatchShipResult = z.infer<typeof batchShipResult>;

export const returnModes = [
  { value: 'post', label: '快递寄回' },
  { value: 'pickup', label: '商家自提' },
] as const;

export const returnBody = z
  .object({
    id: ref('order'),
    mode: z.enum(['post', 'pickup'], { error: '请选择退回方式（快递寄回或商家自提）' }),
    carrier: z.string().trim().max(32, { error: '快递公司名称不能超过32个字' }).optional().transform((v) => v || undefined),
    waybill: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().regex(/^[A-Za-z0-9-]{6,32}$/, { error: '退回运单号为6-32位字母或数字' }).optional()),
    /** Pickup: who collected the goods (the merchant's person) and when (default now). */
    picked_up_by: z.string().trim().max(32, { error: '取件人不能超过32个字' }).optional().transform((v) => v || undefined),
    picked_up_at: z.iso.datetime({ offset: true, error: '取件时间格式不正确' }).optional(),
    /**
     * Post, optional: whom and where the parcel goes, prefilled from the merchant's 检测信息 and
     * editable (a change is recorded in the audit log); absent: the merchant's own.
     */
    return_contact: z.string().trim().max(32, { error: '退货联系人不能超过32个字' }).optional().transform((v) => v || undefined),
    return_mobile: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().regex(/^[0-9+\- ]{5,20}$/, { error: '退货联系电话格式不正确' }).optional()),
    return_address: z.string().trim().max(200, { error: '退货地址不能超过200个字' }).optional().transform((v) => v || undefined),
    /** Pickup, optional: the photo of the collector's signature, a key answered by `Order/returnPhoto` for this order. */
    signature_photo: z.string({ error: '签收照片编号必须是文字' }).trim().max(200, { error: '签收照片编号不正确' }).optional().transform((v) => v || undefined),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'pickup' && !b.picked_up_by) ctx.addIssue({ code: 'custom', path: ['picked_up_by'], message: '商家自提请填写取件人' });
    if (b.mode === 'post' && b.signature_photo) ctx.addIssue({ code: 'custom', path: ['signature_photo'], message: '签收照片只用于商家自提' });
    if (b.mode !== 'post') return;
    if (!b.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: '快递寄回请选择退回快递公司' });
    if (!b.waybill) ctx.addIssue({ code: 'custom', path: ['waybill'], message: '快递寄回请输入退回运单号' });
  });
export type ReturnBody = z.input<typeof returnBody>;

export const warehouseApi = {
  intakeScan: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Intake/scan',
    summary: 'Find an order of the centre by inbound waybill or order no; whether it can be received; the caller’s open batch',
    body: z.object({ code: scanCode }),
    data: intakeScanData,
  }),
  intakeReceive: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Intake/receive',
    summary: 'Receive the order (awaiting_arrival → received) into the open batch of the caller’s station (opened when none); a scan replayed after the network came back sends its Idempotency-Key and receives once',
    idempotent: true,
    body: z.object({ id: ref('order') }),
    data: z.object({ order: orderRow, batch: batchRow }),
  }),
  batchList: endpoint({ method: 'GET', path: '/warehouse/v1/Batch/list', summary: 'Intake batches of the centre (filters, paginated; newest first or sort_by a batchSort key)', query: batchListQuery, data: paged(batchRow) }),
  batchExport: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Batch/export',
    summary: 'Intake batches of the centre as an Excel file (same filters, newest first; at most 10000 rows)',
    query: batchFilterQuery,
    data: z.unknown(),
  }),
  batchOperators: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Batch/operators',
    summary: 'Accounts that opened batches at the centre (options of the operator filter)',
    data: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  batchDetail: endpoint({ method: 'GET', path: '/warehouse/v1/Batch/detail', summary: 'A batch, counts by order status and its orders', query: z.object({ id: ref('batch') }), data: batchDetailData }),
  batchClose: endpoint({ method: 'POST', path: '/warehouse/v1/Batch/close', summary: 'Close an open batch; answers the rows of its batch-list print', body: z.object({ id: ref('batch') }), data: batchPrintData }),
  batchPrint: endpoint({ method: 'GET', path: '/warehouse/v1/Batch/print', summary: 'The rows of a batch-list print (reprint)', query: z.object({ id: ref('batch') }), data: batchPrintData }),
  orderEbill: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/ebill',
    summary: '电子面单取号: the outbound waybill of a Doudian order from the platform (logistics.newCreateOrder, sender = the centre, receiver = the buyer as the platform holds it) for the carrier chosen; asked again, the same number',
    body: z.object({ id: ref('order'), carrier: carrier('发货') }),
    data: z.object({ carrier: z.string(), logistics_code: z.string(), waybill: z.string(), sort_code: z.string(), issued: z.boolean() }),
  }),
  orderShip: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/ship',
    summary: 'Ship to the buyer (bound → shipped) with the outbound carrier and waybill; an intercepted order is refused; a ship scan replayed after the network came back sends its Idempotency-Key and ships once',
    idempotent: true,
    body: shipBody,
    data: shipData,
  }),
  orderBatchShip: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/batchShip',
    summary: `Ship up to ${MAX_BATCH_SHIP} orders, each with its carrier and waybill, one by one as Order/ship does (one refused order does not stop the others); answers each order's result. Duplicate waybills → 1001; no order of the centre at all → 1004`,
    body: batchShipBody,
    data: z.object({ shipped_count: z.number(), failed_count: z.number(), results: z.array(batchShipResult) }),
  }),
  orderReturn: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/return',
    summary: 'Return the goods to the merchant: failed | unable | intercepted (→ return_pending) → returned (post, waybill) or picked_up',
    body: returnBody,
    data: statusData,
  }),
};
