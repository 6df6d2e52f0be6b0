import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { installDomShims, stubApi, type Answer } from '../../../../test/utils';
import CentreOrderListPage from './CentreOrderListPage';

const LIST = '/center/v1/Order/list';
const MERCHANTS = '/center/v1/Order/merchants';
const page = (rows: unknown[]) => ({ code: 1000, data: { list: rows, total: rows.length, page: 1, page_size: 20, server_time: new Date().toISOString() } });
const row = {
  id: '1', order_no: 'JC202611210001', platform_order_id: null, shop_id: null, shop_name: null, merchant_name: '翠玉轩珠宝', centre_id: '1',
  centre_name: '广州番禺检测中心', buyer_name: '陈小姐', buyer_phone: '138****8000', declared_value: 880000, inbound_carrier: '顺丰速运',
  inbound_waybill: 'SF1234567890', outbound_carrier: '', outbound_waybill: '', status: 'received', status_text: '已入仓', intercept_reason: '',
  item_count: 1, item_names: '冰种翡翠手镯', category_names: '翡翠', fee_total: 0, start_time: new Date().toISOString(),
  ship_deadline: new Date(Date.now() + 3600_000).toISOString(), overdue: false, remaining_seconds: 3600, can_cancel: false, can_enter_waybill: false,
  created_at: new Date().toISOString(),
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.search}</div>;
}

function renderPage(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/base/order/list"
            element={
              <>
                <CentreOrderListPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `/api${LIST}`);

describe('订单查询 (service centre): failed load, nothing matches and 查询 again', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its message and 重试, not 没有符合条件的订单; 重试 brings the table back', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '数据库连接失败' }, [MERCHANTS]: { code: 1000, data: [] } };
    const fetch = stubApi(answers);
    renderPage('/base/order/list');
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('数据库连接失败');
    expect(screen.queryByText('没有符合条件的订单')).toBeNull();
    // the error is in the table's card: 导出/刷新 stay over it
    expect(screen.getByText(/^刷\s?新$/).closest('button')).toBeInTheDocument();
    answers[LIST] = page([row]);
    fireEvent.click(screen.getByText(/^重\s?试$/).closest('button')!);
    expect(await screen.findByText('JC202611210001')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
    // the page and its table read one query: one request a load
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('查询 with the filters unchanged asks the server again, once', async () => {
    const fetch = stubApi({ [LIST]: page([row]), [MERCHANTS]: { code: 1000, data: [] } });
    renderPage('/base/order/list?status=received');
    await screen.findByText('JC202611210001');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByText(/^查\s?询$/).closest('button')!);
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(listCalls(fetch)).toHaveLength(2);
    expect(listCalls(fetch)[1]!.searchParams.get('status')).toBe('received');
  });

  it('a filtered search without orders says 没有符合条件的订单 with 重置, which clears the filters; without filters it does not', async () => {
    const fetch = stubApi({ [LIST]: page([]), [MERCHANTS]: { code: 1000, data: [] } });
    renderPage('/base/order/list?order_no=NOPE123');
    const none = await screen.findByTestId('list-no-match');
    expect(none).toHaveTextContent('没有符合条件的订单');
    fireEvent.click(within(none).getByText(/^重\s?置$/).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    await waitFor(() => expect(listCalls(fetch).at(-1)!.searchParams.get('order_no')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('list-no-match')).toBeNull());
    expect(screen.queryByText('没有符合条件的订单')).toBeNull();
    expect(screen.getByLabelText('订单号', { selector: 'input' })).toHaveValue('');
  });
});
