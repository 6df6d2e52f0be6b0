import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import OrderListPage from './OrderListPage';

const LIST = '/merchant/v1/Testing/orderList';

function row(over: Record<string, unknown>) {
  return {
    id: '1',
    order_no: 'JC202611210001',
    platform_order_id: null,
    shop_id: null,
    shop_name: null,
    merchant_name: '翠玉轩珠宝',
    centre_id: '1',
    centre_name: '广州番禺检测中心',
    buyer_name: '张三',
    buyer_phone: '138****0001',
    declared_value: 128050,
    inbound_carrier: '',
    inbound_waybill: '',
    outbound_carrier: '',
    outbound_waybill: '',
    status: 'created',
    status_text: '待寄出',
    intercept_reason: '',
    item_count: 1,
    item_names: '翡翠手镯',
    category_names: '翡翠',
    fee_total: 0,
    start_time: '2026-11-21T00:00:00.000Z',
    ship_deadline: '2026-11-23T00:00:00.000Z',
    overdue: false,
    remaining_seconds: 3600,
    can_cancel: true,
    can_enter_waybill: true,
    created_at: '2026-11-21T00:00:00.000Z',
    ...over,
  };
}

const empty = { code: 1000, data: [] };
const lists = {
  '/merchant/v1/Testing/gemList': empty,
  '/merchant/v1/Shop/list': { code: 1000, data: { list: [], total: 0, page: 1, page_size: 100 } },
};

function listCalls(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `/api${LIST}`);
}

