import { inspectionResultLabel, orderStatusLabel, SHIP_DEADLINE_HOURS, type DataOf, type ordersApi, chinaDayDigits } from '@gemqc/contract';
import { systemActor, type Actor } from '../../platform/actor';
import type { z } from 'zod';
import type { orderFilterQuery } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError, isUniqueViolation, NotFoundError } from '../../platform/errors';
import { dayRange, iso, maskPhone, num } from '../../platform/format';
import * as repo from './repo';
import { returnContacts } from './returnTo';
import type { ItemRow, ListedOrder, OrderListRow, OrderRow, Scope } from './repo';
import { isOverdue, nextStatuses, remainingSeconds, shipPendingStatuses, transition } from './stateMachine';
import { certificateView, codeBindingView, inspectionView, recordingView, syncViewOfLatest, type PhotoUrlOf } from './views';

// The order rows other modules read or lock inside their own transactions.
export { findOrder, interceptPolicyOf, itemOfCentre, itemResults, lockOrder, orderHeader } from './repo';
/** An item found in a centre's order (`itemOfCentre`), with its order, category and centre code. */
export type CentreItem = NonNullable<Awaited<ReturnType<typeof repo.itemOfCentre>>>;
// Order events per day and state entered, kept exactly (counts/README.md): the daily reports.
export { countedEventsPerDay as eventsPerDay } from './counts/counts.repo';
// The job queue's count-compaction schedule folds the counters' deltas (plugins/backgroundJobs.ts).
export { compactOrderCounts } from './counts/counts.repo';

export const DEADLINE_HOURS = SHIP_DEADLINE_HOURS;
export const MAX_ITEMS = 20;

export interface CreateTestingOrderItem {
  name: string;
  categoryId: number;
  /** g or ct, as the category's unit. */
  weight?: number | null;
  /** fen */
  declaredValue?: number;
}

export interface CreateTestingOrderInput {
  merchantId: number;
  centreId: number;
  shopId?: number | null;
  platformOrderId?: string | null;
  /** The platform's paid time; default now. */
  startTime?: Date;
  /** The platform's latest ship time; default startTime + 48 h. */
  latestShipTime?: Date | null;
  buyerName: string;
  buyerPhone: string;
  buyerAddress: string;
  /** fen; default the sum of the items' declared values. */
  declaredValue?: number;
  remark?: string;
  items: CreateTestingOrderItem[];
  /** Who creates it (default the system, e.g. the shop order pull). */
  actor?: Actor;
  now?: Date;
}

/**
 * Creates a testing order with its items and the first event, in one transaction. Refused (1001)
 * unless the merchant is enabled and its testing authorisation approved; a platform order that
 * already has a live (not cancelled) testing order is refused too. Called by the merchant's
 * orderCreate and by the shop order pull.
 */
