import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { canonicalParams } from '../lib/listQuery';
import { listPagination, URL_PAGE_SIZES } from './listPagination';
import type { ListSource } from './ListState';

const NOT_FILTERS = new Set(['page', 'page_size', 'sort_by', 'sort_order']);

/**
 * A list whose filters and page live in the URL (coming back from a detail page keeps them).
 * `parse` (URL → query and form values) and `toParams` (form values + page → URL) are the
 * feature's; `search` is 查询 (page 1, always fresh data: see useRefreshOnSearch), `reset` is
 * 重置, `go` moves to a page, `pagination` pages the table. `filtered`, `reset` and
 * `refreshToken` are what useListTable needs.
 */
export function useUrlList<V, Q extends { page: number; page_size: number }>(
  parse: (sp: URLSearchParams) => { query: Q; values: V },
  toParams: (values: V, page: number, pageSize: number) => Record<string, string>,
) {
  const [sp, setSp] = useSearchParams();
  const { query, values } = useMemo(() => parse(sp), [parse, sp]);
  const here = canonicalParams(sp);
  // the last 查询: its number and the URL it asked for
  const [asked, setAsked] = useState<{ n: number; params: string } | null>(null);
  const go = (v: V, page = 1, pageSize = query.page_size) => setSp(toParams(v, page, pageSize));
  const search = (v: V) => {
    const next = toParams(v, 1, query.page_size);
    const target = canonicalParams(next);
    setAsked((a) => ({ n: (a?.n ?? 0) + 1, params: target }));
    // the same URL again: no navigation (no second history entry), the refresh alone
    if (target !== here) setSp(next);
  };
  const reset = () => search({} as V);
  // paging and sorting do not narrow the list (an empty answer then is not "nothing matches")
  const filtered = Object.keys(toParams(values, 1, query.page_size)).some((k) => !NOT_FILTERS.has(k));
  // set once the URL shows what the last 查询 asked for (the router may apply it a render later)
  const refreshToken = asked && asked.params === here ? asked.n : 0;
  const pagination = (total: number | undefined, showTotal: (total: number) => string, onChange = (page: number, pageSize: number) => go(values, page, pageSize)) =>
    listPagination({ page: query.page, pageSize: query.page_size, total, pageSizeOptions: URL_PAGE_SIZES, showTotal, onChange });
  const source: ListSource = { filtered, reset, refreshToken };
  return { query, values, go, search, reset, filtered, refreshToken, source, pagination };
}
