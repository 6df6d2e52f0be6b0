import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { installDomShims, stubApi } from '../test/utils';
import DoudianAuthRoute from './DoudianAuthRoute';

// The success toast is static (it must outlive this page's antd root, which unmounts on the way home).
const staticToast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../lib/ui', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../lib/ui')>();
  return { ...orig, uiStatic: () => ({ message: staticToast, confirm: vi.fn() }) };
});

const CALLBACK = '/merchant/v1/Shop/authCallback';

const session = {
  token: 'tok-123',
  userInfo: {
    id: '1', user_type: 'trader', name: '翠玉轩珠宝', mobile: '13800000001', avatar: '', introduction: '', status_id: 1, is_owner: true,
    role_id: null, permissions: [], org_id: '1', last_login_at: null,
  },
  userInfoDetail: { total_balance: 50000, merchant_name: '翠玉轩珠宝' },
  centerInfo: null,
  center_shop_list: [{ shop_id: '4463798', shop_name: '翠玉轩珠宝官方旗舰店', status: 'active' }],
};

function open(path: string) {
  const qc = new QueryClient();
  return render(
    <StrictMode>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/trader/doudian-auth" element={<DoudianAuthRoute />} />
            <Route path="/doudian-auth" element={<DoudianAuthRoute />} />
            <Route path="/trader/order/list" element={<div>MERCHANT-HOME</div>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const calls = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([u]) => String(u).includes(CALLBACK));

describe('shop authorisation return page (spec §4 "After shop authorisation")', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('posts code and state once, then signs in as trader (token, user type, role) and goes home', async () => {
    const fetch = stubApi({ [CALLBACK]: { code: 1000, data: session } });
    open('/trader/doudian-auth?code=abc&state=st-1');
    expect(await screen.findByText('MERCHANT-HOME')).toBeTruthy();
    expect(calls(fetch)).toHaveLength(1);
    const init = calls(fetch)[0]?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'abc', state: 'st-1' });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(localStorage.getItem('user_type')).toBe('trader');
    expect(localStorage.getItem('role')).toBe('trader');
    expect(staticToast.success).toHaveBeenCalledWith('店铺授权成功');
  });

  it('works on /doudian-auth too', async () => {
    stubApi({ [CALLBACK]: { code: 1000, data: { ...session, token: 'tok-456' } } });
    open('/doudian-auth?code=def&state=st-2');
    expect(await screen.findByText('MERCHANT-HOME')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok-456');
  });

  it('shows the server’s reason and a way to authorise again when the exchange fails', async () => {
    stubApi({ [CALLBACK]: { code: 1001, msg: '店铺授权链接无效，请回到 GemQC 重新发起店铺授权' } });
    open('/trader/doudian-auth?code=old&state=used');
    expect(await screen.findByText('店铺授权链接无效，请回到 GemQC 重新发起店铺授权')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新授权' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not call the server when code or state is missing', async () => {
    const fetch = stubApi({});
    open('/trader/doudian-auth?state=only');
    expect(await screen.findByText('授权链接缺少 code 或 state 参数')).toBeTruthy();
    await waitFor(() => expect(calls(fetch)).toHaveLength(0));
  });
});
