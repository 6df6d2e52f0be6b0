import type { DataOf, ordersApi } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { dayRange, iso } from '../orders/format';
import * as repo from './repo';

export type CodeBindingView = DataOf<typeof ordersApi.merchant.recordList>['list'][number];

/** A bind-code record as the merchant's record list and the order detail show it. */
export function codeBindingView(b: repo.BindingRow, r: { orderNo: string; itemName: string; categoryName: string }): CodeBindingView {
  return {
    id: String(b.id),
    code: b.code,
    order_id: String(b.orderId),
    order_no: r.orderNo,
    item_id: String(b.itemId),
    item_name: r.itemName,
    category_name: r.categoryName,
    bound_at: iso(b.boundAt),
    bound_by_name: b.boundByName,
    unbound_at: iso(b.unboundAt),
    unbound_by_name: b.unboundByName,
    state: b.unboundAt ? 'unbound' : 'bound',
  };
}

export async function recordList(
  db: Db,
  merchantId: number,
  q: { page: number; page_size: number; keyword?: string; start_date?: string; end_date?: string },
): Promise<DataOf<typeof ordersApi.merchant.recordList>> {
  const { from, to } = dayRange(q.start_date, q.end_date);
  const { rows, total } = await repo.listBindings(db, { scope: { merchantId }, keyword: q.keyword, from, to }, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return {
    list: rows.map((r) => codeBindingView(r.b, r)),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}
