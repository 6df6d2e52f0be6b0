import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { AdminMerchantRow } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { TopUpModal } from './TopUpModal';
import { ReviewDrawer } from './ReviewDrawer';

const TOPUP = '/admin/v1/Merchant/topUp';
const REVIEW = '/admin/v1/Merchant/review';

const merchant = (over: Partial<AdminMerchantRow> = {}): AdminMerchantRow => ({
  id: '2',
  name: '金福珠宝',
  contact: '李先生',
  mobile: '13800000002',
  status_id: 1,
  balance: 50000,
  credit_limit: 0,
  auth_status_id: 0,
  auth_status_text: '审核中',
  company_name: '金福珠宝有限公司',
  licence_no: '91440101MA5CXXXX1X',
  contact_person: '李先生',
  contact_mobile: '13800000002',
  return_address: '广东省深圳市罗湖区水贝二路',
  return_method: 'post',
  intercept_policy: 'after_sales_first',
  reject_reason: '',
  submitted_at: new Date().toISOString(),
  order_count: 3,
  created_at: new Date().toISOString(),
  ...over,
});

/** Opens the dialog with a button, as the list page does (closing unmounts it). */
function TopUpHarness({ m }: { m: AdminMerchantRow }) {
  const [open, setOpen] = useState<AdminMerchantRow | null>(null);
  return (
    <>
      <button onClick={() => setOpen(m)}>open-topup</button>
      <TopUpModal merchant={open} onClose={() => setOpen(null)} />
    </>
  );
}

const bodies = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([u]) => String(u).includes(path)).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

async function typeAmount(v: string) {
  fireEvent.change(await screen.findByLabelText('充值金额（元）'), { target: { value: v } });
}
const okButton = () => screen.getByRole('button', { name: '确认充值' });

describe('充值 dialog', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the typed yuan as integer fen with the note', async () => {
    const fetch = stubApi({ [TOPUP]: { code: 1000, data: { entry_id: '9', balance: 51999, duplicate: false } } });
    renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <TopUpHarness m={merchant()} /> }]);
    fireEvent.click(screen.getByText('open-topup'));
    await typeAmount('19.99');
    expect((await screen.findByTestId('topup-capitals')).textContent).toBe('大写：壹拾玖元玖角玖分');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: ' 对公转账 ' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(bodies(fetch, TOPUP)).toHaveLength(1));
    const b = bodies(fetch, TOPUP)[0]!;
    expect(b).toMatchObject({ id: '2', amount: 1999, note: '对公转账' });
    expect(String(b.idempotency_key)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('refuses a bad amount without calling the server', async () => {
    const fetch = stubApi({});
    renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <TopUpHarness m={merchant()} /> }]);
    fireEvent.click(screen.getByText('open-topup'));
    await typeAmount('12.345');
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入大于0的金额，最多两位小数')).toBeTruthy();
    await typeAmount('1000000.01');
    fireEvent.click(okButton());
    expect(await screen.findByText('单次充值不能超过100万元')).toBeTruthy();
    expect(bodies(fetch, TOPUP)).toHaveLength(0);
  });

  it('reuses the key of the open dialog for a double click and a retry, and takes a new one when opened again', async () => {
    let n = 0;
    const fetch = stubApi({});
    // first answer fails (as a timeout would), the others succeed
    fetch.mockImplementation(async () => {
      n += 1;
      const env = n === 1 ? { code: 1500, msg: '服务器繁忙', data: null } : { code: 1000, msg: 'success', data: { entry_id: '9', balance: 60000, duplicate: n > 2 } };
      return new Response(JSON.stringify(env), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <TopUpHarness m={merchant()} /> }]);
    fireEvent.click(screen.getByText('open-topup'));
    await typeAmount('100');
    fireEvent.click(okButton());
    fireEvent.click(okButton());
    await waitFor(() => expect(bodies(fetch, TOPUP).length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(okButton()).not.toHaveClass('ant-btn-loading'));
    // retry after the failure
    fireEvent.click(okButton());
    await waitFor(() => expect(screen.queryByLabelText('充值金额（元）')).toBeNull());
    const first = bodies(fetch, TOPUP);
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map((b) => b.idempotency_key)).size).toBe(1);
    expect(first.every((b) => b.amount === 10000)).toBe(true);

    // a new dialog books a new top-up
    fireEvent.click(screen.getByText('open-topup'));
    await typeAmount('100');
    fireEvent.click(okButton());
    await waitFor(() => expect(bodies(fetch, TOPUP).length).toBe(first.length + 1));
    expect(bodies(fetch, TOPUP).at(-1)!.idempotency_key).not.toBe(first[0]!.idempotency_key);
  });
});

describe('检测信息审核 drawer', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const open = (m: AdminMerchantRow) => renderAt('/manage/order/list', [{ path: '/manage/order/list', element: <ReviewDrawer merchant={m} onClose={() => undefined} /> }]);

  it('shows the submitted fields', async () => {
    stubApi({});
    open(merchant());
    expect(await screen.findByText('金福珠宝有限公司')).toBeTruthy();
    expect(screen.getByText('91440101MA5CXXXX1X')).toBeTruthy();
    expect(screen.getByText('广东省深圳市罗湖区水贝二路')).toBeTruthy();
    expect(screen.getByText('快递寄回')).toBeTruthy();
    expect(screen.getByText('售后优先（买家退款时拦截）')).toBeTruthy();
  });

  it('requires a reason to reject and sends it trimmed', async () => {
    const fetch = stubApi({ [REVIEW]: { code: 1000, data: { id: '2', auth_status_id: 2, auth_status_text: '已驳回' } } });
    open(merchant());
    fireEvent.click(await screen.findByText('驳回'));
    const submit = await screen.findByRole('button', { name: /驳\s*回/ });
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '   ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('驳回时请填写原因')).toBeTruthy();
    expect(bodies(fetch, REVIEW)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: ' 营业执照不清晰 ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(bodies(fetch, REVIEW)).toHaveLength(1));
    expect(bodies(fetch, REVIEW)[0]).toEqual({ id: '2', status_id: 2, reason: '营业执照不清晰' });
  });

  it('approves without a reason', async () => {
    const fetch = stubApi({ [REVIEW]: { code: 1000, data: { id: '2', auth_status_id: 1, auth_status_text: '已通过' } } });
    open(merchant());
    fireEvent.click(await screen.findByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(bodies(fetch, REVIEW)).toHaveLength(1));
    expect(bodies(fetch, REVIEW)[0]).toEqual({ id: '2', status_id: 1 });
  });

  it('offers no decision once reviewed', async () => {
    stubApi({});
    open(merchant({ auth_status_id: 2, reject_reason: '资料不全' }));
    expect(await screen.findByText('资料不全')).toBeTruthy();
    expect(screen.queryByTestId('review-form')).toBeNull();
  });
});