export async function createTestingOrder(db: Db, input: CreateTestingOrderInput): Promise<{ order: OrderRow; items: ItemRow[] }> {
  const now = input.now ?? new Date();
  const actor = input.actor ?? systemActor;
  const merchant = await repo.merchantForOrders(db, input.merchantId);
  if (!merchant) throw new NotFoundError('商家不存在');
  if (merchant.status !== 1) throw new BusinessError('商家账号已被禁用，不能创建检测订单', 'order.merchant_disabled');
  if (merchant.authStatus !== 1) {
    const why: Record<number, string> = {
      [-1]: '请先在「检测信息」中提交检测授权，审核通过后才能创建检测订单',
      0: '检测信息正在审核中，审核通过后才能创建检测订单',
      2: '检测信息审核未通过，请在「检测信息」中修改后重新提交',
    };
    throw new BusinessError(why[merchant.authStatus] ?? '检测授权未通过，不能创建检测订单', 'order.not_authorised');
  }
  if (!input.items.length) throw new BusinessError('请至少添加一件检测物品', 'order.no_items');
  if (input.items.length > MAX_ITEMS) throw new BusinessError(`一个订单最多${MAX_ITEMS}件物品`, 'order.too_many_items');
  const centre = await repo.activeCentre(db, input.centreId);
  if (!centre) throw new BusinessError('检测中心不存在或已停用，请重新选择', 'order.centre_invalid');
  if (input.shopId != null) {
    const shop = await repo.shopOfMerchant(db, input.shopId, input.merchantId);
    if (!shop) throw new NotFoundError('店铺不存在');
  }
  const catIds = [...new Set(input.items.map((i) => i.categoryId))];
  const cats = await repo.categoriesByIds(db, catIds);
  if (cats.length !== catIds.length) throw new BusinessError('物品品类不存在或已停用，请重新选择', 'order.category_invalid');
  const platformOrderId = input.platformOrderId?.trim() || null;
  const duplicateError = (orderNo: string) =>
    new BusinessError(`平台订单 ${platformOrderId} 已创建过检测订单 ${orderNo}，请勿重复创建`, 'order.duplicate_platform_order', { order_no: orderNo });
  if (platformOrderId) {
    const dup = await repo.findLiveByPlatformOrder(db, input.merchantId, platformOrderId);
    if (dup) throw duplicateError(dup.orderNo);
  }
  const startTime = input.startTime ?? now;
  const shipDeadline = input.latestShipTime ?? new Date(startTime.getTime() + DEADLINE_HOURS * 3600_000);
  if (shipDeadline.getTime() <= startTime.getTime()) throw new BusinessError('最晚发货时间必须晚于付款时间', 'order.deadline_invalid');
  const declaredValue = input.declaredValue ?? input.items.reduce((s, i) => s + (i.declaredValue ?? 0), 0);
  try {
    // one statement: the day's number, the order, its items and its first event (repo.insertNewOrder)
    return await repo.insertNewOrder(
      db,
      chinaDayDigits(now),
      {
        merchantId: input.merchantId,
        shopId: input.shopId ?? null,
        centreId: input.centreId,
        platformOrderId,
        buyerName: input.buyerName.trim(),
        buyerPhone: input.buyerPhone.trim(),
        buyerAddress: input.buyerAddress.trim(),
        declaredValue,
        startTime,
        shipDeadline,
        status: 'created',
        remark: input.remark?.trim() ?? '',
        createdBy: actor.type === 'trader' ? actor.id : null,
        createdAt: now,
        updatedAt: now,
        statusChangedAt: now,
      },
      input.items.map((i) => ({
        name: i.name.trim(),
        categoryId: i.categoryId,
        quantity: 1,
        weight: i.weight == null ? null : String(i.weight),
        declaredValue: i.declaredValue ?? 0,
        createdAt: now,
      })),
      { fromStatus: null, toStatus: 'created', actorType: actor.type, actorId: actor.id, actorName: actor.name, reason: '', createdAt: now },
    );
  } catch (err) {
    if (platformOrderId && isUniqueViolation(err, 'orders_platform_live_uq')) {
      const dup = await repo.findLiveByPlatformOrder(db, input.merchantId, platformOrderId);
      throw duplicateError(dup?.orderNo ?? '');
    }
    throw err;
  }
}

// ---------------------------------------------------------------- reading

type FilterQuery = z.output<typeof orderFilterQuery>;
type ListData = DataOf<typeof ordersApi.merchant.list>;
type DetailData = DataOf<typeof ordersApi.merchant.detail>;
export type OrderRowView = ListData['list'][number];

