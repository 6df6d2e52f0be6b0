import { useState } from 'react';
import { hasFilters } from '../lib/listQuery';
import { listPagination } from './listPagination';
import type { ListSource } from './ListState';

/**
 * Filters and page of a list whose filters live in the page (not the URL): a search or a reset
 * goes back to page 1 and always loads fresh data (see useRefreshOnSearch); `pagination` gives
 * the table's pagination. Give `filters` to FilterForm's `values` so that a reset from the empty
 * state clears the form too. `source` is what useListTable needs.
 */
export function useFilteredList<F extends object>(pageSize = 20) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ page: 1, size: pageSize });
  const [searches, setSearches] = useState(0);
  const search = (v: F) => {
    setFilters(v);
    setPage((p) => ({ ...p, page: 1 }));
    setSearches((n) => n + 1);
  };
  const reset = () => search({} as F);
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
    pagination: (total: number | undefined, showTotal: (total: number) => string) =>
      listPagination({ page: page.page, pageSize: page.size, total, showTotal, onChange: (p, s) => setPage({ page: p, size: s }) }),
  };
}
