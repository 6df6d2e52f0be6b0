import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import OrderListPage from './OrderListPage';

const LIST = '/merchant/v1/Testing/orderList';
const lookups: Record<string, Answer> = {
  '/merchant/v1/Testing/gemList': { code: 1000, data: [] },
  '/merchant/v1/Shop/list': { code: 1000, data: { list: [], total: 0, page: 1, page_size: 100 } },
};
const page = (rows: unknown[]) => ({ code: 1000, data: { list: rows, total: rows.length, page: 1, page_size: 20, server_time: new Date().toISOString() } });
const row = {
  id: '1', order_no: 'JC202611210001', platform_order_id: null, shop_id: null, shop_name: null, merchant_name: '翠玉轩珠宝', centre_id: '1',
  centre_name: '广州番禺检测中心', buyer_name: '张三', buyer_phone: '138****0001', declared_value: 128050, inbound_carrier: '', inbound_waybill: '',
  outbound_carrier: '', outbound_waybill: '', status: 'created', status_text: '待寄出', intercept_reason: '', item_count: 1, item_names: '翡翠手镯',
  category_names: '翡翠', fee_total: 0, start_time: new Date().toISOString(), ship_deadline: new Date(Date.now() + 3600_000).toISOString(), overdue: false,
  remaining_seconds: 3600, can_cancel: true, can_enter_waybill: true, created_at: new Date().toISOString(),
};

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

/** The page with the app's query cache (answers stay fresh 30 s). */
function renderPage(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/trader/order/list" element={<><OrderListPage /><Search /></>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `/api${LIST}`);

describe('检测管理: failed load, nothing matching, 查询 again', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its message and 重试, not 还没有检测订单; 重试 loads the orders', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '订单服务繁忙，请稍后再试' }, ...lookups };
    const fetch = stubApi(answers);
    renderPage('/trader/order/list');
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('订单服务繁忙，请稍后再试');
    expect(screen.queryByText('还没有检测订单')).toBeNull();
    answers[LIST] = page([row]);
    fireEvent.click(screen.getByText(/^重\s?试$/).closest('button')!);
    expect(await screen.findByText('JC202611210001')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('a filtered search without results says no order matches and offers 重置 (no create buttons); 重置 clears the URL', async () => {
    stubApi({ [LIST]: page([]), ...lookups });
    renderPage('/trader/order/list?order_no=NOPE123');
    const noMatch = await screen.findByTestId('list-no-match');
    expect(noMatch).toHaveTextContent('没有符合条件的订单');
    expect(screen.queryByText('还没有检测订单')).toBeNull();
    expect(noMatch.querySelectorAll('button')).toHaveLength(1);
    fireEvent.click(noMatch.querySelector('button')!);
    expect(await screen.findByText('还没有检测订单')).toBeInTheDocument();
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('查询 with the filters unchanged asks the server again', async () => {
    const fetch = stubApi({ [LIST]: page([row]), ...lookups });
    renderPage('/trader/order/list?order_no=JC202611210001');
    await screen.findByText('JC202611210001');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByText(/^查\s?询$/).closest('button')!);
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    expect(listCalls(fetch)[1]!.searchParams.get('order_no')).toBe('JC202611210001');
  });
});
