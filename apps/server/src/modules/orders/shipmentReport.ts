import type { Db } from '../../db/client';
import { insertShipment } from './shipmentReport.repo';

// The report is the order's own record of a shipment to report; platformSync sends it to the
// platform (its job reads platform_shipments), so orders depends on nothing of platformSync.
/**
 * Called by the orders state machine in the transaction that moves an order to `shipped` (single
 * 发货, 批量发货, any other path): an order of a shop gets one report per waybill. An order without
 * a shop has nothing to report; a return to the merchant never moves to `shipped`, so it is never
 * reported. Answers the report's id (null: nothing to report, or already recorded).
 */
export async function recordShipment(
  tx: Db,
  o: { id: number; shopId: number | null; platformOrderId: string | null; outboundCarrier: string; outboundWaybill: string },
  now: Date,
): Promise<number | null> {
  if (o.shopId === null || !o.platformOrderId || !o.outboundWaybill) return null;
  return insertShipment(tx, { orderId: o.id, shopId: o.shopId, platformOrderId: o.platformOrderId, carrier: o.outboundCarrier, waybill: o.outboundWaybill, now });
}
