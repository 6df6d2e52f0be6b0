import { z } from 'zod';
import { calendarDay, endpoint, isoTime, listSort, mobile, pageQuery, paged, ref, refTo, type SortKeyOf } from './common';
import { orderStatusValues } from './orderStatus';
import { codeBindingView } from './codes';
import { recordingView } from './recordings';
import { platformSyncView } from './platformSync';

/** A calendar day in China time, YYYY-MM-DD (the shared rule of common.ts). */
export const dayString = calendarDay();

const optText = (max: number, label: string) => z.string().trim().max(max, { error: `${label}不能超过${max}个字` }).optional().transform((v) => v || undefined);

/**
 * The columns an order list sorts by (the allow-list the server orders by, each with the id as the
 * tiebreaker): 下单时间, 发货倒计时 (the ship deadline), 订单号, 申报价值, 状态 (grouped by state).
 */
export const orderSort = listSort({ created_at: '下单时间', ship_deadline: '发货倒计时', order_no: '订单号', declared_value: '申报价值', status: '订单状态' });
export const orderSortKeys = orderSort.keys;
export type OrderSortKey = SortKeyOf<typeof orderSort>;

/** Filters of the order list (merchant and service centre) and its Excel export. */
export const orderFilterQuery = z.object({
  order_no: optText(32, '订单号'),
  platform_order_id: refTo('platform_order', optText(64, '平台订单号')),
  /** Inbound or outbound waybill. */
  waybill: optText(40, '运单号'),
  status: z.enum(orderStatusValues, { error: '订单状态不正确' }).optional(),
  category_id: ref('category').optional(),
  shop_id: ref('shop').optional(),
  /** Created from this day (China time), inclusive. */
  start_date: dayString.optional(),
  /** Created until this day, inclusive. */
  end_date: dayString.optional(),
  /** '1': only overdue (发货超时); '0': only not overdue. */
  overdue: z.enum(['0', '1'], { error: '超时筛选只能是0或1' }).optional(),
  ...orderSort.shape,
  sort_by: orderSort.shape.sort_by.default('created_at'),
});
export const orderListQuery = pageQuery.extend(orderFilterQuery.shape);
export type OrderListQuery = z.input<typeof orderListQuery>;

/** Filters of the service centre's order list (订单查询) and its export: the shared ones plus the merchant. */
export const centerOrderFilterQuery = orderFilterQuery.extend({
  /** A merchant id from `/center/v1/Order/merchants`. */
  merchant_id: ref('merchant').optional(),
});
export const centerOrderListQuery = pageQuery.extend(centerOrderFilterQuery.shape);
export type CenterOrderListQuery = z.input<typeof centerOrderListQuery>;

export const orderRow = z.object({
  id: z.string(),
  order_no: z.string(),
  platform_order_id: z.string().nullable(),
  shop_id: z.string().nullable(),
  shop_name: z.string().nullable(),
  merchant_name: z.string(),
  centre_id: z.string(),
  centre_name: z.string(),
  buyer_name: z.string(),
  /** Masked: 138****0001 */
  buyer_phone: z.string(),
  /** fen */
  declared_value: z.number(),
  inbound_carrier: z.string(),
  inbound_waybill: z.string(),
  outbound_carrier: z.string(),
  outbound_waybill: z.string(),
  status: z.string(),
  status_text: z.string(),
  intercept_reason: z.string(),
  item_count: z.number(),
  item_names: z.string(),
  category_names: z.string(),
  /** Fees charged so far for the items, fen. */
  fee_total: z.number(),
  start_time: z.string(),
  ship_deadline: z.string(),
  /** Not shipped and past the deadline (发货超时). */
  overdue: z.boolean(),
  /** Seconds to the deadline at server_time (negative when overdue); null once shipped/closed. */
  remaining_seconds: z.number().nullable(),
  can_cancel: z.boolean(),
  can_enter_waybill: z.boolean(),
  created_at: z.string(),
});
export type OrderRow = z.infer<typeof orderRow>;

/**
 * `total` is exact (`total_exact` true) at any size when the filters are only the tenant, status,
 * shop and dates (kept counts), and otherwise up to 10,000 matching orders. Above that a list page
 * with other filters (order no, waybill, category, overdue, batch) does not count every match:
 * `total` is then PostgreSQL's estimate, always more than 10,000 and at least the rows up to this
 * page, and `total_exact` is false — show it as "约 N 条" / "10,000+"; the last pages by the
 * estimate may come back short or empty. Narrow the filters for an exact figure.
 */
export const orderListData = paged(orderRow).extend({ server_time: z.string(), total_exact: z.boolean() });

