import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PortalType } from '../../lib/storage';
import { safeRedirect } from '../../session/loginPaths';
import { SignInContext, type SignIn } from '../../session/signIn';
import { useUserStore } from '../../session/user';

const PORTAL_HOME: Record<PortalType, string> = {
  trader: '/trader/order/list',
  manage: '/manage/order/list',
  qualityInspection: '/warehousing/qualityInspection',
  base: '/base/order/list',
};

/**
 * The login and registration forms' tests sign in through this stand-in for the app's SignIn
 * (app/session.ts, tested in app/session.test.ts): it keeps the session in the user store and
 * continues to the checked redirect, else the portal's home.
 */
const signInForTests: SignIn = (data, portal, redirect) => {
  const target = safeRedirect(redirect, PORTAL_HOME[portal]);
  useUserStore.getState().applySession(data, portal, target);
  return target;
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

/** A login page at `path` (/:portal/login), signing in as above; any other path shows where the page went (test id `where`). */
export function renderLoginAt(path: string, element: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SignInContext.Provider value={signInForTests}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:portal/login" element={element} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </SignInContext.Provider>
    </QueryClientProvider>,
  );
}