/** A list row's view, from a list page or a whole order row. */
export function toOrderRowView(r: OrderListRow<ListedOrder>, now: Date): OrderRowView {
  const o = r.order;
  const timing = { status: o.status, shipDeadline: o.shipDeadline };
  return {
    id: String(o.id),
    order_no: o.orderNo,
    platform_order_id: o.platformOrderId,
    shop_id: o.shopId === null ? null : String(o.shopId),
    shop_name: r.shopName,
    merchant_name: r.merchantName,
    centre_id: String(o.centreId),
    centre_name: r.centreName,
    buyer_name: o.buyerName,
    buyer_phone: maskPhone(o.buyerPhone),
    declared_value: o.declaredValue,
    inbound_carrier: o.inboundCarrier,
    inbound_waybill: o.inboundWaybill,
    outbound_carrier: o.outboundCarrier,
    outbound_waybill: o.outboundWaybill,
    status: o.status,
    status_text: orderStatusLabel(o.status),
    intercept_reason: o.interceptReason,
    item_count: Number(r.itemCount),
    item_names: r.itemNames ?? '',
    category_names: r.categoryNames ?? '',
    fee_total: Number(r.feeTotal),
    start_time: iso(o.startTime),
    ship_deadline: iso(o.shipDeadline),
    overdue: isOverdue(timing, now),
    remaining_seconds: remainingSeconds(timing, now),
    can_cancel: o.status === 'created' || o.status === 'awaiting_arrival',
    can_enter_waybill: o.status === 'created',
    created_at: iso(o.createdAt),
  };
}

/** List-row views of some orders of the scope (missing or another tenant's ids are left out). */
export async function orderRowViews(db: Db, ids: number[], scope: Scope, now: Date): Promise<OrderRowView[]> {
  if (!ids.length) return [];
  return (await repo.ordersByIds(db, ids, scope)).map((r) => toOrderRowView(r, now));
}

/** The list's filters; an export's `ids` (导出所选) narrow it to those orders. */
export function filterOf(q: FilterQuery & { ids?: string[] }, scope: Scope, now: Date): repo.OrderFilter {
  const { from, to } = dayRange(q.start_date, q.end_date);
  return {
    ...scope,
    ids: q.ids?.map(Number),
    orderNo: q.order_no,
    platformOrderId: q.platform_order_id,
    waybill: q.waybill,
    status: q.status,
    categoryId: q.category_id === undefined ? undefined : Number(q.category_id),
    shopId: q.shop_id === undefined ? undefined : Number(q.shop_id),
    from,
    to,
    overdue: q.overdue === undefined ? undefined : q.overdue === '1',
    pendingStatuses: shipPendingStatuses,
    now,
  };
}

