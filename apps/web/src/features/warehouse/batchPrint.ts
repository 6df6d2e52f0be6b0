import type { BatchPrintData } from '@gemqc/contract';
import { inChina } from '../../lib/chinaTime';

/**
 * Rows for the batch list (批次清单) printed when a batch closes, with the centre's default
 * "batch_list" template from the server (the built-in one when the centre has none).
 */

const time = (v: string | null | undefined) => (v ? inChina(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** The server's print data → one template row (field names of the batch_list catalogue). */
export function toBatchRow(p: BatchPrintData, now: Date = new Date()): Record<string, unknown> {
  const b = p.batch;
  return {
    batchNo: b.batch_no,
    centreName: b.centre_name,
    operatorName: b.operator_name,
    openedAt: time(b.opened_at),
    closedAt: time(b.closed_at),
    orderCount: String(b.order_count),
    itemCount: String(b.item_count),
    printTime: time(now.toISOString()),
    items: p.items.map((i) => ({
      orderNo: i.order_no,
      merchantName: i.merchant_name,
      itemName: i.item_name,
      inboundWaybill: i.inbound_waybill,
      statusText: i.status_text,
      receivedAt: time(i.received_at),
    })),
  };
}
