import type { Db } from '../../db/client';
import { platformShipments } from '../../db/schema';

/** The report of a shipment, once per order and waybill (a second ask is a no-op). */
export async function insertShipment(
  tx: Db,
  row: { orderId: number; shopId: number; platformOrderId: string; carrier: string; waybill: string; now: Date },
): Promise<number | null> {
  const [r] = await tx
    .insert(platformShipments)
    .values({ orderId: row.orderId, shopId: row.shopId, platformOrderId: row.platformOrderId, carrier: row.carrier, waybill: row.waybill, createdAt: row.now, updatedAt: row.now })
    .onConflictDoNothing()
    .returning({ id: platformShipments.id });
  return r?.id ?? null;
}
