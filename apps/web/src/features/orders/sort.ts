import type { OrderSortKey } from '@gemqc/contract';
import type { ListSort } from '../../components/tableSort';

export { onSortChange, sortable } from '../../components/tableSort';

/** The sort of an order list (absent: the server's default, newest first). */
export type OrderSort = ListSort<OrderSortKey>;

/** The sort of a list's values (what 查询 keeps when the filters change). */
export function sortOf(v: OrderSort): OrderSort {
  return v.sort_by ? { sort_by: v.sort_by, sort_order: v.sort_order ?? 'desc' } : {};
}
