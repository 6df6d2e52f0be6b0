import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { FeeOverrideRow } from '@gemqc/contract';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import { OverrideTable } from './OverrideTable';

const LIST = '/warehouse/v1/Fee/overrideList';
const row: FeeOverrideRow = {
  id: '4', merchant_id: '12', merchant_name: '翠玉轩珠宝', category_id: '1', category_name: '翡翠', inspection_fee: 1500, certificate_fee: 500,
  base_inspection_fee: 2000, base_certificate_fee: 800, updated_by_name: '质检', updated_at: '2026-11-21T06:00:00Z',
};
const page = (list: FeeOverrideRow[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });

function renderTable() {
  // the app's 30 s cache: 搜索 with an unchanged keyword must still ask the server
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <OverrideTable ns="warehouse" categories={[]} canEdit />
      </App>
    </QueryClientProvider>,
  );
}

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);
const keyword = () => screen.getByPlaceholderText('商家名称') as HTMLInputElement;

describe('商家专属收费: failed load, nothing matches, 搜索 again', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its reason and 重试, not 暂无商家专属收费; 重试 lists the prices', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '收费服务繁忙' } };
    const fetch = stubApi(answers);
    renderTable();
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('收费服务繁忙');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('暂无商家专属收费')).toBeNull();
    answers[LIST] = page([row]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('翠玉轩珠宝')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('a merchant name without prices says nothing matches with 重置, which clears the name; none at all says 暂无商家专属收费', async () => {
    const fetch = stubApi({ [LIST]: page([]) });
    renderTable();
    expect(await screen.findByText('暂无商家专属收费')).toBeTruthy();
    fireEvent.change(keyword(), { target: { value: '无此商家' } });
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的结果');
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBe('无此商家');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    expect(await screen.findByText('暂无商家专属收费')).toBeTruthy();
    expect(keyword().value).toBe('');
    expect(listCalls(fetch).at(-1)!.searchParams.get('keyword')).toBeNull();
  });

  it('搜索 with the name unchanged asks the server again', async () => {
    const fetch = stubApi({ [LIST]: page([row]) });
    renderTable();
    await screen.findByText('翠玉轩珠宝');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
  });
});
