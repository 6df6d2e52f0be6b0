import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMerchantRow } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import MerchantListPage from './MerchantListPage';

const LIST = '/admin/v1/Merchant/list';
const STATUS = '/admin/v1/Merchant/status';

const row = (over: Partial<AdminMerchantRow> = {}): AdminMerchantRow => ({
  id: '1',
  name: '翠玉轩珠宝',
  contact: '王女士',
  mobile: '13800000001',
  status_id: 1,
  balance: 50000,
  credit_limit: 0,
  auth_status_id: 1,
  auth_status_text: '已通过',
  company_name: '翠玉轩珠宝有限公司',
  licence_no: '',
  contact_person: '',
  contact_mobile: '',
  return_address: '',
  return_method: '',
  intercept_policy: '',
  reject_reason: '',
  submitted_at: null,
  order_count: 200,
  created_at: new Date().toISOString(),
  ...over,
});
const answer = (list: AdminMerchantRow[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });
const listUrls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);

describe('商户列表 page', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the balance in ¥ from fen and the authorisation tag; URL filters become the query', async () => {
    const fetch = stubApi({ [LIST]: answer([row(), row({ id: '3', name: '新商户', balance: -1234, auth_status_id: -1 })]) });
    renderAt('/manage/order/list?keyword=%E7%BF%A0&auth_status_id=-1', [{ path: '/manage/order/list', element: <MerchantListPage /> }]);
    expect(await screen.findByText('¥500.00')).toBeTruthy();
    expect(screen.getByText('-¥12.34')).toBeTruthy();
    expect(within(screen.getByText('翠玉轩珠宝').closest('tr')!).getByText('已通过')).toBeTruthy();
    expect(within(screen.getByText('新商户').closest('tr')!).getByText('未提交')).toBeTruthy();
    expect(Object.fromEntries(listUrls(fetch)[0]!.searchParams)).toEqual({ page: '1', page_size: '20', keyword: '翠', auth_status_id: '-1' });
  });

  it('disables a merchant only after confirming', async () => {
    const fetch = stubApi({ [LIST]: answer([row()]), [STATUS]: { code: 1000, data: { id: '1', status_id: 0 } } });
    renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <MerchantListPage /> }]);
    const tr = (await screen.findByText('翠玉轩珠宝')).closest('tr')!;
    // by its text, not its role: a role query computes every element's styles (antd's CSS-in-JS in
    // jsdom), about a minute of CPU at load 10; the test waits for the popconfirm, not for that
    fireEvent.click(within(tr).getByText(/禁\s*用/).closest('button')!);
    expect(fetch.mock.calls.some(([u]) => String(u).includes(STATUS))).toBe(false);
    // the popconfirm's own 确定
    const popconfirm = (await screen.findByText(/确定禁用商户「翠玉轩珠宝」吗/)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popconfirm).getByText(/^确\s*定$/).closest('button')!);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes(STATUS))).toBe(true));
    const init = fetch.mock.calls.find(([u]) => String(u).includes(STATUS))![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ id: '1', status_id: 0 });
  });

  it('联系人 shows the testing authorisation contact and mobile, the registration ones only when none was submitted', async () => {
    stubApi({
      [LIST]: answer([
        row({ contact: '注册人', mobile: '13800000001', contact_person: '李经理', contact_mobile: '13912345678' }),
        row({ id: '3', name: '新商户', contact: '张三', mobile: '13800000003', auth_status_id: -1 }),
      ]),
    });
    renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <MerchantListPage /> }]);
    const authorised = (await screen.findByText('翠玉轩珠宝')).closest('tr')!;
    expect(within(authorised).getByText('李经理')).toBeTruthy();
    expect(within(authorised).getByText('13912345678')).toBeTruthy();
    expect(within(authorised).queryByText('注册人')).toBeNull();
    const fresh = screen.getByText('新商户').closest('tr')!;
    expect(within(fresh).getByText('张三')).toBeTruthy();
    expect(within(fresh).getByText('13800000003')).toBeTruthy();
  });
});
