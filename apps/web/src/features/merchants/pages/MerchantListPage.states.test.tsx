import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { installDomShims, stubApi, type Answer } from '../../../test/utils';
import MerchantListPage from './MerchantListPage';

const LIST = '/admin/v1/Merchant/list';
const none = { code: 1000, data: { list: [], total: 0, page: 1, page_size: 20 } };

function renderPage(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/manage/order/list" element={<MerchantListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('商户列表 (manager): failed load and nothing matching', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a list answer of code 1500 shows its message and 重试, not 没有符合条件的商户', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '商户服务不可用' } };
    stubApi(answers);
    renderPage('/manage/order/list');
    expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('商户服务不可用');
    expect(screen.queryByText('没有符合条件的商户')).toBeNull();
    answers[LIST] = none;
    fireEvent.click(screen.getByText(/^重\s?试$/).closest('button')!);
    expect(await screen.findByText('还没有商户')).toBeInTheDocument();
  });

  it('with a filter an empty answer says no merchant matches and 重置 clears it; without one it says there are none yet', async () => {
    stubApi({ [LIST]: none });
    renderPage('/manage/order/list?keyword=NOPE');
    const noMatch = await screen.findByTestId('list-no-match');
    expect(noMatch).toHaveTextContent('没有符合条件的商户');
    fireEvent.click(noMatch.querySelector('button')!);
    expect(await screen.findByText('还没有商户')).toBeInTheDocument();
    expect(screen.queryByTestId('list-no-match')).toBeNull();
  });
});
