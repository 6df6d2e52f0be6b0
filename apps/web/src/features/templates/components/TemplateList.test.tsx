import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TemplateSummary, UserInfo } from '@gemqc/contract';
import { useUserStore } from '../../../session/user';
import { TemplateList } from './TemplateList';

const row = (id: string, name: string, isDefault: boolean): TemplateSummary => ({
  id,
  name,
  kind: 'certificate_label',
  version: 3,
  is_default: isDefault,
  page_width: 70,
  page_height: 50,
  item_count: 9,
  updated_by_name: '质检',
  updated_at: '2026-11-21T06:00:00Z',
  created_at: '2026-11-21T06:00:00Z',
});

let calls: { url: string; method: string; body: unknown }[] = [];
const twoRows = () => ({ code: 1000, msg: 'success', data: { list: [row('1', '证书标签A', true), row('2', '证书标签B', false)], total: 2, page: 1, page_size: 20 } });
/** What Template/list answers (a test may change it). */
let listAnswer: { code: number; msg: string; data: unknown } = twoRows();

// antd's table measures itself; jsdom has no ResizeObserver
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const owner: UserInfo = {
  id: '1', user_type: 'qualityInspection', name: '质检', mobile: '13900000001', avatar: '', introduction: '', status_id: 1,
  is_owner: true, role_id: null, permissions: ['template.manage'], org_id: '1', last_login_at: null,
};

beforeEach(() => {
  useUserStore.setState({ userInfo: owner, user_type: 'qualityInspection' });
  calls = [];
  listAnswer = twoRows();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/Template/list')) return new Response(JSON.stringify(listAnswer), { status: 200 });
      return new Response(JSON.stringify({ code: 1000, msg: 'success', data: null }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderList(path = '/QIconfig/template') {
  // the app's 30 s cache: 查询 with unchanged filters must still ask the server
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<><TemplateList ns="warehouse" configBase="/QIconfig" /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('template list', () => {
  it("lists the centre's templates from the warehouse endpoint with the default marked and its delete disabled", async () => {
    renderList();
    expect(await screen.findByText('证书标签A')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/warehouse/v1/Template/list?page=1&page_size=20');
    const rowA = screen.getByText('证书标签A').closest('tr')!;
    expect(within(rowA).getByText('默认')).toBeInTheDocument();
    expect(within(rowA).getByText(/^删\s*除$/).closest('button')).toBeDisabled();
    expect(within(rowA).getByText(/^设为默认$/).closest('button')).toBeDisabled();
  });

  it('puts the kind filter and keyword into the URL and the request', async () => {
    renderList('/QIconfig/template?kind=order_sheet&keyword=%E8%AF%81');
    await screen.findByText('证书标签A');
    expect(calls[0]!.url).toContain('kind=order_sheet');
    expect(calls[0]!.url).toContain('keyword=%E8%AF%81');
    fireEvent.click(screen.getByText(/^重\s*置$/).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/QIconfig/template'));
  });

  it('an account without template.manage sees the list without delete or new', async () => {
    useUserStore.setState({ userInfo: { ...owner, is_owner: false, permissions: [] } });
    renderList();
    await screen.findByText('证书标签B');
    expect(screen.queryByTestId('template-delete-2')).toBeNull();
    expect(screen.getByTestId('template-new')).toBeDisabled();
  });

  it('deletes a non-default template after the confirmation', async () => {
    renderList();
    await screen.findByText('证书标签B');
    fireEvent.click(screen.getByTestId('template-delete-2'));
    expect(await screen.findByText('确定删除模板“证书标签B”吗？删除后不能恢复。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/warehouse/v1/Template/delete' && c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/delete'))!.body).toEqual({ id: '2' });
  });

  it('a list answer of code 1500 shows its reason and 重试, not 还没有模板; 重试 lists the templates', async () => {
    listAnswer = { code: 1500, msg: '模板服务繁忙', data: null };
    renderList();
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('模板服务繁忙');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText(/还没有模板/)).toBeNull();
    listAnswer = twoRows();
    fireEvent.click(within(screen.getByTestId('list-error')).getByText(/^重\s?试$/).closest('button')!);
    expect(await screen.findByText('证书标签A')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(calls.filter((c) => c.url.includes('/Template/list'))).toHaveLength(2);
  });

  it('a keyword without templates says nothing matches with 重置, which clears the keyword and the URL; none at all says 还没有模板', async () => {
    listAnswer = { code: 1000, msg: 'success', data: { list: [], total: 0, page: 1, page_size: 20 } };
    renderList('/QIconfig/template?keyword=%E6%97%A0');
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的结果');
    expect(screen.queryByText(/还没有模板/)).toBeNull();
    expect((screen.getByTestId('template-keyword') as HTMLInputElement).value).toBe('无');
    fireEvent.click(within(none).getByText(/^重\s?置$/).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/QIconfig/template'));
    expect(await screen.findByText(/还没有模板/)).toBeInTheDocument();
    expect((screen.getByTestId('template-keyword') as HTMLInputElement).value).toBe('');
    expect(calls.at(-1)!.url).toBe('/api/warehouse/v1/Template/list?page=1&page_size=20');
  });

  it('查询 with the filters unchanged asks the server again and stays on the same URL', async () => {
    renderList('/QIconfig/template?kind=order_sheet');
    await screen.findByText('证书标签A');
    const lists = () => calls.filter((c) => c.url.includes('/Template/list'));
    expect(lists()).toHaveLength(1);
    fireEvent.click(screen.getByText(/^查\s?询$/).closest('button')!);
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]!.url).toContain('kind=order_sheet');
    expect(screen.getByTestId('where').textContent).toBe('/QIconfig/template?kind=order_sheet');
  });
});
