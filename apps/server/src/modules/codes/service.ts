import type { codesApi, DataOf, recordSort, SortKeyOf } from '@gemqc/contract';
import type { ListSortQuery } from '../../platform/listSort';
import type { Db } from '../../db/client';
import { dayRange } from '../../platform/format';
import { codeBindingView } from '../orders/views';
import * as repo from './repo';

// The merchant's 绑码记录 (a binding's view is orders/views.ts: the order detail shows it too);
// the warehouse's binding, which moves orders, is binding.ts.

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
