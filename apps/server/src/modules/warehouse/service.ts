import { Codes, batchStatuses, orderFilterQuery, orderStatusLabel, returnModes, type batchFilterQuery, type batchListQuery, type DataOf, type OrderStatus, type warehouseApi, chinaDayDigits } from '@gemqc/contract';
import { type Actor } from '../../platform/actor';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, BusinessError, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { dayRange, iso } from '../../platform/format';
import { arrivalInterceptText, arrivalShippingFirstText, interceptOnArrival, recordReturn, refundAtArrival, type ArrivalRefund } from '../interception/service';
import { recordChange, type Who } from '../audit/service';
import { returnContactOf } from '../orders/returnTo';
import { orderHeader } from '../orders/service';
import * as orders from '../orders/service';
import { findTransition, refusal, transition } from '../orders/stateMachine';
import * as repo from './repo';
import type { BatchListRow } from './repo';

export type BatchView = DataOf<typeof warehouseApi.batchList>['list'][number];
type ScanData = DataOf<typeof warehouseApi.intakeScan>;
type ReceiveData = DataOf<typeof warehouseApi.intakeReceive>;
type BatchDetailData = DataOf<typeof warehouseApi.batchDetail>;
type PrintData = DataOf<typeof warehouseApi.batchPrint>;
type ShipData = DataOf<typeof warehouseApi.orderShip>;
type BatchShipData = DataOf<typeof warehouseApi.orderBatchShip>;
type ReturnData = DataOf<typeof warehouseApi.orderReturn>;

/** The signed-in inspector: the station whose open batch receives the scans. */
export interface Station {
  centreId: number;
  actor: Actor & { id: number };
}

/** How the order detail builds links (the routes know the secret and the public page). */
export type DetailUrls = orders.DetailUrls;

/** A batch's orders by creation (then sorted by intake time). */
const intakeOrder = orderFilterQuery.parse({ sort_by: 'created_at', sort_order: 'asc' });

const batchStatusText = (s: string) => batchStatuses.find((x) => x.value === s)?.label ?? s;

export function toBatchView(r: BatchListRow): BatchView {
  const b = r.batch;
  return {
    id: String(b.id),
    batch_no: b.batchNo,
    centre_id: String(b.centreId),
    centre_name: r.centreName,
    operator_id: String(b.operatorId),
    operator_name: b.operatorName,
    status: b.status,
    status_text: batchStatusText(b.status),
    order_count: r.orderCount,
    item_count: r.itemCount,
    opened_at: iso(b.openedAt),
    closed_at: iso(b.closedAt),
    closed_by_name: b.closedByName,
  };
}

async function openBatchView(db: Db, station: Station): Promise<BatchView | null> {
  const row = await repo.openBatchRowOf(db, station.actor.id, station.centreId);
  return row ? toBatchView(row) : null;
}

// ---------------------------------------------------------------- intake

/**
 * Finds the centre's order a scanned code names (order no or inbound waybill) and tells whether
 * the caller may receive it now, with the caller's open batch. Another centre's order is not found.
 */
export async function scan(db: Db, station: Station, code: string, now: Date, urls: DetailUrls): Promise<ScanData> {
  // the order with its detail in one statement; then its refund and the caller's batch side by side
  let detail = await orders.orderDetailByCode(db, station.centreId, code.trim(), now, urls);
  if (!detail) throw new NotFoundError(`未找到运单号或订单号为「${code.trim()}」的订单，请核对后重试`);
  const id = Number(detail.order.id);
  let [refund, batch] = await Promise.all([refundAtArrival(db, id), openBatchView(db, station)]);
  // a refund asked for while the parcel travelled: 售后优先 stops it here (received and intercepted at once)
  let stopped = false;
  if (refund?.policy === 'after_sales_first' && detail.order.status === 'awaiting_arrival') {
    try {
      refund = (await receive(db, station, id, now)).refund ?? refund;
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // another inspector received it a moment ago: it was stopped there
    }
    stopped = true;
    // what the intake changed: the order's state and events, the batch it opened or filled
    [detail, batch] = await Promise.all([orders.orderDetail(db, id, { centreId: station.centreId }, now, urls.videoUrl, urls.verifyUrl, urls.photoUrl), openBatchView(db, station)]);
  }
  const why = intakeRefusal({ status: detail.order.status as OrderStatus, interceptReason: detail.order.intercept_reason }, station.actor);
  const notice = stopped && refund ? arrivalInterceptText(refund.reason) : refund?.policy === 'shipping_first' ? arrivalShippingFirstText(refund.reason) : '';
  return { ...detail, can_receive: why === null, refusal: stopped && refund ? notice : (why ?? ''), refund_notice: notice, batch };
}

