import { useState } from 'react';
import { hasFilters } from '../lib/listQuery';
import { listPagination } from './listPagination';
import type { ListSource } from './ListState';
import { useListSort } from './tableSort';

/**
 * Filters and page of a list whose filters live in the page (not the URL): a search or a reset
 * goes back to page 1 and always loads fresh data (see useRefreshOnSearch); `pagination` gives
 * the table's pagination. Give `filters` to FilterForm's `values` so that a reset from the empty
 * state clears the form too. `source` is what useListTable needs. A list the server sorts (its
 * contract's `listSort` keys `K`) sends `sort` with its query and gives `sorter` to its table
 * (`sorter.column` on the sortable columns, `sorter.onChange` as the table's onChange): a new sort
 * goes back to page 1, 重置 back to the list's default order.
 */
export function useFilteredList<F extends object, K extends string = never>(pageSize = 20) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ page: 1, size: pageSize });
  const [searches, setSearches] = useState(0);
  const sorter = useListSort<K>(() => setPage((p) => ({ ...p, page: 1 })));
  const search = (v: F) => {
    setFilters(v);
    setPage((p) => ({ ...p, page: 1 }));
    setSearches((n) => n + 1);
  };
  const reset = () => {
    sorter.reset();
    search({} as F);
  };
  const filtered = hasFilters(filters);
  const source: ListSource = { filtered, reset, refreshToken: searches };
  return {
    filters,
    page,
    search,
    reset,
    filtered,
    refreshToken: searches,
    source,
    sort: sorter.sort,
    sorter,
    pagination: (total: number | undefined, showTotal: (total: number) => string) =>
      listPagination({ page: page.page, pageSize: page.size, total, showTotal, onChange: (p, s) => setPage({ page: p, size: s }) }),
  };
}
