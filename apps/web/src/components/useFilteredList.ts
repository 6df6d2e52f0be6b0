import { useState } from 'react';
import { listPagination } from './listPagination';

/**
 * Filters and page of a list whose filters live in the page (not the URL): a search or a reset
 * goes back to page 1; `pagination` gives the table's pagination.
 */
export function useFilteredList<F extends object>(pageSize = 20) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ page: 1, size: pageSize });
  const search = (v: F) => {
    setFilters(v);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return {
    filters,
    page,
    search,
    reset: () => search({} as F),
    pagination: (total: number | undefined, showTotal: (total: number) => string) =>
      listPagination({ page: page.page, pageSize: page.size, total, showTotal, onChange: (p, s) => setPage({ page: p, size: s }) }),
  };
}
