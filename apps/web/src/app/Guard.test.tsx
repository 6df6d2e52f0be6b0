import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NavigationGuard } from './Guard';
import { signIn } from './session';
import { SignInContext } from '../session/signIn';
import { useUserStore } from '../session/user';
import { usePermissionStore } from './stores/permission';
import TraderLoginPage from '../features/auth/pages/TraderLoginPage';
import { setUi } from '../lib/ui';

const session = {
  token: 'tok',
  userInfo: {
    id: '1', user_type: 'trader', name: '翠玉轩', mobile: '13800000001', avatar: '', introduction: '', status_id: 1,
    is_owner: true, role_id: null, permissions: [], org_id: '1', last_login_at: null,
  },
  userInfoDetail: { total_balance: 50000, merchant_name: '翠玉轩珠宝' },
  centerInfo: null,
  center_shop_list: [],
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

/** The real guard and the app's sign-in around a login route and a catch-all that shows where the app is. */
function renderApp(path: string) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SignInContext.Provider value={signIn}>
        <MemoryRouter initialEntries={[path]}>
          <NavigationGuard>
            <Routes>
              <Route path="/trader/login" element={<TraderLoginPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </NavigationGuard>
        </MemoryRouter>
      </SignInContext.Provider>
    </QueryClientProvider>,
  );
}

const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
beforeEach(() => {
  localStorage.clear();
  useUserStore.getState().clear();
  usePermissionStore.getState().reset();
  setUi({ message, confirm: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      new Response(JSON.stringify(url.includes('options') ? { code: 1000, data: { centers: [], gem_categories: [], order_statuses: [] } } : { code: 1000, msg: 'success', data: session })),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUi(null);
});

describe('NavigationGuard and a completing sign-in', () => {
  it('the login form’s redirect wins over the guard’s "logged in on a login path → home" rule', async () => {
    renderApp('/trader/login?redirect=/trader/order/record%3Fpage%3D2');
    await userEvent.type(screen.getByLabelText('手机号'), '13800000001');
    await userEvent.type(screen.getByLabelText('密码'), 'Demo@123456{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/record?page=2'));
    // it stays there (no later hop to home), and the completed sign-in is settled
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/record?page=2');
    expect(useUserStore.getState().loginTarget).toBeNull();
  });

  it('without a redirect the sign-in lands on the portal home', async () => {
    renderApp('/trader/login');
    await userEvent.type(screen.getByLabelText('手机号'), '13800000001');
    await userEvent.type(screen.getByLabelText('密码'), 'Demo@123456{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/trader\/order\/list$/));
  });

  it('a login page opened while logged in goes home, its redirect query notwithstanding', async () => {
    await act(async () => {
      useUserStore.getState().applySession(session as never, 'trader');
    });
    renderApp('/trader/login?redirect=/trader/order/record');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/trader\/order\/list$/));
  });
});
