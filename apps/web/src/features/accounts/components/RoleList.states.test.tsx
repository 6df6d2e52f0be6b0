import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { RoleRow } from '@gemqc/contract';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import { RoleList } from './RoleList';

const LIST = '/warehouse/v1/Role/list';
const PERMISSIONS = '/warehouse/v1/Role/permissions';
const role: RoleRow = { id: '3', name: '入仓质检员', description: '扫码入仓', permissions: [], account_count: 1, created_at: '2026-11-21T06:00:00Z' };
const page = <T,>(list: T[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });
const permissions = { code: 1000, data: [] };

function renderList() {
  // the app's 30 s cache: 搜索 with an unchanged keyword must still ask the server
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <RoleList ns="warehouse" />
      </App>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);
const keyword = () => screen.getByPlaceholderText('角色名称') as HTMLInputElement;

describe('角色管理: failed load, nothing matches, 搜索 again', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its reason and 重试, not 暂无角色; 重试 lists the roles', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '角色服务繁忙' }, [PERMISSIONS]: permissions };
    const fetch = stubApi(answers);
    renderList();
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('角色服务繁忙');
    expect(screen.queryByText('暂无角色')).toBeNull();
    answers[LIST] = page([role]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('扫码入仓')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('a keyword without roles says nothing matches with 重置, which clears the keyword; none at all says 暂无角色', async () => {
    const fetch = stubApi({ [LIST]: page([]), [PERMISSIONS]: permissions });
    renderList();
    expect(await screen.findByText('暂无角色')).toBeTruthy();
    fireEvent.change(keyword(), { target: { value: '无此角色' } });
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的结果');
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBe('无此角色');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    expect(await screen.findByText('暂无角色')).toBeTruthy();
    expect(keyword().value).toBe('');
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBeNull();
  });

  it('搜索 with the keyword unchanged asks the server again', async () => {
    const fetch = stubApi({ [LIST]: page([role]), [PERMISSIONS]: permissions });
    renderList();
    await screen.findByText('扫码入仓');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
  });
});
