import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { canonicalParams } from '../lib/listQuery';
import { listPagination, URL_PAGE_SIZES } from './listPagination';
import type { ListSource } from './ListState';
import { sortFromParams, sortParams, tableSort, type ListSort } from './tableSort';

const NOT_FILTERS = new Set(['page', 'page_size', 'sort_by', 'sort_order']);

/**
 * A list whose filters and page live in the URL (coming back from a detail page keeps them).
 * `parse` (URL → query and form values) and `toParams` (form values + page → URL) are the
 * feature's; `search` is 查询 (page 1, always fresh data: see useRefreshOnSearch), `reset` is
 * 重置, `go` moves to a page, `pagination` pages the table. `filtered`, `reset` and
 * `refreshToken` are what useListTable needs.
 *
 * A list the server sorts gives its contract's `listSort` keys as `sortKeys`: the sort is kept in
 * the URL too (`sort_by`, `sort_order`) and is part of `query`; `sorter` goes to the table
 * (`sorter.column` on the sortable columns, `sorter.onChange` as its onChange). A new sort goes
 * back to page 1; 查询 keeps the sort, 重置 returns to the list's default order.
 */
export function useUrlList<V, Q extends { page: number; page_size: number }, K extends string = never>(
  parse: (sp: URLSearchParams) => { query: Q; values: V },
  toParams: (values: V, page: number, pageSize: number) => Record<string, string>,
  sortKeys?: readonly K[],
) {
  const [sp, setSp] = useSearchParams();
  const sort = useMemo(() => (sortKeys ? sortFromParams(sp, sortKeys) : {}), [sp, sortKeys]);
  const parsed = useMemo(() => parse(sp), [parse, sp]);
  const query: Q & ListSort<K> = useMemo(() => ({ ...parsed.query, ...sort }), [parsed.query, sort]);
  const { values } = parsed;
  const here = canonicalParams(sp);
  // the last 查询: its number and the URL it asked for
  const [asked, setAsked] = useState<{ n: number; params: string } | null>(null);
  const paramsOf = (v: V, page: number, pageSize: number, s: ListSort<K> = sort) => ({ ...toParams(v, page, pageSize), ...sortParams(s) });
  const go = (v: V, page = 1, pageSize = query.page_size) => setSp(paramsOf(v, page, pageSize));
  const searchWith = (v: V, s: ListSort<K>) => {
    const next = paramsOf(v, 1, query.page_size, s);
    const target = canonicalParams(next);
    setAsked((a) => ({ n: (a?.n ?? 0) + 1, params: target }));
    // the same URL again: no navigation (no second history entry), the refresh alone
    if (target !== here) setSp(next);
  };
  const search = (v: V) => searchWith(v, sort);
  const reset = () => searchWith({} as V, {});
  // a header click: the same filters in the new order, from page 1
  const sorter = tableSort<K>(sort, (s) => setSp(paramsOf(values, 1, query.page_size, s)));
  // paging and sorting do not narrow the list (an empty answer then is not "nothing matches")
  const filtered = Object.keys(toParams(values, 1, query.page_size)).some((k) => !NOT_FILTERS.has(k));
  // set once the URL shows what the last 查询 asked for (the router may apply it a render later)
  const refreshToken = asked && asked.params === here ? asked.n : 0;
  const pagination = (total: number | undefined, showTotal: (total: number) => string, onChange = (page: number, pageSize: number) => go(values, page, pageSize)) =>
    listPagination({ page: query.page, pageSize: query.page_size, total, pageSizeOptions: URL_PAGE_SIZES, showTotal, onChange });
  const source: ListSource = { filtered, reset, refreshToken };
  return { query, values, go, search, reset, filtered, refreshToken, source, pagination, sort, sorter };
}
