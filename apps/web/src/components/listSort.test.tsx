import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageFromUrl, toUrlParams } from '../lib/listQuery';
import { sortable } from './tableSort';
import { useFilteredList } from './useFilteredList';
import { useUrlList } from './useUrlList';

/** The shared list hooks pass a header click's sort to the query (as the order lists do): URL-kept and page-kept lists. */

type Values = { keyword?: string };
const parse = (sp: URLSearchParams) => {
  const values: Values = sp.get('keyword') ? { keyword: sp.get('keyword')! } : {};
  const { page, pageSize } = pageFromUrl(sp, 20);
  return { query: { ...values, page, page_size: pageSize }, values };
};
const toParams = (v: Values, page: number, pageSize: number) => toUrlParams({ ...v, page, page_size: pageSize }, 20);
const KEYS = ['created_at', 'amount'] as const;

const sortEvent = (columnKey: string | undefined, order: 'ascend' | 'descend' | null) => [{}, {}, { columnKey, order }, { action: 'sort' }] as const;

function urlList(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const list = useUrlList(parse, toParams, KEYS);
      const [sp] = useSearchParams();
      return { list, url: Object.fromEntries(sp) };
    },
    { wrapper },
  );
}

describe('useUrlList with sort keys: the sort lives in the URL and the query', () => {
  it('a header click sorts from page 1 with the filters kept; the other direction, then no sort', () => {
    const { result } = urlList('/list?keyword=翠&page=3');
    expect(result.current.list.query).toEqual({ keyword: '翠', page: 3, page_size: 20 });
    act(() => result.current.list.sorter.onChange(...sortEvent('amount', 'descend')));
    expect(result.current.url).toEqual({ keyword: '翠', sort_by: 'amount', sort_order: 'desc' });
    expect(result.current.list.query).toEqual({ keyword: '翠', page: 1, page_size: 20, sort_by: 'amount', sort_order: 'desc' });
    expect(result.current.list.sorter.by('amount').sortOrder).toBe('descend');
    expect(result.current.list.sorter.by('created_at').sortOrder).toBeNull();
    act(() => result.current.list.sorter.onChange(...sortEvent('amount', 'ascend')));
    expect(result.current.list.query.sort_order).toBe('asc');
    act(() => result.current.list.sorter.onChange(...sortEvent('amount', null)));
    expect(result.current.url).toEqual({ keyword: '翠' });
  });

  it('paging and 查询 keep the sort; 重置 returns to the list’s default order; a key the list does not sort by is dropped', () => {
    const { result } = urlList('/list?sort_by=created_at&sort_order=asc');
    act(() => result.current.list.go({}, 2, 20));
    expect(result.current.url).toEqual({ page: '2', sort_by: 'created_at', sort_order: 'asc' });
    act(() => result.current.list.search({ keyword: '玉' }));
    expect(result.current.url).toEqual({ keyword: '玉', sort_by: 'created_at', sort_order: 'asc' });
    act(() => result.current.list.reset());
    expect(result.current.url).toEqual({});
    expect(urlList('/list?sort_by=buyer_phone&sort_order=asc').result.current.list.query).toEqual({ page: 1, page_size: 20 });
  });
});

describe('useFilteredList with sort keys: the sort lives in the page', () => {
  it('a header click sorts from page 1; 查询 keeps it; 重置 clears it', () => {
    const { result } = renderHook(() => useFilteredList<Values, (typeof KEYS)[number]>());
    act(() => result.current.pagination(100, String).onChange!(4, 20));
    expect(result.current.page.page).toBe(4);
    act(() => result.current.sorter.onChange(...sortEvent('created_at', 'ascend')));
    expect(result.current.sort).toEqual({ sort_by: 'created_at', sort_order: 'asc' });
    expect(result.current.page.page).toBe(1);
    act(() => result.current.search({ keyword: '翠' }));
    expect(result.current.sort).toEqual({ sort_by: 'created_at', sort_order: 'asc' });
    act(() => result.current.reset());
    expect(result.current.sort).toEqual({});
    // a paging change of the table is not a sort
    act(() => result.current.sorter.onChange({}, {}, { columnKey: 'amount', order: 'ascend' }, { action: 'paginate' }));
    expect(result.current.sort).toEqual({});
  });
});

describe('sortable: which direction a header click sorts first', () => {
  it('descending first by default; a countdown (发货倒计时) ascending first, so the first click shows the most urgent', () => {
    expect(sortable({ title: '下单时间' }, 'created_at', {}).sortDirections).toEqual(['descend', 'ascend']);
    expect(sortable({ title: '发货倒计时' }, 'ship_deadline', {}, 'asc').sortDirections).toEqual(['ascend', 'descend']);
    expect(sortable({ title: '发货倒计时' }, 'ship_deadline', { sort_by: 'ship_deadline', sort_order: 'asc' }, 'asc').sortOrder).toBe('ascend');
  });
});