/** Why a scanned order cannot be received, null when it can: intake is only awaiting_arrival → received (a release of an interception is not an intake). */
function intakeRefusal(order: { status: OrderStatus; interceptReason: string }, actor: Actor): string | null {
  if (order.status === 'intercepted') return `订单已被拦截${order.interceptReason ? `（${order.interceptReason}）` : ''}，不能入仓，请把货品放到拦截退回货架`;
  return refusal(order, 'received', actor);
}

/**
 * Receives an order (awaiting_arrival → received) into the open batch of the caller's station,
 * opening one (PCyyyymmddNNN, per centre and day) when there is none — all in one transaction, so a
 * refused intake leaves no empty batch. Two inspectors receiving the same parcel at once: the order
 * row lock lets one win; the other gets 1001 (订单已入仓，请勿重复操作).
 */
export async function receive(db: Db, station: Station, orderId: number, now: Date): Promise<ReceiveData & { refund?: ArrivalRefund | null }> {
  return db.transaction(async (tx) => {
    await repo.lockStation(tx, station.actor.id);
    let batch = await repo.openBatchOf(tx, station.actor.id);
    if (!batch) {
      const day = chinaDayDigits(now);
      const seq = await repo.nextBatchSeq(tx, station.centreId, day);
      batch = await repo.insertBatch(tx, {
        batchNo: `PC${day}${String(seq).padStart(3, '0')}`,
        centreId: station.centreId,
        operatorId: station.actor.id,
        operatorName: station.actor.name,
        status: 'open',
        openedAt: now,
      });
    }
    const current = await orders.lockOrder(tx, orderId, { centreId: station.centreId });
    const why = current && intakeRefusal(current, station.actor);
    if (why) throw new BusinessError(why, 'order.illegal_transition', { status: current.status, to: 'received' });
    await transition(tx, orderId, 'received', station.actor, { centreId: station.centreId, patch: { batchId: batch.id }, now });
    // a refund asked for in transit under 售后优先: the parcel goes straight to interception
    const refund = await interceptOnArrival(tx, orderId, now);
    const head = await orderHeader(tx, orderId, { centreId: station.centreId });
    const row = await repo.batchRow(tx, batch.id, station.centreId);
    return { order: orders.toOrderRowView(head!, now), batch: toBatchView(row!), refund };
  });
}

// ---------------------------------------------------------------- batches

export async function listBatches(db: Db, centreId: number, q: z.output<typeof batchListQuery>): Promise<DataOf<typeof warehouseApi.batchList>> {
  const { from, to } = dayRange(q.start_date, q.end_date);
  const { rows, total } = await repo.listBatches(
    db,
    { centreId, batchNo: q.batch_no, status: q.status, operatorId: q.operator_id === undefined ? undefined : Number(q.operator_id), from, to },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
    q,
  );
  return { list: rows.map(toBatchView), total, page: q.page, page_size: q.page_size };
}

/** The centre's batches a filter of 批次列表 names (an inverted date range → 1001). */
export function batchFilter(centreId: number, q: z.output<typeof batchFilterQuery>): repo.BatchFilter {
  const { from, to } = dayRange(q.start_date, q.end_date);
  return { centreId, batchNo: q.batch_no, status: q.status, operatorId: q.operator_id === undefined ? undefined : Number(q.operator_id), from, to };
}

/** Rows for the Excel export of 批次列表 (newest first), fetched page by page, at most `cap`. */
export async function* batchExportRows(db: Db, f: repo.BatchFilter, cap = 10_000): AsyncGenerator<BatchView> {
  const size = 1000;
  for (let offset = 0; offset < cap; offset += size) {
    const rows = await repo.batchRows(db, f, { limit: Math.min(size, cap - offset), offset });
    for (const r of rows) yield toBatchView(r);
    if (rows.length < size) return;
  }
}