export async function listOrders(db: Db, scope: Scope, q: FilterQuery & { page: number; page_size: number }, now: Date): Promise<ListData> {
  const { rows, total, totalExact } = await repo.listOrders(db, filterOf(q, scope, now), {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  return { list: rows.map((r) => toOrderRowView(r, now)), total, total_exact: totalExact, page: q.page, page_size: q.page_size, server_time: now.toISOString() };
}

/** Orders of every centre a number names (order no, platform order id, waybill), newest first: the manager's lookup. */
export async function ordersByNumber(db: Db, text: string, now: Date): Promise<OrderRowView[]> {
  const ids = await repo.idsByNumber(db, text, 20);
  const rows = await orderRowViews(db, ids, {}, now);
  return rows.sort((a, b) => Number(b.id) - Number(a.id));
}

/** Builds the URL of a recording (signed, so a <video> element can load it). */
export type VideoUrlOf = (recordingId: number) => string;

/** How the order detail builds links (the routes know the secret and the public page). */
export interface DetailUrls {
  videoUrl: VideoUrlOf;
  photoUrl: PhotoUrlOf;
  verifyUrl: (code: string) => string;
}

export async function orderDetail(
  db: Db,
  orderId: number,
  scope: Scope,
  now: Date,
  videoUrl: VideoUrlOf,
  verifyUrl: (code: string) => string,
  photoUrl: PhotoUrlOf,
): Promise<DetailData> {
  const row = await repo.orderDetailRow(db, orderId, scope);
  if (!row) throw new NotFoundError('订单不存在');
  return detailView(row, now, { videoUrl, verifyUrl, photoUrl });
}

/** The detail of the centre's order a scanned code names (repo.orderDetailRowByCode); undefined: none. */
export async function orderDetailByCode(db: Db, centreId: number, code: string, now: Date, urls: DetailUrls): Promise<DetailData | undefined> {
  const row = await repo.orderDetailRowByCode(db, centreId, code);
  return row && detailView(row, now, urls);
}

function detailView(row: repo.OrderDetailRow, now: Date, urls: DetailUrls): DetailData {
  const { items, events, inspections, certificates: certs, recordings: recs, codes, shipments, shopName, centreName, merchantName, categoryNames, ...o } = row;
  // the list row's item aggregate (repo.itemsOfOrder) from the items read with the order
  const head: OrderListRow = {
    order: o,
    shopName,
    centreName,
    merchantName,
    itemCount: items.length,
    itemNames: items.length ? items.map((i) => i.name).join('、') : null,
    categoryNames,
    feeTotal: items.reduce((s, i) => s + i.chargedInspectionFee + i.chargedCertificateFee, 0),
  };
  const catOfItem = new Map(items.map((i) => [i.id, i.category.name]));
  return {
    order: {
      ...toOrderRowView(head, now),
      buyer_phone_full: o.buyerPhone,
      buyer_address: o.buyerAddress,
      remark: o.remark,
      merchant_id: String(o.merchantId),
      shipped_at: iso(o.shippedAt),
      updated_at: iso(o.updatedAt),
      next_statuses: nextStatuses(o.status),
      platform_sync: syncViewOfLatest(o, shipments[0]),
    },
    items: items.map((i) => ({
      id: String(i.id),
      name: i.name,
      category_id: String(i.categoryId),
      category_name: i.category.name,
      unit: i.category.unit,
      quantity: i.quantity,
      weight: num(i.weight),
      declared_value: i.declaredValue,
      result: i.result,
      result_text: i.result ? inspectionResultLabel(i.result) : '待检测',
      certificate_no: i.certificateNo,
      bound_code: i.boundCode,
      // what the ledger charged (net of reversals), not the price snapshot: a failed item has a
      // certificate fee price but no certificate charge (migration 125); null: never charged
      inspection_fee: i.inspectionFee === null ? null : i.chargedInspectionFee,
      certificate_fee: i.inspectionFee === null ? null : i.chargedCertificateFee,
    })),
    events: events.map((e) => ({
      id: String(e.id),
      from_status: e.fromStatus,
      from_text: e.fromStatus ? orderStatusLabel(e.fromStatus) : '',
      to_status: e.toStatus,
      to_text: orderStatusLabel(e.toStatus),
      actor_type: e.actorType,
      actor_name: e.actorName,
      reason: e.reason,
      created_at: iso(e.createdAt),
    })),
    inspections: inspections.map((r) => inspectionView(r, urls.photoUrl)),
    certificates: certs.map((c) => certificateView(c, urls.verifyUrl)),
    recordings: recs.map((r) => recordingView(r, o.orderNo, urls.videoUrl)),
    codes: codes.map((b) => codeBindingView(b, { orderNo: o.orderNo, itemName: b.item.name, categoryName: catOfItem.get(b.itemId) ?? '' })),
    server_time: now.toISOString(),
  };
}

// ---------------------------------------------------------------- merchant actions

function statusView(o: OrderRow) {
  return { id: String(o.id), status: o.status, status_text: orderStatusLabel(o.status) };
}

export async function cancelOrder(db: Db, a: { merchantId: number; orderId: number; reason?: string; actor: Actor; now: Date }) {
  const o = await transition(db, a.orderId, 'cancelled', a.actor, { merchantId: a.merchantId, reason: a.reason || '商家取消', now: a.now });
  return statusView(o);
}

export async function enterWaybill(db: Db, a: { merchantId: number; orderId: number; carrier: string; waybill: string; actor: Actor; now: Date }) {
  const o = await transition(db, a.orderId, 'awaiting_arrival', a.actor, {
    merchantId: a.merchantId,
    reason: `${a.carrier} ${a.waybill}`,
    patch: { inboundCarrier: a.carrier, inboundWaybill: a.waybill },
    now: a.now,
  });
  return statusView(o);
}

type SheetData = DataOf<typeof ordersApi.merchant.sheet>;

/** Order-sheet rows for printing; every id must be the caller's (else 1004). */
export async function orderSheets(db: Db, ids: number[], scope: Scope): Promise<SheetData> {
  const unique = [...new Set(ids)];
  const rows = await repo.ordersByIds(db, unique, scope);
  if (rows.length !== unique.length) throw new NotFoundError('订单不存在');
  const items = await repo.itemsOf(db, unique);
  const centreIds = [...new Set(rows.map((r) => r.order.centreId))];
  const centres = new Map((await Promise.all(centreIds.map((c) => repo.centreOf(db, c)))).filter((c) => !!c).map((c) => [c.id, c]));
  const byOrder = new Map(ids.map((id) => [id, rows.find((r) => r.order.id === id)!]));
  return {
    list: unique.map((id) => {
      const r = byOrder.get(id)!;
      const o = r.order;
      const c = centres.get(o.centreId);
      return {
        id: String(o.id),
        order_no: o.orderNo,
        barcode: o.orderNo,
        merchant_name: r.merchantName,
        shop_name: r.shopName,
        centre_name: r.centreName,
        centre_address: c?.address ?? '',
        centre_contact: c?.contact ?? '',
        centre_mobile: c?.mobile ?? '',
        buyer_name: o.buyerName,
        buyer_phone: maskPhone(o.buyerPhone),
        buyer_address: o.buyerAddress,
        declared_value: o.declaredValue,
        platform_order_id: o.platformOrderId,
        inbound_carrier: o.inboundCarrier,
        inbound_waybill: o.inboundWaybill,
        remark: o.remark,
        item_count: Number(r.itemCount),
        items: items
          .filter((i) => i.item.orderId === o.id)
          .map((i, k) => ({ seq: k + 1, name: i.item.name, category_name: i.categoryName, weight: num(i.item.weight), unit: i.unit, declared_value: i.item.declaredValue })),
        ship_deadline: iso(o.shipDeadline),
        created_at: iso(o.createdAt),
        status_text: orderStatusLabel(o.status),
      };
    }),
  };
}

/** Rows for the Excel export in the list's order, fetched page by page (at most `cap`); with `ids`, only those orders of the scope. */
export async function* exportRows(db: Db, scope: Scope, q: FilterQuery & { ids?: string[] }, now: Date, cap = 10_000): AsyncGenerator<OrderRowView> {
  const f = filterOf(q, scope, now);
  const size = 1000;
  for (let offset = 0; offset < cap; offset += size) {
    const rows = await repo.listOrderRows(db, f, { limit: Math.min(size, cap - offset), offset, sortBy: q.sort_by, sortOrder: q.sort_order });
    for (const r of rows) yield toOrderRowView(r, now);
    if (rows.length < size) return;
  }
}

// ---------------------------------------------------------------- service centre

type AlertsData = DataOf<typeof import('@gemqc/contract').ordersApi.center.alerts>;

export async function centreAlerts(db: Db, centreId: number, now: Date): Promise<Omit<AlertsData, 'intercept_requests' | 'refund_notices'>> {
  const a = await repo.centreAlerts(db, centreId, shipPendingStatuses, now);
  const contacts = await returnContacts(db, a.intercepted.map((i) => i.merchantId)); // whom to call about the goods
  return {
    nearest_deadline: a.nearest ? iso(a.nearest.deadline) : null,
    nearest_order_no: a.nearest?.orderNo ?? null,
    overdue_count: a.overdueCount,
    intercepted: a.intercepted.map((i) => {
      const c = contacts.get(i.merchantId);
      return { id: String(i.id), order_no: i.orderNo, reason: i.reason, merchant_name: i.merchantName, merchant_contact: c?.contact ?? '', merchant_mobile: c?.mobile ?? '' };
    }),
    server_time: now.toISOString(),
  };
}

