import type { PlatformSyncView } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { syncViewOfLatest } from '../orders/views';
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

/** The sync state of one order (its latest report). */
export async function syncViewOf(db: Db, order: { id: number; shopId: number | null; platformOrderId: string | null; status?: string }): Promise<PlatformSyncView> {
  const m = await repo.latestOfOrders(db, [order.id]);
  return syncViewOfLatest(order, m.get(order.id));
}
