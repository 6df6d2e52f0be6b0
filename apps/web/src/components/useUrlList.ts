import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listPagination, URL_PAGE_SIZES } from './listPagination';

/**
 * A list whose filters and page live in the URL (coming back from a detail page keeps them).
 * `parse` (URL → query and form values) and `toParams` (form values + page → URL) are the
 * feature's; `go` searches, `pagination` pages the table.
 */
export function useUrlList<V, Q extends { page: number; page_size: number }>(
  parse: (sp: URLSearchParams) => { query: Q; values: V },
  toParams: (values: V, page: number, pageSize: number) => Record<string, string>,
) {
  const [sp, setSp] = useSearchParams();
  const { query, values } = useMemo(() => parse(sp), [parse, sp]);
  const go = (v: V, page = 1, pageSize = query.page_size) => setSp(toParams(v, page, pageSize));
  const pagination = (total: number | undefined, showTotal: (total: number) => string, onChange = (page: number, pageSize: number) => go(values, page, pageSize)) =>
    listPagination({ page: query.page, pageSize: query.page_size, total, pageSizeOptions: URL_PAGE_SIZES, showTotal, onChange });
  return { query, values, go, pagination };
}