export const orderItemView = z.object({
  id: z.string(),
  name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  weight: z.number().nullable(),
  declared_value: z.number(),
  /** pass | fail | unable | null */
  result: z.string().nullable(),
  result_text: z.string(),
  certificate_no: z.string().nullable(),
  bound_code: z.string().nullable(),
  /** What the ledger charged for the item (fen, net of reversals); null before its first charge. */
  inspection_fee: z.number().nullable(),
  certificate_fee: z.number().nullable(),
});

export const orderEventView = z.object({
  id: z.string(),
  from_status: z.string().nullable(),
  from_text: z.string(),
  to_status: z.string(),
  to_text: z.string(),
  actor_type: z.string(),
  actor_name: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

export const inspectionView = z.object({
  item_id: z.string(),
  inspector_name: z.string(),
  mass: z.number().nullable(),
  mass_unit: z.string(),
  shape: z.string(),
  colour: z.string(),
  refractive_index: z.string(),
  density: z.string(),
  magnification: z.string(),
  purity: z.string(),
  conclusion: z.string(),
  result: z.string(),
  result_text: z.string(),
  remarks: z.string(),
  /** Storage keys of the item's photos (what `Inspection/submit` photos takes back on an edit). */
  photos: z.array(z.string()),
  /**
   * The same photos as signed urls relative to /api, in the same order (for <img src>; valid for
   * some hours). Always sent by the server; optional only so older fixtures stay valid.
   */
  photo_urls: z.array(z.string()).optional(),
  created_at: z.string(),
});

export const certificateView = z.object({
  id: z.string(),
  certificate_no: z.string(),
  item_id: z.string(),
  conclusion: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  issued_at: z.string(),
  verify_code: z.string(),
  /** Public page a buyer opens by scanning the tag. */
  verify_url: z.string(),
});

export const orderDetailData = z.object({
  order: orderRow.extend({
    /** Full phone in the detail (the merchant's own buyer; the centre ships to it). */
    buyer_phone_full: z.string(),
    buyer_address: z.string(),
    remark: z.string(),
    merchant_id: z.string(),
    shipped_at: z.string().nullable(),
    updated_at: z.string(),
    /** What may happen next from this state. */
    next_statuses: z.array(z.string()),
    /** The shipment's write-back to the shop platform (待同步 / 已同步 / 同步失败 / 无需同步). */
    platform_sync: platformSyncView,
  }),
  items: z.array(orderItemView),
  events: z.array(orderEventView),
  inspections: z.array(inspectionView),
  certificates: z.array(certificateView),
  recordings: z.array(recordingView),
  codes: z.array(codeBindingView),
  server_time: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailData>;

const money = (label: string) =>
  z.coerce.number({ error: `${label}必须是数字` }).int({ error: `${label}以分为单位，必须是整数` }).min(0, { error: `${label}不能小于0` }).max(100_000_000_00, { error: `${label}过大` });

export const orderCreateItem = z.object({
  name: z.string({ error: '请输入物品名称' }).trim().min(1, { error: '请输入物品名称' }).max(50, { error: '物品名称不能超过50个字' }),
  category_id: ref('category'),
  weight: z.coerce.number({ error: '重量必须是数字' }).positive({ error: '重量必须大于0' }).max(100000, { error: '重量过大' }).optional(),
  declared_value: money('物品申报价值').optional(),
});


export const orderCreateBody = z.object({
  centre_id: ref('centre'),
  shop_id: ref('shop').optional(),
  platform_order_id: refTo('platform_order', z.string().trim().max(64, { error: '平台订单号不能超过64个字符' }).regex(/^[A-Za-z0-9_-]*$/, { error: '平台订单号只能包含字母、数字、-和_' }).optional().transform((v) => v || undefined)),
  /** Platform paid time (ISO); default now. */
  start_time: isoTime.optional(),
  /** The platform's latest ship time (ISO); default start_time + 48 h. */
  latest_ship_time: isoTime.optional(),
  buyer_name: z.string({ error: '请输入收件人姓名' }).trim().min(1, { error: '请输入收件人姓名' }).max(32, { error: '收件人姓名不能超过32个字' }),
  buyer_phone: mobile,
  buyer_address: z.string({ error: '请输入收件地址' }).trim().min(5, { error: '请输入完整的收件地址' }).max(200, { error: '收件地址不能超过200个字' }),
  /** fen; default the sum of the items' declared values. */
  declared_value: money('申报价值').optional(),
  remark: z.string().trim().max(200, { error: '备注不能超过200个字' }).optional(),
  items: z.array(orderCreateItem, { error: '请至少添加一件检测物品' }).min(1, { error: '请至少添加一件检测物品' }).max(20, { error: '一个订单最多20件物品' }),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;

export const orderSheet = z.object({
  id: z.string(),
  order_no: z.string(),
  /** Value to encode in the order barcode (Code128). */
  barcode: z.string(),
  merchant_name: z.string(),
  shop_name: z.string().nullable(),
  centre_name: z.string(),
  centre_address: z.string(),
  centre_contact: z.string(),
  centre_mobile: z.string(),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  buyer_address: z.string(),
  declared_value: z.number(),
  platform_order_id: z.string().nullable(),
  /** Inbound carrier and waybill ('' until the merchant enters them). */
  inbound_carrier: z.string(),
  inbound_waybill: z.string(),
  remark: z.string(),
  item_count: z.number(),
  items: z.array(z.object({ seq: z.number(), name: z.string(), category_name: z.string(), weight: z.number().nullable(), /** g or ct, the category's unit */ unit: z.string(), declared_value: z.number() })),
  ship_deadline: z.string(),
  created_at: z.string(),
  status_text: z.string(),
});

const idList = refTo(
  'order',
  z
  .string({ error: '请选择要打印的订单' })
  .trim()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,18}$/, { error: '订单编号格式不正确' })).min(1, { error: '请选择要打印的订单' }).max(100, { error: '一次最多打印100个订单' })),
);

const orderIdBody = z.object({ id: ref('order') });

function orderReadEndpoints(ns: 'merchant' | 'center' | 'warehouse', resource: 'Testing' | 'Order') {
  const list = resource === 'Testing' ? 'orderList' : 'list';
  const detail = resource === 'Testing' ? 'orderDetail' : 'detail';
  return {
    list: endpoint({ method: 'GET', path: `/${ns}/v1/${resource}/${list}`, summary: 'Testing orders (filters, paginated, sorted)', query: orderListQuery, data: orderListData }),
    detail: endpoint({
      method: 'GET',
      path: `/${ns}/v1/${resource}/${detail}`,
      summary: 'An order with items, events, inspection results, certificates, recordings and bound codes',
      query: z.object({ id: ref('order') }),
      data: orderDetailData,
    }),
  };
}

/**
 * A service centre's orders in one of its two portals (center, warehouse): the read endpoints, the list
 * and export with the portal's filters, and the options of the merchant filter.
 */
function centreOrderEndpoints<L extends z.ZodType, F extends z.ZodType>(ns: 'center' | 'warehouse', q: { list: L; export: F; filters: string }) {
  return {
    ...orderReadEndpoints(ns, 'Order'),
    list: endpoint({ method: 'GET', path: `/${ns}/v1/Order/list`, summary: `The centre’s testing orders (filters incl. ${q.filters}, paginated, sorted)`, query: q.list, data: orderListData }),
    export: endpoint({ method: 'GET', path: `/${ns}/v1/Order/export`, summary: 'The centre’s order list as an Excel file (same filters, or only the selected `ids`; at most 10000 rows)', query: q.export, data: z.unknown() }),
    merchants: endpoint({
      method: 'GET',
      path: `/${ns}/v1/Order/merchants`,
      summary: 'Merchants with orders at the caller’s centre (options of the merchant filter)',
      data: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  };
}

/** Filters of the warehouse's order list and export: the service centre's plus the intake batch. */
export const warehouseOrderFilterQuery = centerOrderFilterQuery.extend({
  /** A batch id from `/warehouse/v1/Batch/list`. */
  batch_id: ref('batch').optional(),
});
export const warehouseOrderListQuery = pageQuery.extend(warehouseOrderFilterQuery.shape);
export type WarehouseOrderListQuery = z.input<typeof warehouseOrderListQuery>;

/** At most this many selected orders in one 导出所选 (their ids travel in the export's URL: 500 always fit). */
export const MAX_EXPORT_IDS = 500;
/** The sentence for a selection over MAX_EXPORT_IDS (the web checks it before building the URL). */
export const tooManyExportIds = `一次最多导出所选的${MAX_EXPORT_IDS}个订单，请减少勾选，或不勾选按筛选条件导出`;

/**
 * 导出所选: the ids of the orders selected on a list page, comma-separated. The file then holds only
 * these orders, of the caller's own (another tenant's id is simply not in it), in the list's sort
 * order; other filters still apply (the list pages send the ids and the sort alone).
 */
export const exportIds = refTo(
  'order',
  z
    .string({ error: '请选择要导出的订单' })
    .trim()
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(/^\d{1,18}$/, { error: '订单编号格式不正确' }))
        .min(1, { error: '请选择要导出的订单' })
        .max(MAX_EXPORT_IDS, { error: tooManyExportIds }),
    ),
);
const exportable = <S extends z.ZodRawShape>(q: z.ZodObject<S>) => q.extend({ ids: exportIds.optional() });
/** The merchant's export: the list's filters, or the selected orders (`ids`). */
export const orderExportQuery = exportable(orderFilterQuery);
export const centerOrderExportQuery = exportable(centerOrderFilterQuery);
export const warehouseOrderExportQuery = exportable(warehouseOrderFilterQuery);
export type WarehouseOrderExportQuery = z.input<typeof warehouseOrderExportQuery>;

/** The inbound carrier and waybill a merchant enters (named: the web form validates with it). */
export const orderWaybillBody = orderIdBody.extend({
  carrier: z.string({ error: '请选择快递公司' }).trim().min(1, { error: '请选择快递公司' }).max(32, { error: '快递公司名称不能超过32个字' }),
  waybill: z.string({ error: '请输入运单号' }).trim().regex(/^[A-Za-z0-9-]{6,32}$/, { error: '运单号为6-32位字母或数字' }),
});

/** The service-centre layout banners (spec §4 "Shipping deadline", "Intercepted order"). */
export const centerAlerts = z.object({
  /** Earliest ship deadline among the centre's unshipped, not yet overdue orders (ISO time). */
  nearest_deadline: z.string().nullable(),
  nearest_order_no: z.string().nullable(),
  /** Unshipped orders whose deadline has passed (发货超时). */
  overdue_count: z.number(),
  /** Intercepted orders still at the centre. */
  intercepted: z.array(
    z.object({
      id: z.string(),
      order_no: z.string(),
      reason: z.string(),
      merchant_name: z.string(),
      /** Whom to call about the goods: the merchant's 检测信息 contact, else its registration's. */
      merchant_contact: z.string(),
      merchant_mobile: z.string(),
    }),
  ),
  /** Merchants' intercept requests waiting for the centre to confirm. */
  intercept_requests: z.array(z.object({ id: z.string(), order_id: z.string(), order_no: z.string(), reason: z.string(), merchant_name: z.string() })),
  /** Buyer refunds of the last 7 days on orders still to ship whose merchant chose 发货优先 (recorded, not intercepted). */
  refund_notices: z.array(z.object({ order_id: z.string(), order_no: z.string(), reason: z.string(), merchant_name: z.string(), received_at: z.string() })),
  /** Server time, so the countdown does not depend on the PC clock. */
  server_time: z.string(),
});
export type CenterAlerts = z.infer<typeof centerAlerts>;

export const ordersApi = {
  merchant: {
    ...orderReadEndpoints('merchant', 'Testing'),
    create: endpoint({ method: 'POST', path: '/merchant/v1/Testing/orderCreate', summary: 'New testing order (approved merchants only); an Idempotency-Key makes a repeat answer the first order', idempotent: true, body: orderCreateBody, data: z.object({ id: z.string(), order_no: z.string(), ship_deadline: z.string() }) }),
    cancel: endpoint({
      method: 'POST',
      path: '/merchant/v1/Testing/orderCancel',
      summary: 'Cancel an order (created or awaiting arrival)',
      body: orderIdBody.extend({ reason: z.string().trim().max(200, { error: '取消原因不能超过200个字' }).optional() }),
      data: z.object({ id: z.string(), status: z.string(), status_text: z.string() }),
    }),
    waybill: endpoint({
      method: 'POST',
      path: '/merchant/v1/Testing/orderWaybill',
      summary: 'Enter the inbound carrier and waybill: created → awaiting_arrival',
      body: orderWaybillBody,
      data: z.object({ id: z.string(), status: z.string(), status_text: z.string() }),
    }),
    sheet: endpoint({ method: 'GET', path: '/merchant/v1/Testing/orderSheet', summary: 'Data rows for printing order sheets (ids comma-separated)', query: z.object({ ids: idList }), data: z.object({ list: z.array(orderSheet) }) }),
    export: endpoint({ method: 'GET', path: '/merchant/v1/Testing/orderExport', summary: 'The order list as an Excel file (same filters, or only the selected `ids`; at most 10000 rows)', query: orderExportQuery, data: z.unknown() }),
  },
  center: {
    ...centreOrderEndpoints('center', { list: centerOrderListQuery, export: centerOrderExportQuery, filters: 'merchant' }),
    alerts: endpoint({ method: 'GET', path: '/center/v1/Order/alerts', summary: 'Nearest ship deadline and intercepted orders for the banners', data: centerAlerts }),
  },
  warehouse: centreOrderEndpoints('warehouse', { list: warehouseOrderListQuery, export: warehouseOrderExportQuery, filters: 'merchant and batch' }),
};
