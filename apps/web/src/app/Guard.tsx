import { useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useUserStore } from '../session/user';
import { usePermissionStore } from './stores/permission';
import { resolveNavigation } from './guard';
import { isLoginPath, loginPortalFor, loginRedirect } from '../session/loginPaths';
import { accessOf, loadRoles, resetSession } from './session';
import { progress } from './progress';
import { uiStatic } from '../lib/ui';
import i18n from '../i18n';

/** Applies resolveNavigation on every location change (spec §4 "Navigation and session"). */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useUserStore((s) => s.token);
  const userType = useUserStore((s) => s.user_type);
  const roles = useUserStore((s) => s.roles);
  const routes = usePermissionStore((s) => s.routes);
  const loginTarget = useUserStore((s) => s.loginTarget);
  const userInfo = useUserStore((s) => s.userInfo);
  const access = useMemo(() => accessOf(userType, userInfo, routes), [userInfo, userType, routes]);
  const decision = resolveNavigation(location.pathname, location.search, {
    token,
    userType,
    rolesLoaded: roles.length > 0 && routes.length > 0,
    loginTarget,
    ...access,
  });
  const onLoginPage = isLoginPath(location.pathname);

  // a completed sign-in has reached its page: later visits of a login page go home again
  useEffect(() => {
    if (loginTarget !== null && !onLoginPage) useUserStore.getState().settleLogin();
  }, [loginTarget, onLoginPage]);

  // A layout effect: it runs before the page's passive effect that ends the bar (a child's passive
  // effect runs before its parent's, so a passive start here came after the done and never ended).
  useLayoutEffect(() => {
    progress.start();
  }, [location.pathname, location.search]);

  useLayoutEffect(() => {
    if (decision.kind !== 'loadRoles') return;
    try {
      loadRoles();
    } catch (e) {
      resetSession();
      uiStatic().message.error(e instanceof Error && e.message ? e.message : i18n.t('guard.hasError'));
      navigate(loginRedirect(loginPortalFor(location.pathname, userType), location.pathname, location.search), { replace: true });
    }
  }, [decision.kind, location.pathname, location.search, navigate, userType]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadRoles') return null;
  return <>{children}</>;
}
