import { useState } from 'react';
import type { TableColumnType, TableProps } from 'antd';

/** A list's server-side sort as its URL and query carry it (absent: the server's default order). */
export interface ListSort<K extends string> {
  sort_by?: K;
  sort_order?: 'asc' | 'desc';
}

/** What makes a column sort on the server by `key`: its header sorts (descending first unless `first`), showing the list's current sort. */
function sortedBy<K extends string>(key: K, current: ListSort<K>, first: 'asc' | 'desc' = 'desc') {
  return {
    key,
    sorter: true,
    sortDirections: (first === 'asc' ? ['ascend', 'descend'] : ['descend', 'ascend']) as ('descend' | 'ascend')[],
    sortOrder: current.sort_by === key ? (current.sort_order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  };
}

/**
 * A column the server sorts by `key`: its header sorts (descending first; `first: 'asc'` for a
 * countdown, whose first click should show the most urgent), showing the list's current sort.
 */
export function sortable<T, K extends string = string>(col: TableColumnType<T>, key: K, current: ListSort<K>, first: 'asc' | 'desc' = 'desc'): TableColumnType<T> {
  return { ...col, ...sortedBy(key, current, first) };
}

/**
 * The table's onChange for a server-sorted list: a header click (or the cards' 排序) → the new
 * sort, given to `apply` (the page goes back to page 1); paging stays the pagination's own.
 */
export function onSortChange<T, K extends string = string>(apply: (sort: ListSort<K>) => void): NonNullable<TableProps<T>['onChange']> {
  return sortHandler(apply);
}

/** What the table's onChange reads: any row type's sorter and change kind. */
type SortEvent = (pagination: unknown, filters: unknown, sorter: { order?: 'ascend' | 'descend' | null; columnKey?: unknown } | { order?: 'ascend' | 'descend' | null; columnKey?: unknown }[], extra: { action: string }) => void;

function sortHandler<K extends string>(apply: (sort: ListSort<K>) => void): SortEvent {
  return (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? (s.columnKey as K | undefined) : undefined;
    apply(key ? { sort_by: key, sort_order: s!.order === 'ascend' ? 'asc' : 'desc' } : { sort_by: undefined, sort_order: undefined });
  };
}

/**
 * A list's server sort as its table uses it, from the list hook (useUrlList, useFilteredList,
 * useListSort): `by(key)`, spread into a column, makes it sort by one of the list's contract keys
 * (`{ title, dataIndex, ...sorter.by('amount') }`); `onChange` is the table's (and the phone
 * cards') onChange.
 */
export interface TableSort<K extends string> {
  sort: ListSort<K>;
  by: (key: K) => ReturnType<typeof sortedBy<K>>;
  onChange: SortEvent;
}

export function tableSort<K extends string>(sort: ListSort<K>, apply: (sort: ListSort<K>) => void): TableSort<K> {
  return { sort, by: (key) => sortedBy(key, sort), onChange: sortHandler(apply) };
}

/** The sort of a URL (a key outside `keys` dropped; direction descending unless asc). */
export function sortFromParams<K extends string>(sp: URLSearchParams, keys: readonly K[]): ListSort<K> {
  const by = sp.get('sort_by');
  if (!by || !(keys as readonly string[]).includes(by)) return {};
  return { sort_by: by as K, sort_order: sp.get('sort_order') === 'asc' ? 'asc' : 'desc' };
}

/** A sort as query / URL fields (none without a key). */
export function sortParams<K extends string>(sort: ListSort<K>): ListSort<K> {
  return sort.sort_by ? { sort_by: sort.sort_by, sort_order: sort.sort_order === 'asc' ? 'asc' : 'desc' } : {};
}

/**
 * A list sorted by the server whose sort lives in the page (not the URL): a new sort goes back to
 * page 1 (`onSort`); `reset` returns to the list's default order.
 */
export function useListSort<K extends string>(onSort?: () => void): TableSort<K> & { reset: () => void } {
  const [sort, setSort] = useState<ListSort<K>>({});
  const apply = (s: ListSort<K>) => {
    setSort(sortParams(s));
    onSort?.();
  };
  return { ...tableSort(sort, apply), reset: () => setSort({}) };
}
