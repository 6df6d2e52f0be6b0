import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import dayjs from 'dayjs';
import { chinaNow } from '../../../lib/chinaTime';
import type { StatementDetailData, StatementListData, StatementRow, UserInfo } from '@gemqc/contract';
import { useUserStore } from '../../../session/user';
import FinancialStatementPage, { toStatementFilters } from './FinancialStatementPage';

// the chart is drawn by ECharts on a canvas jsdom lacks: record the option it would draw
vi.mock('../../reports', () => ({
  EChart: ({ option, testId }: { option: { series: { name: string; data: number[] }[] }; testId?: string }) => (
    <div data-testid={testId}>{option.series.map((s) => `${s.name}:${s.data.reduce((a, b) => a + b, 0)}`).join('|')}</div>
  ),
}));

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const totals = (ins: number, cert: number, rev: number) => [
  { type: 'INSPECTION', type_text: '检测费', count: ins ? 2 : 0, amount: ins },
  { type: 'CERTIFICATE', type_text: '证书费', count: cert ? 1 : 0, amount: cert },
  { type: 'REVERSAL', type_text: '冲正', count: rev ? 1 : 0, amount: rev },
  { type: 'ADJUSTMENT', type_text: '调整', count: 0, amount: 0 },
];
const month = chinaNow().format('YYYY-MM');
const draft: StatementRow = { merchant_id: '11', merchant_name: '翠玉轩珠宝', status: 'draft', status_text: '待确认', totals: totals(6000, 1000, -3000), entry_count: 4, item_count: 2, net_amount: 4000, confirmed: null, difference: null };
const confirmed: StatementRow = {
  merchant_id: '12',
  merchant_name: '金福珠宝',
  status: 'confirmed',
  status_text: '已确认',
  totals: totals(2500, 0, -500),
  entry_count: 3,
  item_count: 1,
  net_amount: 2000,
  confirmed: { entry_count: 2, item_count: 1, net_amount: 2500, totals: totals(2500, 0, 0), confirmed_at: '2026-11-20T02:00:00Z', confirmed_by_name: '番禺质检' },
  difference: -500,
};
const list: StatementListData = {
  list: [draft, confirmed],
  total: 2,
  page: 1,
  page_size: 20,
  period: { month, start_date: `${month}-01`, end_date: `${month}-28` },
  summary: { merchant_count: 2, entry_count: 7, item_count: 3, net_amount: 6000, totals: totals(8500, 1000, -3500), confirmed_count: 1 },
  days: [
    { date: `${month}-01`, inspection: 6000, certificate: 1000, reversal: -3000, adjustment: 0, net: 4000 },
    { date: `${month}-02`, inspection: 2500, certificate: 0, reversal: -500, adjustment: 0, net: 2000 },
  ],
};
const detail: StatementDetailData = {
  list: [
    { id: '1', type: 'INSPECTION', type_text: '检测费', amount: -3000, balance_after: 47000, order_id: '5', order_no: 'JC202611010001', item_id: '9', item_name: '翡翠手镯', centre_name: '广州番禺检测中心', operator_name: '番禺质检', note: '', created_at: '2026-11-01T02:00:00Z' },
  ],
  total: 1,
  page: 1,
  page_size: 20,
  period: list.period,
  statement: draft,
};

let calls: { url: string; method: string; body: unknown }[] = [];

function user(permissions: string[], isOwner = false): UserInfo {
  return { id: '1', user_type: 'qualityInspection', name: '质检', mobile: '13900000001', avatar: '', introduction: '', status_id: 1, is_owner: isOwner, role_id: null, permissions, org_id: '1', last_login_at: null };
}

