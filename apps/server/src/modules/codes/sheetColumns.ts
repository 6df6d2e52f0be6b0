import type { SheetColumn } from '../../platform/export';
import type { BindingListRow } from './repo';
import { chinaDateTime } from '@gemqc/contract';

const time = (d: Date | null) => (d ? chinaDateTime(d) : '');

/** Columns of the 绑码记录 Excel export: the page's columns (times in China time), then who unbound. */
export const recordColumns: SheetColumn<BindingListRow>[] = [
  { header: '标签码', width: 20, value: (r) => r.b.code },
  { header: '订单号', width: 18, value: (r) => r.orderNo },
  { header: '商品', width: 26, value: (r) => r.itemName },
  { header: '品类', width: 12, value: (r) => r.categoryName },
  { header: '绑码时间', width: 20, value: (r) => time(r.b.boundAt) },
  { header: '操作人', width: 20, value: (r) => r.b.boundByName },
  { header: '状态', width: 8, value: (r) => (r.b.unboundAt ? '已解绑' : '已绑定') },
  { header: '解绑时间', width: 20, value: (r) => time(r.b.unboundAt) },
  { header: '解绑人', width: 20, value: (r) => r.b.unboundByName },
];