describe('检测管理 list', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('searches when a scanner types an order number and presses Enter, sending it as order_no', async () => {
    const fetch = stubApi({ [LIST]: { code: 1000, data: { list: [], total: 0, page: 1, page_size: 20, server_time: new Date().toISOString() } }, ...lists });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    const input = await screen.findByLabelText('订单号', { selector: 'input' });
    fireEvent.change(input, { target: { value: ' JC202611210001 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(listCalls(fetch).length).toBeGreaterThan(1));
    const last = listCalls(fetch).at(-1);
    expect(last?.searchParams.get('order_no')).toBe('JC202611210001');
    expect(last?.searchParams.get('page')).toBe('1');
  });

  it('sorts on the server from the column headers: 发货倒计时 asks sort_by=ship_deadline, most urgent first (ascending), then the other way, from page 1', async () => {
    const fetch = stubApi({ [LIST]: { code: 1000, data: { list: [row({})], total: 1, page: 1, page_size: 20, server_time: new Date().toISOString() } }, ...lists });
    renderAt('/trader/order/list?page=3', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    await screen.findByText('JC202611210001');
    const header = () => screen.getByRole('columnheader', { name: /发货倒计时/ });
    fireEvent.click(header());
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('sort_order')).toBe('asc'));
    expect(Object.fromEntries(listCalls(fetch).at(-1)!.searchParams)).toEqual({ page: '1', page_size: '20', sort_by: 'ship_deadline', sort_order: 'asc' });
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    fireEvent.click(header());
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('sort_order')).toBe('desc'));
    expect(listCalls(fetch).at(-1)?.searchParams.get('sort_by')).toBe('ship_deadline');
    // a third click goes back to the default order (no sort in the query)
    fireEvent.click(header());
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.has('sort_by')).toBe(false));
  });

  it('导出 sends the filters; with ticked orders 导出所选 (N) sends only their ids and the sort', async () => {
    const EXPORT = '/merchant/v1/Testing/orderExport';
    const rows = [row({}), row({ id: '2', order_no: 'JC202611210002' }), row({ id: '3', order_no: 'JC202611210003' })];
    const fetch = stubApi({ [LIST]: { code: 1000, data: { list: rows, total: 3, page: 1, page_size: 20, server_time: new Date().toISOString() } }, ...lists });
    renderAt('/trader/order/list?status=created&sort_by=order_no&sort_order=asc', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    await screen.findByText('JC202611210001');
    const exports = () => fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `/api${EXPORT}`);
    fireEvent.click(screen.getByRole('button', { name: /^导\s?出$/ }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]!.searchParams.get('status')).toBe('created');
    expect(exports()[0]!.searchParams.get('ids')).toBeNull();
    const tick = (no: string) => fireEvent.click([...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(no))!.querySelector('input[type="checkbox"]')!);
    tick('JC202611210003');
    tick('JC202611210001');
    fireEvent.click(screen.getByRole('button', { name: '导出所选 (2)' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(Object.fromEntries(exports()[1]!.searchParams)).toEqual({ ids: '3,1', sort_by: 'order_no', sort_order: 'asc' });
  });

  it('shows an estimated total as 约 N 条 and an exact one as 共 N 条', async () => {
    const page = (total: number, exact: boolean) => ({ code: 1000, data: { list: [row({})], total, total_exact: exact, page: 1, page_size: 20, server_time: new Date().toISOString() } });
    stubApi({ [LIST]: page(700494, false), ...lists });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    expect(await screen.findByText('约 700494 条')).toBeInTheDocument();
    cleanup();
    stubApi({ [LIST]: page(12, true), ...lists });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    expect(await screen.findByText('共 12 条')).toBeInTheDocument();
  });

  it('shows the ticking countdown for an open order and 发货超时 for an overdue one', async () => {
    const serverTime = new Date().toISOString();
    const soon = new Date(Date.now() + 3_661_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    stubApi({
      [LIST]: {
        code: 1000,
        data: {
          list: [row({ id: '1', order_no: 'JC1', ship_deadline: soon }), row({ id: '2', order_no: 'JC2', ship_deadline: past, overdue: true, remaining_seconds: -60 })],
          total: 2,
          page: 1,
          page_size: 20,
          server_time: serverTime,
        },
      },
      ...lists,
    });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    expect(await screen.findByText('发货超时')).toBeTruthy();
    const cd = await screen.findByTestId('countdown');
    expect(cd.textContent).toMatch(/^01:0[01]:\d\d$/);
    const before = cd.textContent;
    // it ticks: wait for the next second, not for a clock
    await waitFor(() => expect(screen.getByTestId('countdown').textContent).not.toBe(before));
  });

  it('asks before cancelling, with buttons that say what they do (取消订单 / 不取消)', async () => {
    const fetch = stubApi({
      [LIST]: { code: 1000, data: { list: [row({ id: '1', order_no: 'JC1' })], total: 1, page: 1, page_size: 20, server_time: new Date().toISOString() } },
      '/merchant/v1/Testing/orderCancel': { code: 1000, data: null },
      ...lists,
    });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    const cancelButtons = () => screen.getAllByRole('button', { name: /^取\s*消\s*订\s*单$/ });
    await screen.findByText('JC1');
    fireEvent.click(cancelButtons()[0]!);
    expect(await screen.findByText('确定取消订单 JC1 吗？')).toBeTruthy();
    const cancels = () => fetch.mock.calls.filter(([u]) => String(u).includes('orderCancel'));
    fireEvent.click(screen.getByRole('button', { name: /^不\s*取\s*消$/ }));
    expect(cancels()).toHaveLength(0);
    fireEvent.click(cancelButtons()[0]!);
    await screen.findByText('确定取消订单 JC1 吗？');
    fireEvent.click(cancelButtons().at(-1)!); // the confirmation's own 取消订单
    await waitFor(() => expect(cancels()).toHaveLength(1));
  });

  it('offers waybill entry and cancel only where the server allows them', async () => {
    stubApi({
      [LIST]: {
        code: 1000,
        data: {
          list: [row({ id: '1', order_no: 'JC1' }), row({ id: '2', order_no: 'JC2', status: 'inspecting', can_cancel: false, can_enter_waybill: false, remaining_seconds: 100 })],
          total: 2,
          page: 1,
          page_size: 20,
          server_time: new Date().toISOString(),
        },
      },
      ...lists,
    });
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <OrderListPage /> }]);
    await screen.findByText('JC2');
    expect(screen.getAllByText('填写运单')).toHaveLength(1);
    expect(screen.getAllByText('取消订单')).toHaveLength(1);
    expect(screen.getAllByText('打印发货单')).toHaveLength(2);
  });
});