export async function batchOperators(db: Db, centreId: number): Promise<{ value: string; label: string }[]> {
  return (await repo.batchOperators(db, centreId)).map((o) => ({ value: String(o.id), label: o.name }));
}

async function batchOf(db: Db, id: number, centreId: number): Promise<BatchListRow> {
  const row = await repo.batchRow(db, id, centreId);
  if (!row) throw new NotFoundError('批次不存在');
  return row;
}

export async function batchDetail(db: Db, centreId: number, id: number, now: Date): Promise<BatchDetailData> {
  const row = await batchOf(db, id, centreId);
  const counts = await repo.statusCounts(db, id);
  const list: orders.OrderRowView[] = [];
  for await (const o of orders.exportRows(db, { centreId, batchId: id }, intakeOrder, now)) list.push(o);
  const received = await repo.receivedTimes(db, list.map((o) => Number(o.id)));
  const at = (o: orders.OrderRowView) => received.get(Number(o.id))?.getTime() ?? Number.MAX_SAFE_INTEGER;
  list.sort((a, b) => at(a) - at(b) || Number(a.id) - Number(b.id));
  return {
    batch: toBatchView(row),
    status_counts: counts.map((c) => ({ status: c.status, status_text: orderStatusLabel(c.status), count: c.n })),
    orders: list.map((o) => ({ ...o, received_at: iso(received.get(Number(o.id)) ?? null) })),
    server_time: now.toISOString(),
  };
}

/** The rows of a batch-list print: the batch and one line per item, in intake order. */
export async function batchPrint(db: Db, centreId: number, id: number, now: Date): Promise<PrintData> {
  const row = await batchOf(db, id, centreId);
  const lines = await repo.batchPrintRows(db, id);
  return {
    batch: toBatchView(row),
    items: lines.map((l, k) => ({
      seq: k + 1,
      order_id: String(l.orderId),
      order_no: l.orderNo,
      merchant_name: l.merchantName,
      item_name: l.itemName,
      category_name: l.categoryName,
      inbound_carrier: l.inboundCarrier,
      inbound_waybill: l.inboundWaybill,
      status: l.status,
      status_text: orderStatusLabel(l.status),
      received_at: iso(l.receivedAt),
    })),
    server_time: now.toISOString(),
  };
}

/** Closes an open batch of the centre (the next scan of its station opens a new one); answers its print rows. */
export async function closeBatch(db: Db, centreId: number, id: number, by: { id: number; name: string }, now: Date): Promise<PrintData> {
  const closed = await repo.closeBatch(db, id, centreId, by, now);
  if (!closed) {
    await batchOf(db, id, centreId); // another centre's or unknown → 1004
    throw new BusinessError('该批次已关闭，请勿重复操作', 'warehouse.batch_closed');
  }
  return batchPrint(db, centreId, id, now);
}

// ---------------------------------------------------------------- shipping and returns

/** bound → shipped with the outbound carrier and waybill; an intercepted order is refused with its reason. */
export async function ship(db: Db, station: Station, a: { orderId: number; carrier: string; waybill: string }, now: Date): Promise<ShipData> {
  const o = await transition(db, a.orderId, 'shipped', station.actor, {
    centreId: station.centreId,
    reason: `${a.carrier} ${a.waybill}`,
    patch: { outboundCarrier: a.carrier, outboundWaybill: a.waybill },
    now,
  });
  return {
    id: String(o.id),
    status: o.status,
    status_text: orderStatusLabel(o.status),
    outbound_carrier: o.outboundCarrier,
    outbound_waybill: o.outboundWaybill,
    shipped_at: iso(o.shippedAt ?? now),
  };
}

/** Why an order of a 批量发货 is not found, without saying whether it exists at another centre. */
const NOT_OURS = '订单不存在或不属于本检测中心';

/**
 * 批量发货: each order shipped as `ship` ships one, in its own transaction, one after the other, so
 * a refused order (not bound, intercepted, already shipped, another centre's) does not stop the
 * rest; answers each order's result in the request's order. An order shipped already is refused
 * (订单已发货，请勿重复操作), so a repeated request ships nothing twice. A request that names no
 * order of the centre at all is 1004 as a whole, as Order/ship answers for one.
 */
