import type { DataOf, ordersApi } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { dayRange, iso } from '../orders/format';
import * as repo from './repo';

export async function recordList(
  db: Db,
  merchantId: number,
  q: { page: number; page_size: number; keyword?: string; start_date?: string; end_date?: string },
): Promise<DataOf<typeof ordersApi.merchant.recordList>> {
  const { from, to } = dayRange(q.start_date, q.end_date);
  const { rows, total } = await repo.listBindings(db, { merchantId, keyword: q.keyword, from, to }, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return {
    list: rows.map(({ b, orderNo, itemName, categoryName }) => ({
      id: String(b.id),
      code: b.code,
      order_id: String(b.orderId),
      order_no: orderNo,
      item_id: String(b.itemId),
      item_name: itemName,
      category_name: categoryName,
      bound_at: iso(b.boundAt),
      bound_by_name: b.boundByName,
      unbound_at: iso(b.unboundAt),
      unbound_by_name: b.unboundByName,
      state: b.unboundAt ? 'unbound' : 'bound',
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}
