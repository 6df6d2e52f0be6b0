import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Table } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiError } from '../lib/request';
import { toUrlParams } from '../lib/listQuery';
import { installDomShims } from '../test/utils';
import { FilterForm } from './FilterForm';
import { ListError, listTotal, useListTable } from './ListState';
import { useFilteredList } from './useFilteredList';
import { useUrlList } from './useUrlList';

interface Values {
  q?: string;
}
type Query = { page: number; page_size: number; q?: string };
type Answer = { list: { id: string; name: string }[]; total: number };

const parse = (sp: URLSearchParams): { query: Query; values: Values } => {
  const q = sp.get('q') ?? undefined;
  const page = Number(sp.get('page') ?? 1);
  return { query: { page, page_size: 20, ...(q ? { q } : {}) }, values: q ? { q } : {} };
};
const toParams = (v: Values, page: number, pageSize: number) => toUrlParams({ q: v.q?.trim(), page, page_size: pageSize }, 20);

/** The server of these tests: records the queries it is asked, answers with `reply`. */
function fakeServer(reply: (q: Query) => Answer | Error) {
  const calls: Query[] = [];
  const fn = vi.fn(async (q: Query) => {
    calls.push(q);
    const r = reply(q);
    if (r instanceof Error) throw r;
    return r;
  });
  return { fn, calls };
}

function Location() {
  const loc = useLocation();
  return <div data-testid="location">{loc.search}</div>;
}

function UrlList({ server }: { server: (q: Query) => Promise<Answer> }) {
  const [form] = Form.useForm<Values>();
  const url = useUrlList(parse, toParams);
  const list = useQuery({ queryKey: ['things', url.query], queryFn: () => server(url.query), placeholderData: keepPreviousData });
  const view = useListTable(list, url.source, { empty: '还没有东西' });
  return (
    <>
      <FilterForm<Values> form={form} values={url.values} onSearch={url.search} onReset={url.reset} searchText="查询" resetText="重置">
        <Form.Item name="q" label="名称">
          <Input />
        </Form.Item>
      </FilterForm>
      <Table rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} {...view} pagination={url.pagination(listTotal(list), (n) => `共 ${n} 条`)} />
      <Location />
    </>
  );
}

function StateList({ server }: { server: (q: Query) => Promise<Answer> }) {
  const [form] = Form.useForm<Values>();
  const f = useFilteredList<Values>();
  const query: Query = { page: f.page.page, page_size: f.page.size, ...(f.filters.q?.trim() ? { q: f.filters.q.trim() } : {}) };
  const list = useQuery({ queryKey: ['things', query], queryFn: () => server(query), placeholderData: keepPreviousData });
  const view = useListTable(list, f.source);
  return (
    <>
      <FilterForm<Values> form={form} values={f.filters} onSearch={f.search} onReset={f.reset} searchText="查询" resetText="重置">
        <Form.Item name="q" label="名称">
          <Input />
        </Form.Item>
      </FilterForm>
      <Table rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} {...view} pagination={f.pagination(listTotal(list), (n) => `共 ${n} 条`)} />
    </>
  );
}

/** Rendered with the app's query cache settings (30 s fresh, no retries). */
function renderWith(ui: React.ReactElement, path = '/things') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const searchBtn = () => screen.getByRole('button', { name: /^查\s?询$/ });
const typeName = (v: string) => fireEvent.change(screen.getByLabelText('名称'), { target: { value: v } });
const rows = (names: string[]): Answer => ({ list: names.map((name, i) => ({ id: String(i), name })), total: names.length });

