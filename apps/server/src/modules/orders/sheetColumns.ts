import { yuanNumber, type SheetColumn } from '../../platform/export';
import type { OrderRowView } from './service';
import { chinaDateTime } from '@gemqc/contract';

const time = (s: string | null) => (s ? chinaDateTime(s) : '');

/** Columns of the order-list Excel export (times in China time). */
export const orderColumns: SheetColumn<OrderRowView>[] = [
  { header: '订单号', width: 18, value: (o) => o.order_no },
  { header: '平台订单号', width: 22, value: (o) => o.platform_order_id ?? '' },
  { header: '店铺', width: 16, value: (o) => o.shop_name ?? '' },
  { header: '检测中心', width: 18, value: (o) => o.centre_name },
  { header: '状态', width: 10, value: (o) => o.status_text },
  { header: '发货超时', width: 8, value: (o) => (o.overdue ? '是' : '') },
  { header: '物品', width: 28, value: (o) => o.item_names },
  { header: '品类', width: 14, value: (o) => o.category_names },
  { header: '件数', width: 6, value: (o) => o.item_count },
  { header: '申报价值（元）', width: 12, value: (o) => yuanNumber(o.declared_value) },
  { header: '检测费用（元）', width: 12, value: (o) => yuanNumber(o.fee_total) },
  { header: '收件人', width: 10, value: (o) => o.buyer_name },
  { header: '收件电话', width: 14, value: (o) => o.buyer_phone },
  { header: '寄件快递', width: 10, value: (o) => o.inbound_carrier },
  { header: '寄件运单号', width: 18, value: (o) => o.inbound_waybill },
  { header: '发货快递', width: 10, value: (o) => o.outbound_carrier },
  { header: '发货运单号', width: 18, value: (o) => o.outbound_waybill },
  { header: '拦截原因', width: 16, value: (o) => o.intercept_reason },
  { header: '付款时间', width: 20, value: (o) => time(o.start_time) },
  { header: '最晚发货时间', width: 20, value: (o) => time(o.ship_deadline) },
  { header: '创建时间', width: 20, value: (o) => time(o.created_at) },
];

/** Columns of the service centre's export: the merchant instead of the (own) centre. */
export const centreOrderColumns: SheetColumn<OrderRowView>[] = orderColumns.flatMap((c) =>
  c.header === '检测中心' ? [{ header: '商户', width: 16, value: (o: OrderRowView) => o.merchant_name }] : [c],
);