export async function batchShip(db: Db, station: Station, lines: { orderId: number; carrier: string; waybill: string }[], now: Date): Promise<BatchShipData> {
  const results: BatchShipData['results'] = [];
  for (const l of lines) {
    const id = String(l.orderId);
    try {
      results.push({ id, code: Codes.OK, msg: '', shipped: await ship(db, station, l, now) });
    } catch (err) {
      // a refusal of this order is its result; anything else (the database gone) ends the request
      if (!(err instanceof AppError)) throw err;
      results.push({ id, code: err.code, msg: err.code === Codes.NOT_FOUND ? NOT_OURS : err.message, shipped: null });
    }
  }
  if (results.every((r) => r.code === Codes.NOT_FOUND)) throw new NotFoundError(NOT_OURS);
  const shipped = results.filter((r) => r.code === Codes.OK).length;
  return { shipped_count: shipped, failed_count: results.length - shipped, results };
}

/**
 * Returns the goods to the merchant in one transaction: a failed, unable or intercepted order first
 * moves to return_pending (docs/domain.md#states), then return_pending → returned (post, with the return
 * carrier and waybill in the outbound columns) or picked_up (the merchant collects).
 * A parcel by post goes to the merchant's 检测信息 (contact, mobile, 退货地址: orders/returnTo.ts returnContactOf)
 * unless the warehouse changed them in the dialog; a change is recorded in the audit log, and a
 * parcel with no address at all is refused.
 */
export async function returnGoods(
  db: Db,
  station: Station,
  a: {
    orderId: number;
    mode: 'post' | 'pickup';
    carrier?: string;
    waybill?: string;
    pickedUpBy?: string;
    pickedUpAt?: Date;
    signaturePhoto?: string;
    /** Post: the dialog's contact, mobile and address (absent: the merchant's own). */
    returnTo?: { contact?: string; mobile?: string; address?: string };
    /** Who sends it (the audit log's entry of a changed address). */
    who?: Who;
  },
  now: Date,
  storage: FileStorage,
): Promise<ReturnData> {
  const modeText = returnModes.find((m) => m.value === a.mode)!.label;
  if (a.mode === 'post' && (!a.carrier || !a.waybill)) throw new BusinessError('快递寄回请填写退回快递公司和运单号', 'warehouse.return_waybill_required');
  const o = await db.transaction(async (tx) => {
    const order = await repo.orderOfCentre(tx, a.orderId, station.centreId);
    if (!order) throw new NotFoundError('订单不存在');
    const status = order.status;
    let returnTo: { contact: string; mobile: string; address: string } | undefined;
    if (a.mode === 'post') {
      const own = await returnContactOf(tx, order.merchantId);
      returnTo = { contact: a.returnTo?.contact ?? own.contact, mobile: a.returnTo?.mobile ?? own.mobile, address: a.returnTo?.address ?? own.address };
      if (!returnTo.address) throw new BusinessError('商家尚未填写退货地址，请联系商家确认后在「退货地址」中填写', 'warehouse.return_address_required');
      const before = { contact: own.contact, mobile: own.mobile, address: own.address };
      if (a.who && JSON.stringify(before) !== JSON.stringify(returnTo)) {
        await recordChange(tx, {
          ...a.who,
          kind: 'order_return',
          action: 'update',
          object: { id: a.orderId, label: order.orderNo, centreId: station.centreId, merchantId: order.merchantId },
          before: { order_no: order.orderNo, ...before },
          after: { order_no: order.orderNo, ...returnTo },
          now,
        });
      }
    }
    const scope = { centreId: station.centreId, now };
    if (status !== 'return_pending' && findTransition(status, 'return_pending')) await transition(tx, a.orderId, 'return_pending', station.actor, { ...scope, reason: modeText });
    const pickedUpAt = a.pickedUpAt ?? now;
    const moved =
      a.mode === 'post'
        ? await transition(tx, a.orderId, 'returned', station.actor, { ...scope, reason: `${modeText} ${a.carrier} ${a.waybill}`, patch: { outboundCarrier: a.carrier, outboundWaybill: a.waybill } })
        : await transition(tx, a.orderId, 'picked_up', station.actor, { ...scope, reason: `${modeText}：${a.pickedUpBy ?? ''} ${pickedUpAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}`.trim() });
    await recordReturn(tx, { ...a, returnTo, pickedUpAt, storage, operatorName: station.actor.name, now });
    return moved;
  });
  return { id: String(o.id), status: o.status, status_text: orderStatusLabel(o.status) };
}
