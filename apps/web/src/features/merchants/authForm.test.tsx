import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../test/utils';
import CheckInfoPage from './pages/CheckInfoPage';

const AUTH = '/merchant/v1/Testing/authInfo';
const none = {
  code: 1000,
  data: { status_id: -1, status_text: '未提交', reason: '', company_name: '', licence_no: '', contact_person: '', contact_mobile: '', return_address: '', return_method: '', intercept_policy: '', submitted_at: null, reviewed_at: null },
};

function open() {
  return renderAt('/trader/order/checkInfo', [{ path: '/trader/order/checkInfo', element: <CheckInfoPage /> }]);
}

describe('checkInfo: testing authorisation form', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses to submit an empty form and says what is missing, without calling authAdd', async () => {
    const fetch = stubApi({ [AUTH]: none });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入公司名称')).toBeTruthy();
    expect(screen.getByText('请输入正确的11位手机号')).toBeTruthy();
    expect(screen.getByText('验证码为6位数字')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('authAdd'))).toBe(false);
  });

  it('does not send an SMS code to an invalid mobile', async () => {
    const fetch = stubApi({ [AUTH]: none });
    open();
    const mobile = await screen.findByLabelText('联系人手机');
    fireEvent.change(mobile, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/Sms/send'))).toBe(false);
  });

  it('sends the code with user_type testing_auth and starts the 60 s resend countdown', async () => {
    const fetch = stubApi({ [AUTH]: none, '/publics/v1/Sms/send': { code: 1000, data: { resend_after: 60 } } });
    open();
    fireEvent.change(await screen.findByLabelText('联系人手机'), { target: { value: ' 13800000003 ' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /60 秒后重发/ })).toBeTruthy());
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/Sms/send'));
    expect(call).toBeTruthy();
    const init = call?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({ mobile: '13800000003', user_type: 'testing_auth' });
  });

  it('shows the review status and the reject reason', async () => {
    stubApi({ [AUTH]: { code: 1000, data: { ...none.data, status_id: 2, status_text: '已驳回', reason: '营业执照不清晰', company_name: '翠玉轩' } } });
    open();
    expect(await screen.findByText('已驳回')).toBeTruthy();
    expect(screen.getByText(/营业执照不清晰/)).toBeTruthy();
  });
});
