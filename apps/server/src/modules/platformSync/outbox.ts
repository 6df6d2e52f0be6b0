import { platformSyncStates, type PlatformSyncView } from '@gemqc/contract';
import type { Db } from '../../db/client';
import * as repo from './repo';

/**
 * The outbox side of the write-back, with no dependency on the platform client, so the shops
 * module can call it inside its own transactions. The report itself is written by the orders
 * state machine in the ship transaction (orders/shipmentReport.ts); this module sends it.
 */

/** The shop is authorised again: its reports that waited go again. */
export async function resumeShopShipments(tx: Db, shopId: number, now: Date): Promise<number[]> {
  return repo.resumeShopShipments(tx, shopId, now);
}

// ---------------------------------------------------------------- views

// the contract's words; the answer's text also says why an order has nothing to sync
const stateText: Record<PlatformSyncView['state'], string> = {
  ...(Object.fromEntries(platformSyncStates.map((s) => [s.value, s.label])) as Record<PlatformSyncView['state'], string>),
  none: '无需同步（非抖店订单）',
};

/** Shipped with no report: the order left before the write-back existed (it never reported it). */
const SHIPPED = new Set(['shipped', 'completed']);

function toView(order: { shopId: number | null; platformOrderId: string | null; status?: string }, r: repo.ShipmentRow | undefined): PlatformSyncView {
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
export function syncViewOfLatest(order: { shopId: number | null; platformOrderId: string | null; status?: string }, latest: repo.ShipmentRow | undefined): PlatformSyncView {
  return toView(order, latest);
}

/** The sync state of one order (its latest report). */
export async function syncViewOf(db: Db, order: { id: number; shopId: number | null; platformOrderId: string | null; status?: string }): Promise<PlatformSyncView> {
  const m = await repo.latestOfOrders(db, [order.id]);
  return toView(order, m.get(order.id));
}
