import type { TableColumnType, TableProps } from 'antd';

/** A list's server-side sort as its URL and query carry it (absent: the server's default order). */
export interface ListSort<K extends string> {
  sort_by?: K;
  sort_order?: 'asc' | 'desc';
}

/** A column the server sorts by `key`: its header sorts (descending first), showing the list's current sort. */
export function sortable<T, K extends string = string>(col: TableColumnType<T>, key: K, current: ListSort<K>): TableColumnType<T> {
  return {
    ...col,
    key,
    sorter: true,
    sortDirections: ['descend', 'ascend'],
    sortOrder: current.sort_by === key ? (current.sort_order === 'asc' ? 'ascend' : 'descend') : null,
  };
}

/**
 * The table's onChange for a server-sorted list: a header click (or the cards' 排序) → the new
 * sort, given to `apply` (the page goes back to page 1); paging stays the pagination's own.
 */
export function onSortChange<T, K extends string = string>(apply: (sort: ListSort<K>) => void): NonNullable<TableProps<T>['onChange']> {
  return (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? (s.columnKey as K | undefined) : undefined;
    apply(key ? { sort_by: key, sort_order: s!.order === 'ascend' ? 'asc' : 'desc' } : { sort_by: undefined, sort_order: undefined });
  };
}
