import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderRow } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../../test/utils';
import CentreOrderListPage, { rowClass } from './CentreOrderListPage';
import CentreOrderDetailPage from './CentreOrderDetailPage';

const LIST = '/center/v1/Order/list';
const DETAIL = '/center/v1/Order/detail';
const MERCHANTS = '/center/v1/Order/merchants';

const now = new Date();
const row = (over: Partial<OrderRow> = {}): OrderRow => ({
  id: '1',
  order_no: 'JC202611210001',
  platform_order_id: '6921',
  shop_id: null,
  shop_name: null,
  merchant_name: '翠玉轩珠宝',
  centre_id: '1',
  centre_name: '广州番禺检测中心',
  buyer_name: '陈小姐',
  buyer_phone: '138****8000',
  declared_value: 880000,
  inbound_carrier: '顺丰速运',
  inbound_waybill: 'SF1234567890',
  outbound_carrier: '',
  outbound_waybill: '',
  status: 'received',
  status_text: '已入仓',
  intercept_reason: '',
  item_count: 1,
  item_names: '冰种翡翠手镯',
  category_names: '翡翠',
  fee_total: 0,
  start_time: new Date(now.getTime() - 3600_000).toISOString(),
  ship_deadline: new Date(now.getTime() + 47 * 3600_000).toISOString(),
  overdue: false,
  remaining_seconds: 47 * 3600,
  can_cancel: false,
  can_enter_waybill: false,
  created_at: now.toISOString(),
  ...over,
});

const listAnswer = (list: OrderRow[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20, server_time: now.toISOString() } });
const merchants = { code: 1000, data: [{ value: '12', label: '翠玉轩珠宝' }, { value: '13', label: '金福珠宝' }] };

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);

describe('订单查询 (service centre order list)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns the URL filters (incl. merchant) into the list query', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([row()]), [MERCHANTS]: merchants });
    renderAt('/base/order/list?merchant_id=12&status=received&overdue=1&page=2', [{ path: '/base/order/list', element: <CentreOrderListPage /> }]);
    await screen.findByText('JC202611210001');
    const u = listCalls(fetch)[0]!;
    expect(Object.fromEntries(u.searchParams)).toEqual({ page: '2', page_size: '20', merchant_id: '12', status: 'received', overdue: '1' });
  });

  it('searches with the typed (trimmed) order no from page 1 when Enter is pressed', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([row()]), [MERCHANTS]: merchants });
    renderAt('/base/order/list?page=3', [{ path: '/base/order/list', element: <CentreOrderListPage /> }]);
    await screen.findByText('JC202611210001');
    const input = screen.getByLabelText('订单号', { selector: 'input' });
    fireEvent.change(input, { target: { value: '  JC202611210009 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(listCalls(fetch).some((u) => u.searchParams.get('order_no') === 'JC202611210009')).toBe(true));
    const last = listCalls(fetch).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ page: '1', page_size: '20', order_no: 'JC202611210009' });
  });

  it('highlights an intercepted row with its reason and shows 发货超时 for an overdue one', async () => {
    stubApi({
      [LIST]: listAnswer([
        row({ id: '2', order_no: 'JC202611210002', status: 'intercepted', intercept_reason: '买家申请退款', remaining_seconds: 3600 }),
        row({ id: '3', order_no: 'JC202611210003', overdue: true, remaining_seconds: -60, ship_deadline: new Date(Date.now() - 60_000).toISOString() }),
      ]),
      [MERCHANTS]: merchants,
    });
    renderAt('/base/order/list', [{ path: '/base/order/list', element: <CentreOrderListPage /> }]);
    const reason = await screen.findByTestId('intercept-reason');
    expect(reason.textContent).toContain('买家申请退款');
    expect(reason.textContent).toContain('请联系商家取回货品');
    expect(reason.closest('tr')?.className).toContain('row-intercepted');
    const overdueRow = screen.getByText('JC202611210003').closest('tr')!;
    expect(overdueRow.className).toContain('row-overdue');
    expect(within(overdueRow).getByTestId('overdue').textContent).toBe('发货超时');
  });

  it('marks intercepted before overdue', () => {
    expect(rowClass({ status: 'intercepted', overdue: true })).toBe('row-intercepted');
    expect(rowClass({ status: 'received', overdue: true })).toBe('row-overdue');
    expect(rowClass({ status: 'shipped', overdue: false })).toBe('');
  });
});

describe('订单详情 (service centre)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const detail = (over: Partial<OrderRow> = {}) => ({
    code: 1000,
    data: {
      order: { ...row(over), buyer_phone_full: '13800138000', buyer_address: '广东省深圳市南山区', remark: '', merchant_id: '12', shipped_at: null, updated_at: now.toISOString(), next_statuses: [], platform_sync: { state: 'none', text: '无需同步', synced_at: null, error: '', waybill: '', attempts: 0 } },
      items: [],
      events: [],
      inspections: [],
      certificates: [],
      recordings: [{ id: '5', order_id: '1', order_no: 'JC202611210001', kind: 'unboxing', kind_text: '开箱录像', file_name: 'a.mp4', mime: 'video/mp4', size: 1, duration_seconds: 3, uploaded_by_name: '质检员', uploaded_at: now.toISOString(), url: '/merchant/v1/Testing/video?id=5&exp=1&sig=x' }],
      codes: [],
      server_time: now.toISOString(),
    },
  });

  it('shows the interception notice, the merchant and a playable recording', async () => {
    const fetch = stubApi({ [DETAIL]: detail({ status: 'intercepted', intercept_reason: '买家申请退款' }) });
    renderAt('/base/order/detail?id=1', [{ path: '/base/order/detail', element: <CentreOrderDetailPage /> }]);
    const alert = await screen.findByTestId('intercept-alert');
    expect(alert.textContent).toContain('买家申请退款');
    expect(alert.textContent).toContain('请联系商家取回货品');
    expect(screen.getByText('翠玉轩珠宝')).toBeTruthy();
    expect(screen.getByRole('button', { name: /开箱录像/ })).toBeTruthy();
    const u = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(u.searchParams.get('id')).toBe('1');
  });

  it("falls back to the lookup for an order of another centre (1004)", async () => {
    stubApi({ [DETAIL]: { code: 1004, msg: '订单不存在', data: null } });
    renderAt('/base/order/detail?id=99', [{ path: '/base/order/detail', element: <CentreOrderDetailPage /> }]);
    expect(await screen.findByTestId('lookup-missing')).toBeTruthy();
  });

  it('opens the only order a scanned waybill finds', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([row({ id: '42' })]), [DETAIL]: detail() });
    renderAt('/base/order/detail', [{ path: '/base/order/detail', element: <CentreOrderDetailPage /> }]);
    const input = await screen.findByLabelText('订单号或运单号');
    fireEvent.change(input, { target: { value: 'SF1234567890' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes(`${DETAIL}?id=42`))).toBe(true));
    expect(listCalls(fetch)[0]!.searchParams.get('waybill')).toBe('SF1234567890');
  });
});
