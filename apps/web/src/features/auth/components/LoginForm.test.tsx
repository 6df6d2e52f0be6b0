import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, act, renderHook } from '@testing-library/react';
import { useCountdown } from '../../../lib/useCountdown';
import userEvent from '@testing-library/user-event';
import TraderLoginPage from '../pages/TraderLoginPage';
import ManageLoginPage from '../pages/ManageLoginPage';
import QualityInspectionLoginPage from '../pages/QualityInspectionLoginPage';
import { useUserStore } from '../../../session/user';
import { renderLoginAt } from '../loginTestKit';
import { setUi } from '../../../lib/ui';

const sessionBody = {
  code: 1000,
  msg: 'success',
  data: {
    token: 'tok',
    userInfo: {
      id: '1', user_type: 'trader', name: '翠玉轩', mobile: '13800000001', avatar: '', introduction: '', status_id: 1,
      is_owner: true, role_id: null, permissions: [], org_id: '1', last_login_at: null,
    },
    userInfoDetail: { total_balance: 50000, merchant_name: '翠玉轩珠宝' },
    centerInfo: null,
    center_shop_list: [],
  },
};

const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
beforeEach(() => {
  localStorage.clear();
  useUserStore.getState().clear();
  setUi({ message, confirm: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUi(null);
});

describe('login pages', () => {
  it('show the portal title and the zod messages for empty fields', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLoginAt('/trader/login', <TraderLoginPage />);
    expect(screen.getByRole('heading', { name: '商家端登录' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('手机号'), '123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('trader: Enter submits type 1 with the trimmed mobile, stores the session and honours redirect', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      new Response(JSON.stringify(url.includes('options') ? { code: 1000, data: { centers: [], gem_categories: [], order_statuses: [] } } : sessionBody)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLoginAt('/trader/login?redirect=/trader/order/record%3Fa%3D1', <TraderLoginPage />);
    await userEvent.type(screen.getByLabelText('手机号'), ' 13800000001 ');
    await userEvent.type(screen.getByLabelText('密码'), 'Demo@123456{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/record?a=1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/merchant/v1/User/login');
    expect(JSON.parse(init.body as string)).toEqual({ type: 1, mobile: '13800000001', password: 'Demo@123456' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('user_type')).toBe('trader');
    expect(localStorage.getItem('role')).toBe('trader');
    expect(useUserStore.getState()).toMatchObject({ roles: ['admin'], balance: 50000, name: '翠玉轩' });
    await waitFor(() => expect(localStorage.getItem('selectOptions')).not.toBeNull());
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/merchant/v1/Common/options');
  });

  it('trader SMS tab sends type 2 with verify_code', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(sessionBody)));
    vi.stubGlobal('fetch', fetchMock);
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await userEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    await userEvent.type(screen.getByLabelText('手机号'), '13800000001');
    await userEvent.type(screen.getByLabelText('验证码'), '123456{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/list'));
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      type: 2, mobile: '13800000001', verify_code: '123456',
    });
  });

  it('manager: SMS send with only the mobile, then a 60 s resend countdown', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 1000, data: { resend_after: 60 } })));
    vi.stubGlobal('fetch', fetchMock);
    renderLoginAt('/manage/login', <ManageLoginPage />);
    expect(screen.getByRole('heading', { name: '管理端登录' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('手机号'), ' 13600000001');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^(60|59) 秒后重发$/ })).toBeDisabled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/publics/v1/Sms/send');
    expect(JSON.parse(init.body as string)).toEqual({ mobile: '13600000001' });
    expect(message.success).toHaveBeenCalledWith('验证码已发送', 3);
  });

  it('warehouse: password only, no SMS tab', () => {
    renderLoginAt('/qualityInspection/login', <QualityInspectionLoginPage />);
    expect(screen.getByRole('heading', { name: '质检端登录' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
  });
});

describe('SMS resend countdown', () => {
  it('counts 60 → 0 once a second', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    expect(result.current.left).toBe(60);
    for (let i = 0; i < 59; i++) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(result.current.left).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBe(0);
  });
});
