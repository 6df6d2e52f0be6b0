import { Suspense, useMemo } from 'react';
import { lazyRetry } from '../lib/lazyRetry';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { usePermissionStore } from './stores/permission';
import { buildRouteObjects } from './buildRoutes';
import { LazyPage, PageFallback } from './pages';
import { LOGIN_PATHS } from '../session/loginPaths';
import { SignInContext } from '../session/signIn';
import { signIn } from './session';
import { getUserType } from '../lib/storage';
import type { PageLoader } from './types';

const Layout = lazyRetry(() => import('../layout/Layout'));
const RedirectPage = lazyRetry(() => import('../pages/RedirectPage'));

const pages = {
  // VerifyRoute imports the page by path, as the portal files load pages: the inspection feature's
  // index also exports VerifyQr (antd Typography, qrcode-generator), which must stay out of the entry
  // every login page loads
  verify: () => import('./VerifyRoute'),
  traderLogin: () => import('../features/auth/pages/TraderLoginPage'),
  manageLogin: () => import('../features/auth/pages/ManageLoginPage'),
  qiLogin: () => import('../features/auth/pages/QualityInspectionLoginPage'),
  baseLogin: () => import('../features/auth/pages/BaseLoginPage'),
  notFound: () => import('../pages/NotFoundPage'),
  unauthorized: () => import('../pages/UnauthorizedPage'),
  authRedirect: () => import('../pages/AuthRedirectPage'),
  doudianAuth: () => import('./DoudianAuthRoute'),
} satisfies Record<string, PageLoader>;

function LoginAlias() {
  const { search } = useLocation();
  return <Navigate to={`${LOGIN_PATHS[getUserType() ?? 'trader']}${search}`} replace />;
}

const publicRoutes: RouteObject[] = [
  { path: LOGIN_PATHS.trader, element: <LazyPage loader={pages.traderLogin} /> },
  { path: LOGIN_PATHS.manage, element: <LazyPage loader={pages.manageLogin} /> },
  { path: LOGIN_PATHS.qualityInspection, element: <LazyPage loader={pages.qiLogin} /> },
  { path: LOGIN_PATHS.base, element: <LazyPage loader={pages.baseLogin} /> },
  { path: '/login', element: <LoginAlias /> },
  { path: '/trader/doudian-auth', element: <LazyPage loader={pages.doudianAuth} /> },
  { path: '/doudian-auth', element: <LazyPage loader={pages.doudianAuth} /> },
  { path: '/auth-redirect', element: <LazyPage loader={pages.authRedirect} /> },
  { path: '/verify/:code', element: <LazyPage loader={pages.verify} /> },
  { path: '/404', element: <LazyPage loader={pages.notFound} /> },
  { path: '/401', element: <LazyPage loader={pages.unauthorized} /> },
  { path: '/', element: <Navigate to="/trader" replace /> },
];

/** Public routes, the shell with the role's route set, and the catch-all to /404. */
export function AppRoutes() {
  const routes = usePermissionStore((s) => s.routes);
  const objects = useMemo<RouteObject[]>(() => {
    const shell: RouteObject[] = routes.length
      ? [
          {
            element: (
              <Suspense fallback={<PageFallback />}>
                <Layout />
              </Suspense>
            ),
            children: [
              ...buildRouteObjects(routes),
              {
                path: '/redirect/*',
                element: (
                  <Suspense fallback={null}>
                    <RedirectPage />
                  </Suspense>
                ),
              },
            ],
          },
        ]
      : [];
    return [...publicRoutes, ...shell, { path: '*', element: <Navigate to="/404" replace /> }];
  }, [routes]);
  const page = useRoutes(objects);
  // the login and registration forms sign in through the app: it knows each portal's pages
  return <SignInContext.Provider value={signIn}>{page}</SignInContext.Provider>;
}