beforeEach(() => {
  useUserStore.setState({ userInfo: user([], true), user_type: 'qualityInspection' });
  calls = [];
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const data = url.includes('statementList')
        ? list
        : url.includes('statementMerchants')
          ? [{ value: '11', label: '翠玉轩珠宝' }]
          : url.includes('statementDetail')
            ? detail
            : url.includes('statementConfirm')
              ? { ...draft, status: 'confirmed' }
              : null;
      return new Response(JSON.stringify({ code: 1000, msg: 'success', data }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <FinancialStatementPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('financial statement page', () => {
  it('asks for the current month and shows each merchant’s fees in yuan, the summary row, the statuses with a difference, and the chart', async () => {
    renderPage();
    expect(await screen.findByText('翠玉轩珠宝')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('statementList'))!.url).toContain(`month=${month}`);
    const row = screen.getByText('翠玉轩珠宝').closest('tr')!;
    expect(within(row).getByText('¥60.00')).toBeInTheDocument();
    expect(within(row).getByText('-¥30.00')).toBeInTheDocument();
    expect(within(row).getByText('¥40.00')).toBeInTheDocument();
    expect(screen.getByTestId('stmt-status-11')).toHaveTextContent('待确认');
    expect(screen.getByTestId('stmt-status-12')).toHaveTextContent('已确认');
    expect(screen.getByTestId('stmt-diff-12')).toHaveTextContent('差额 -¥5.00');
    expect(screen.queryByTestId('stmt-diff-11')).toBeNull();
    expect(screen.getByTestId('stmt-summary-net')).toHaveTextContent('¥60.00');
    expect(screen.getByTestId('stmt-chart')).toHaveTextContent('检测费:85|证书费:10|冲正:-35|应收合计:60');
    expect(screen.queryByTestId('stmt-confirm-12')).toBeNull(); // already confirmed
  });

  it('confirms a draft after the question, sending the merchant and the month', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('stmt-confirm-11'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm')).not.toBeNull());
    expect(screen.getByText(`确认「翠玉轩珠宝」${month} 的账单？`)).toBeInTheDocument();
    const ok = within(document.querySelector<HTMLElement>('.ant-popconfirm')!).getByRole('button', { name: '确认账单' });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/warehouse/v1/Finance/statementConfirm', body: { merchant_id: '11', month } });
    expect(await screen.findByText('账单已确认')).toBeInTheDocument();
  });

  it('opens one merchant’s entries with the amount the merchant owes', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('stmt-detail-11'));
    const drawer = await screen.findByTestId('statement-drawer');
    expect(await within(drawer).findByText('JC202611010001')).toBeInTheDocument();
    const url = calls.find((c) => c.url.includes('statementDetail'))!.url;
    expect(url).toContain('merchant_id=11');
    expect(url).toContain(`month=${month}`);
    expect(within(drawer).getAllByText('¥30.00').length).toBeGreaterThan(0);
  });

  it('shows no confirm or export without warehouse.finance.confirm, and a 403 page without the view permission', async () => {
    useUserStore.setState({ userInfo: user(['warehouse.finance.view']) });
    const view = renderPage();
    expect(await screen.findByText('翠玉轩珠宝')).toBeInTheDocument();
    expect(screen.queryByTestId('stmt-confirm-11')).toBeNull();
    expect(screen.queryByRole('button', { name: '导出Excel' })).toBeNull();
    view.unmount();
    useUserStore.setState({ userInfo: user([]) });
    renderPage();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('statementList'))).toHaveLength(1);
  });

  it('turns the form into a month query (with status) or a full date range (without status)', () => {
    const today = dayjs('2026-11-22');
    expect(toStatementFilters({ mode: 'month' }, today)).toEqual({ month: '2026-11' });
    expect(toStatementFilters({ mode: 'month', month: dayjs('2026-10-05'), status: 'confirmed', merchant_id: '3' }, today)).toEqual({ month: '2026-10', status: 'confirmed', merchant_id: '3' });
    expect(toStatementFilters({ mode: 'range', dates: [dayjs('2026-10-30'), dayjs('2026-11-02')], status: 'draft' }, today)).toEqual({ start_date: '2026-10-30', end_date: '2026-11-02' });
  });
});
