import type { SheetColumn } from '../../platform/export';
import type { BatchView } from './service';
import { chinaDateTime } from '@gemqc/contract';

const time = (s: string | null) => (s ? chinaDateTime(s) : '');

/** Columns of the 批次列表 Excel export: the page's columns (times in China time). */
export const batchColumns: SheetColumn<BatchView>[] = [
  { header: '批次号', width: 18, value: (b) => b.batch_no },
  { header: '状态', width: 8, value: (b) => b.status_text },
  { header: '操作员', width: 24, value: (b) => b.operator_name },
  { header: '订单数', width: 8, value: (b) => b.order_count },
  { header: '物品数', width: 8, value: (b) => b.item_count },
  { header: '开始时间', width: 20, value: (b) => time(b.opened_at) },
  { header: '结束时间', width: 20, value: (b) => time(b.closed_at) },
  { header: '关闭人', width: 24, value: (b) => b.closed_by_name },
];
