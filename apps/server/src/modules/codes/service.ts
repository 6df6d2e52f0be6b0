import type { codesApi, DataOf, recordSort, SortKeyOf } from '@gemqc/contract';
import type { ListSortQuery } from '../../platform/listSort';
import type { Db } from '../../db/client';
import { dayRange, iso } from '../../platform/format';
import * as repo from './repo';

// The views and the merchant's 绑码记录; the warehouse's binding, which moves orders, is binding.ts.

export type CodeBindingView = DataOf<typeof codesApi.merchant.recordList>['list'][number];

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

type RecordFilterQuery = { keyword?: string; start_date?: string; end_date?: string };

/** The merchant's records a filter of 绑码记录 names (an inverted date range → 1001). */
export function recordFilter(merchantId: number, q: RecordFilterQuery): repo.BindingFilter {
  const { from, to } = dayRange(q.start_date, q.end_date);
  return { scope: { merchantId }, keyword: q.keyword, from, to };
}

export async function recordList(db: Db, merchantId: number, q: RecordFilterQuery & ListSortQuery<SortKeyOf<typeof recordSort>> & { page: number; page_size: number }): Promise<DataOf<typeof codesApi.merchant.recordList>> {
  const { rows, total } = await repo.listBindings(db, recordFilter(merchantId, q), { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q);
  return {
    list: rows.map((r) => codeBindingView(r.b, r)),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** Rows for the Excel export of 绑码记录 (newest first), fetched page by page, at most `cap`. */
export async function* recordExportRows(db: Db, f: repo.BindingFilter, cap = 10_000): AsyncGenerator<repo.BindingListRow> {
  const size = 1000;
  for (let offset = 0; offset < cap; offset += size) {
    const rows = await repo.bindingRows(db, f, { limit: Math.min(size, cap - offset), offset });
    yield* rows;
    if (rows.length < size) return;
  }
}
