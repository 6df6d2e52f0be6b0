import { inspectionResultLabel, platformSyncStates, recordingKinds, type PlatformSyncView, type codesApi, type DataOf, type ordersApi, type recordingsApi } from '@gemqc/contract';
import type { certificates, codeBindings, inspectionRecords, platformShipments, recordings } from '../../db/schema';
import { iso, num } from '../../platform/format';

type DetailData = DataOf<typeof ordersApi.merchant.detail>;
export type InspectionView = DetailData['inspections'][number];
export type CertificateView = DetailData['certificates'][number];

/** The public page a buyer opens by scanning the tag's QR code (the certificate check). */
export const verifyUrl = (code: string) => `/verify/${code}`;

/** Builds the signed url of an inspection photo's storage key (an <img> cannot send headers). */
export type PhotoUrlOf = (key: string) => string;

/**
 * An item's inspection record as the order detail (and the warehouse's result answer) shows it:
 * its photos both as storage keys (what an edit sends back) and as signed urls.
 */
export function inspectionView(r: typeof inspectionRecords.$inferSelect, photoUrl: PhotoUrlOf): InspectionView {
  return {
    item_id: String(r.itemId),
    inspector_name: r.inspectorName,
    mass: num(r.mass),
    mass_unit: r.massUnit,
    shape: r.shape,
    colour: r.colour,
    refractive_index: r.refractiveIndex,
    density: r.density,
    magnification: r.magnification,
    purity: r.purity,
    conclusion: r.conclusion,
    result: r.result,
    result_text: inspectionResultLabel(r.result),
    remarks: r.remarks,
    photos: r.photos,
    photo_urls: r.photos.map(photoUrl),
    created_at: iso(r.createdAt),
  };
}

/** An issued certificate; `verifyUrl` gives the public check page of its verification code. */
export function certificateView(c: typeof certificates.$inferSelect, verifyUrl: (code: string) => string): CertificateView {
  return {
    id: String(c.id),
    certificate_no: c.certificateNo,
    item_id: String(c.itemId),
    conclusion: c.conclusion,
    fields: c.fields,
    issued_at: iso(c.issuedAt),
    verify_code: c.verifyCode,
    verify_url: verifyUrl(c.verifyCode),
  };
}

export type CodeBindingView = DataOf<typeof codesApi.merchant.recordList>['list'][number];

/** A bind-code record as the merchant's record list and the order detail show it. */
export function codeBindingView(b: typeof codeBindings.$inferSelect, r: { orderNo: string; itemName: string; categoryName: string }): CodeBindingView {
  return {
    id: String(b.id),
    code: b.code,
    order_id: String(b.orderId),
    order_no: r.orderNo,
    item_id: String(b.itemId),
    item_name: r.itemName,
    category_name: r.categoryName,
    bound_at: iso(b.boundAt),
    bound_by_name: b.boundByName,
    unbound_at: iso(b.unboundAt),
    unbound_by_name: b.unboundByName,
    state: b.unboundAt ? 'unbound' : 'bound',
  };
}

type VideoList = DataOf<typeof recordingsApi.merchant.videoList>;
export type RecordingView = VideoList['list'][number];

/** A recording as the lists and the order detail show it; `urlOf` gives its (signed) file link. */
export function recordingView(r: typeof recordings.$inferSelect, orderNo: string, urlOf: (id: number) => string): RecordingView {
  return {
    id: String(r.id),
    order_id: String(r.orderId),
    order_no: orderNo,
    kind: r.kind,
    kind_text: recordingKinds.find((k) => k.value === r.kind)?.label ?? r.kind,
    file_name: r.fileName,
    mime: r.mime,
    size: r.size,
    duration_seconds: r.durationSeconds,
    uploaded_by_name: r.uploadedByName,
    uploaded_at: iso(r.uploadedAt),
    url: urlOf(r.id),
  };
}

// The write-back's state as an order shows it (platformSync sends the reports; the detail reads the latest with the order).
// the contract's words; the answer's text also says why an order has nothing to sync
const stateText: Record<PlatformSyncView['state'], string> = {
  ...(Object.fromEntries(platformSyncStates.map((s) => [s.value, s.label])) as Record<PlatformSyncView['state'], string>),
  none: '无需同步（非抖店订单）',
};

/** Shipped with no report: the order left before the write-back existed (it never reported it). */
const SHIPPED = new Set(['shipped', 'completed']);

function toView(order: { shopId: number | null; platformOrderId: string | null; status?: string }, r: typeof platformShipments.$inferSelect | undefined): PlatformSyncView {
  const unreported = order.status !== undefined && SHIPPED.has(order.status) ? 'untracked' : 'not_shipped';
  const state: PlatformSyncView['state'] = !order.shopId || !order.platformOrderId ? 'none' : !r ? unreported : r.state === 'sending' ? 'pending' : r.state;
  return {
    state,
    text: stateText[state],
    synced_at: r?.syncedAt ? r.syncedAt.toISOString() : null,
    error: r && state !== 'synced' ? r.error : '',
    waybill: r?.waybill ?? '',
    attempts: r?.attempts ?? 0,
  };
}

/** The sync state of an order from its latest report, read with the order (the order detail). */
export function syncViewOfLatest(order: { shopId: number | null; platformOrderId: string | null; status?: string }, latest: typeof platformShipments.$inferSelect | undefined): PlatformSyncView {
  return toView(order, latest);
}
