import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { installDomShims, stubApi } from '../../../test/utils';
import MerchantListPage from './MerchantListPage';

const LIST = '/admin/v1/Merchant/list';
const merchant = (id: string, name: string, balance: number) => ({
  id, name, contact: '', mobile: '13800000001', status_id: 1, balance, credit_limit: 0, auth_status_id: 1, auth_status_text: '已通过',
  company_name: '', licence_no: '', contact_person: '', contact_mobile: '', return_address: '', return_method: '', intercept_policy: '',
  reject_reason: '', submitted_at: null, order_count: 0, created_at: '2026-01-02T03:04:05.000Z',
});
const page = { code: 1000, data: { list: [merchant('1', '翠玉轩珠宝', 50000), merchant('2', '金福珠宝', 0)], total: 2, page: 1, page_size: 20 } };

describe('商户列表: columns sorted by the server', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a click on 余额 asks the server for the list by balance (descending first, then ascending), from page 1, filters kept', async () => {
    const fetch = stubApi({ [LIST]: page });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/manage/order/list?keyword=珠宝&page=2']}>
          <Routes>
            <Route path="/manage/order/list" element={<MerchantListPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('翠玉轩珠宝')).toBeInTheDocument();
    // the header found by its title's text: a columnheader role query names every header over antd's styles (slow in jsdom)
    const balanceHeader = () => screen.getByText('余额', { selector: 'th *' }).closest('th')!;
    const asked = () => fetch.mock.calls.map(([u]) => Object.fromEntries(new URL(String(u), 'http://localhost').searchParams));
    fireEvent.click(balanceHeader());
    await waitFor(() => expect(asked().at(-1)).toEqual({ keyword: '珠宝', page: '1', page_size: '20', sort_by: 'balance', sort_order: 'desc' }));
    expect(balanceHeader()).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(balanceHeader());
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort_by: 'balance', sort_order: 'asc' }));
    // the columns the contract sorts by have sorters, the others none
    const sorters = [...document.querySelectorAll('th.ant-table-column-has-sorters')].map((th) => th.textContent);
    expect(sorters).toEqual(['余额', '检测授权', '账号状态', '注册时间']);
  });
});
