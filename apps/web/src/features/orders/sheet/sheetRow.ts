import type { DataOf, ordersApi } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { inChina } from '../../../lib/chinaTime';

/** Money on a printed sheet as on screen, with thousands separators (the template supplies the ¥). */
const yuan = (fen: number) => formatFen(fen).replace('¥', '');

export type OrderSheet = DataOf<typeof ordersApi.merchant.sheet>['list'][number];

/** What the sheet prints for the shop of an order typed in by hand (no Doudian shop). */
export const MANUAL_ORDER_SHOP = '手工录入';

const time = (v: string | null | undefined) => (v ? inChina(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** The server's sheet data → a template row (field names of the order_sheet catalogue). */
export function toSheetRow(s: OrderSheet, now: Date = new Date()): OrderSheetRow {
  return {
    orderNo: s.order_no,
    barcode: s.barcode || s.order_no,
    platformOrderId: s.platform_order_id ?? '',
    merchantName: s.merchant_name,
    // a manual order has no shop: the sheet's 商家：…（店铺） line says so instead of printing （ ）
    shopName: s.shop_name ?? MANUAL_ORDER_SHOP,
    centreName: s.centre_name,
    centreAddress: s.centre_address,
    centreContact: s.centre_contact,
    centreMobile: s.centre_mobile,
    buyerName: s.buyer_name,
    buyerPhone: s.buyer_phone,
    buyerAddress: s.buyer_address,
    inboundCarrier: s.inbound_carrier,
    inboundWaybill: s.inbound_waybill,
    outboundCarrier: '',
    outboundWaybill: '',
    remark: s.remark,
    declaredValue: yuan(s.declared_value),
    startTime: time(s.created_at),
    shipDeadline: time(s.ship_deadline),
    statusText: s.status_text,
    itemCount: String(s.item_count),
    printTime: time(now.toISOString()),
    items: s.items.map((it) => ({
      itemName: it.name,
      categoryName: it.category_name,
      mass: it.weight !== null ? `${it.weight}${it.unit}` : '',
      declaredValue: yuan(it.declared_value),
    })),
  };
}

/** The data one order sheet is filled with (every value already formatted as text). */
export interface OrderSheetRow {
  [key: string]: unknown;
  orderNo: string;
  barcode: string;
  platformOrderId: string;
  merchantName: string;
  shopName: string;
  centreName: string;
  centreAddress: string;
  centreContact: string;
  centreMobile: string;
  buyerName: string;
  buyerPhone: string;
  buyerAddress: string;
  inboundCarrier: string;
  inboundWaybill: string;
  outboundCarrier: string;
  outboundWaybill: string;
  remark: string;
  /** yuan, two decimals, no symbol (as the server's field catalogue). */
  declaredValue: string;
  startTime: string;
  shipDeadline: string;
  statusText: string;
  itemCount: string;
  printTime: string;
  items: { itemName: string; categoryName: string; mass: string; declaredValue: string }[];
}
