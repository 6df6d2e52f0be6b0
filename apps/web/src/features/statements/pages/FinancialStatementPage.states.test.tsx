import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { chinaNow } from '../../../lib/chinaTime';
import type { UserInfo } from '@gemqc/contract';
import { useUserStore } from '../../../session/user';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import FinancialStatementPage from './FinancialStatementPage';

vi.mock('../../reports', () => ({ EChart: ({ testId }: { testId?: string }) => <div data-testid={testId} /> }));
const LIST = '/warehouse/v1/Finance/statementList';
const month = chinaNow().format('YYYY-MM');
const none = {
  code: 1000,
  data: {
    list: [], total: 0, page: 1, page_size: 20, period: { month, start_date: `${month}-01`, end_date: `${month}-28` },
    summary: { merchant_count: 0, entry_count: 0, item_count: 0, net_amount: 0, totals: [], confirmed_count: 0 }, days: [],
  },
};
const owner: UserInfo = { id: '1', user_type: 'qualityInspection', name: '质检', mobile: '13900000001', avatar: '', introduction: '', status_id: 1, is_owner: true, role_id: null, permissions: [], org_id: '1', last_login_at: null };

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <FinancialStatementPage />
      </App>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === `/api${LIST}`);

describe('财务账单: failed load and 查询 again', () => {
  beforeEach(() => {
    installDomShims();
    useUserStore.setState({ userInfo: owner, user_type: 'qualityInspection' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('code 1500 shows its message and 重试, not 该账期没有费用记录; 重试 loads the period', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '账单服务繁忙' }, '/warehouse/v1/Finance/statementMerchants': { code: 1000, data: [] } };
    stubApi(answers);
    renderPage();
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('账单服务繁忙');
    expect(screen.queryByText('该账期没有费用记录')).toBeNull();
    answers[LIST] = none;
    fireEvent.click(screen.getByText(/^重\s?试$/).closest('button')!);
    expect(await screen.findByText('该账期没有费用记录')).toBeInTheDocument();
  });

  it('查询 with the same month asks the server again', async () => {
    const fetch = stubApi({ [LIST]: none, '/warehouse/v1/Finance/statementMerchants': { code: 1000, data: [] } });
    renderPage();
    await screen.findByText('该账期没有费用记录');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByText(/^查\s?询$/).closest('button')!);
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
  });
});
