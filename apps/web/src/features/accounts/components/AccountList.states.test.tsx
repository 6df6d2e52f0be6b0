import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { SubAccount } from '@gemqc/contract';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import { AccountList } from './AccountList';

const LIST = '/warehouse/v1/Account/list';
const ROLES = '/warehouse/v1/Role/list';
const account: SubAccount = {
  id: '9', mobile: '13900000031', name: '质检员小王', role_id: '3', role_name: '入仓质检员', status: 1, last_login_at: null, created_at: '2026-11-21T06:00:00Z', can_delete: true,
};
const page = <T,>(list: T[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });
const roles = page([{ id: '3', name: '入仓质检员', description: '', permissions: [], account_count: 1, created_at: '2026-11-21T06:00:00Z' }]);

function renderList() {
  // the app's 30 s cache: 搜索 with unchanged filters must still ask the server
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <AccountList ns="warehouse" />
      </App>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);

describe('子账号管理: failed load, nothing matches, 搜索 again', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its reason and 重试, not 暂无子账号; 重试 lists the accounts', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '账号服务繁忙' }, [ROLES]: roles };
    const fetch = stubApi(answers);
    renderList();
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('账号服务繁忙');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('暂无子账号')).toBeNull();
    answers[LIST] = page([account]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('质检员小王')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('a keyword without accounts says nothing matches with 重置, which clears the keyword; none at all says 暂无子账号', async () => {
    const fetch = stubApi({ [LIST]: page([]), [ROLES]: roles });
    renderList();
    expect(await screen.findByText('暂无子账号')).toBeTruthy();
    fireEvent.change(screen.getByTestId('account-keyword'), { target: { value: '无此人' } });
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的结果');
    expect(screen.queryByText('暂无子账号')).toBeNull();
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBe('无此人');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    expect(await screen.findByText('暂无子账号')).toBeTruthy();
    expect((screen.getByTestId('account-keyword') as HTMLInputElement).value).toBe('');
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBeNull();
  });

  it('搜索 with the filters unchanged asks the server again', async () => {
    const fetch = stubApi({ [LIST]: page([account]), [ROLES]: roles });
    renderList();
    await screen.findByText('质检员小王');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
  });
});