describe('list states (shared list scaffolding)', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it('a failed load shows the reason and 重试 instead of the empty text; 重试 loads again and shows the rows', async () => {
    let fail = true;
    const server = fakeServer(() => (fail ? new ApiError('服务暂时不可用', 1500, false) : rows(['红宝石'])));
    renderWith(<UrlList server={server.fn} />);
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('服务暂时不可用');
    expect(screen.getByText('数据加载失败')).toBeInTheDocument();
    expect(screen.queryByText('还没有东西')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('红宝石')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(server.calls).toHaveLength(2);
  });

  it('a failed 刷新 of a list with rows shows the error, not the old rows', async () => {
    let fail = false;
    const server = fakeServer(() => (fail ? new Error('网络错误!') : rows(['蓝宝石'])));
    renderWith(<UrlList server={server.fn} />);
    expect(await screen.findByText('蓝宝石')).toBeInTheDocument();
    fail = true;
    // 查询 with the same (empty) filters loads again
    fireEvent.click(searchBtn());
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('网络错误!');
    expect(screen.queryByText('蓝宝石')).toBeNull();
    expect(screen.queryByText(/共 1 条/)).toBeNull();
  });

  it('without filters an empty list shows the page’s own empty text; with a filter it says nothing matches and 重置 clears the filter', async () => {
    const server = fakeServer((q) => rows(q.q ? [] : []));
    renderWith(<UrlList server={server.fn} />);
    expect(await screen.findByText('还没有东西')).toBeInTheDocument();
    expect(screen.queryByTestId('list-no-match')).toBeNull();

    typeName('NOPE123');
    fireEvent.click(searchBtn());
    expect(await screen.findByText('没有符合条件的结果')).toBeInTheDocument();
    expect(screen.queryByText('还没有东西')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('?q=NOPE123');

    fireEvent.click(screen.getAllByRole('button', { name: /^重\s?置$/ }).at(-1)!);
    expect(await screen.findByText('还没有东西')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('');
    expect(screen.getByLabelText('名称')).toHaveValue('');
  });

  it('查询 with unchanged filters asks the server again (the 30 s cache is not an answer to 查询), once', async () => {
    const server = fakeServer(() => rows(['翡翠']));
    renderWith(<UrlList server={server.fn} />, '/things?q=翡翠');
    expect(await screen.findByText('翡翠', { selector: 'td' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(1);
    fireEvent.click(searchBtn());
    await waitFor(() => expect(server.calls).toHaveLength(2));
    fireEvent.click(searchBtn());
    await waitFor(() => expect(server.calls).toHaveLength(3));
    // no duplicate request, no history entry change
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.calls).toHaveLength(3);
    expect(server.calls.every((q) => q.q === '翡翠' && q.page === 1)).toBe(true);
  });

  it('查询 with new filters asks once for them; going back to filters loaded seconds ago asks again', async () => {
    const server = fakeServer((q) => rows([q.q ?? '全部']));
    renderWith(<UrlList server={server.fn} />);
    expect(await screen.findByText('全部')).toBeInTheDocument();
    typeName('珍珠');
    fireEvent.click(searchBtn());
    expect(await screen.findByText('珍珠', { selector: 'td' })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.calls.map((q) => q.q ?? '')).toEqual(['', '珍珠']);

    typeName('');
    fireEvent.click(searchBtn());
    await waitFor(() => expect(server.calls.map((q) => q.q ?? '')).toEqual(['', '珍珠', '']));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(server.calls).toHaveLength(3);
  });

  it('a list with filters in the page: 查询 unchanged asks again; nothing matching offers 重置, which clears the form', async () => {
    const server = fakeServer((q) => rows(q.q ? [] : ['玛瑙']));
    renderWith(<StateList server={server.fn} />);
    expect(await screen.findByText('玛瑙')).toBeInTheDocument();
    fireEvent.click(searchBtn());
    await waitFor(() => expect(server.calls).toHaveLength(2));

    typeName('NOPE');
    fireEvent.click(searchBtn());
    expect(await screen.findByText('没有符合条件的结果')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /^重\s?置$/ }).at(-1)!);
    expect(await screen.findByText('玛瑙')).toBeInTheDocument();
    expect(screen.getByLabelText('名称')).toHaveValue('');
  });

  it('ListError says what the server said, or a general sentence when it said nothing', () => {
    const retry = vi.fn();
    const { rerender } = render(<ListError error={new ApiError('余额服务维护中', 1500, false)} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('余额服务维护中');
    fireEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(<ListError error={{}} onRetry={retry} />);
    expect(screen.getByTestId('list-error-reason')).toHaveTextContent('请求失败，请稍后再试');
  });
});
