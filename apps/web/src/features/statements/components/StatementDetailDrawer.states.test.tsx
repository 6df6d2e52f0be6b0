import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { LedgerRow, StatementRow } from '@gemqc/contract';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import { StatementDetailDrawer } from './StatementDetailDrawer';

const DETAIL = '/warehouse/v1/Finance/statementDetail';
const statement: StatementRow = {
  merchant_id: '12', merchant_name: '翠玉轩珠宝', status: 'draft', status_text: '待确认', totals: [], entry_count: 1, item_count: 1, net_amount: 1500,
  confirmed: null, difference: null,
};
const entry: LedgerRow = {
  id: '31', type: 'INSPECTION', type_text: '检测费', amount: -1500, balance_after: 0, order_id: '11', order_no: 'JC202611210011', item_id: '1',
  item_name: '冰种翡翠手镯', centre_name: '广州番禺检测中心', operator_name: '质检', note: '', created_at: '2026-11-21T06:00:00Z',
};
const detail = (list: LedgerRow[]) => ({
  code: 1000,
  data: { list, total: list.length, page: 1, page_size: 20, period: { month: '2026-11', start_date: '2026-11-01', end_date: '2026-11-30' }, statement },
});

function renderDrawer() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <StatementDetailDrawer merchant={{ id: '12', name: '翠玉轩珠宝' }} period={{ month: '2026-11' }} periodLabel="2026-11" canExport={false} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

const detailCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${DETAIL}`);

describe('账单明细 drawer: failed load and a type without entries', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a detail answer of code 1500 shows its reason and 重试, not 该账期没有费用记录; 重试 lists the entries', async () => {
    const answers: Record<string, Answer> = { [DETAIL]: { code: 1500, msg: '账单服务繁忙' } };
    const fetch = stubApi(answers);
    renderDrawer();
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('账单服务繁忙');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('该账期没有费用记录')).toBeNull();
    answers[DETAIL] = detail([entry]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('JC202611210011')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(detailCalls(fetch)).toHaveLength(2);
  });

  it('a type without entries says nothing matches with 重置 (all types again); no entries at all says 该账期没有费用记录', async () => {
    const fetch = stubApi({ [DETAIL]: detail([]) });
    renderDrawer();
    expect(await screen.findByText('该账期没有费用记录')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('statement-drawer')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('冲正'));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的结果');
    expect(detailCalls(fetch).at(-1)!.searchParams.get('type')).toBe('REVERSAL');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    expect(await screen.findByText('该账期没有费用记录')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('list-no-match')).toBeNull());
    // all types again (answered from the cache of the first load): the select shows its placeholder
    expect(detailCalls(fetch).map((u) => u.searchParams.get('type'))).toEqual([null, 'REVERSAL']);
    expect(within(screen.getByTestId('statement-drawer')).getByText('全部类型')).toBeTruthy();
  });
});
