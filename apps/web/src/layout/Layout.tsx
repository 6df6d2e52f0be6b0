import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdRoot } from './AntdRoot';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { Settings } from './Settings';
import { useResizeHandler } from './useResize';
import { useMatchedMetas } from './useRouteMeta';
import { AppErrorBoundary } from '../app/ErrorFallback';
import { useAppStore } from '../app/stores/app';
import { useSettingsStore } from '../lib/settings';
import { useUserStore } from '../session/user';
import { NO_NAME, useTagsViewStore } from '../lib/tagsView';
import { useUserInfo } from '../features/auth';
import { useColumnPrefs } from '../features/accounts';
import { loadCentreBanners } from '../features/orders';
import { loginPortalFor, loginRedirect } from '../session/loginPaths';
import { resetSession } from '../app/session';
import { ApiError } from '../lib/request';
import { uiStatic } from '../lib/ui';
import { lazyRetry } from '../lib/lazyRetry';
import { LazyPart } from '../components/LazyPart';
import { TableScopeContext } from '../components/ResponsiveTable';
import './layout.css';

/** The service centre's alert banners (antd Alert, Trans): loaded for service-centre users only. */
const CentreBanners = lazyRetry(() => loadCentreBanners().then((m) => ({ default: m.CentreBanners })));

/**
 * Keeps the user store fresh from the portal's info endpoint. When the server refuses it (spec §8
 * "failure while loading the user during navigation"), the token is reset, the error text (or
 * 'Has Error') is shown and the user goes to login with a redirect back. A 403 has its own re-login
 * dialog, and a network failure its 网络错误 toast: neither signs the user out.
 */
function useUserInfoRefresh() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const userType = useUserStore((s) => s.user_type);
  const q = useUserInfo(userType);
  useEffect(() => {
    if (q.data) useUserStore.getState().applyInfo(q.data);
  }, [q.data]);
  const refused = q.error instanceof ApiError && q.error.code !== null && q.error.code !== 403 ? q.error : null;
  useEffect(() => {
    if (!refused) return;
    const portal = loginPortalFor(pathname, userType);
    resetSession();
    // static: the toast outlives this layout, which the redirect to login unmounts
    if (!refused.shown) void uiStatic().message.error(refused.message || t('guard.hasError'));
    navigate(loginRedirect(portal, pathname, search), { replace: true });
    // only a new refusal acts, not a later navigation
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);
}

/** Adds the current page to the tags view (title = meta title or 'no-name'). */
function useVisitedViews(metas: ReturnType<typeof useMatchedMetas>) {
  const { pathname, search } = useLocation();
  const last = metas[metas.length - 1];
  useEffect(() => {
    if (!last || last.isParent || pathname.startsWith('/redirect/')) return;
    if (last.redirect && last.redirect !== 'noRedirect') return;
    useTagsViewStore.getState().addView({
      path: pathname,
      fullPath: `${pathname}${search}`,
      title: last.title ?? NO_NAME,
      affix: last.affix,
      noCache: last.noCache,
    });
  }, [last, pathname, search]);
}

function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  if (!title) return null;
  return (
    <div className="page-title-bar">
      <h1 className="page-title">{t(title)}</h1>
    </div>
  );
}

function Shell() {
  useResizeHandler();
  useUserInfoRefresh();
  const { pathname } = useLocation();
  const metas = useMatchedMetas();
  useVisitedViews(metas);
  const opened = useAppStore((s) => s.sidebar.opened);
  const withoutAnimation = useAppStore((s) => s.sidebar.withoutAnimation);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const userType = useUserStore((s) => s.user_type);
  const userId = useUserStore((s) => s.userInfo?.id ?? '');
  // lists remember their columns per user (on the server, so in any browser); sticky headers stop under the fixed navbar and tags
  const scope = userType && userId ? `${userType}:${userId}` : '';
  const prefs = useColumnPrefs(scope);
  const tableScope = useMemo(
    () => ({ userId: `${userType ?? ''}:${userId}`, stickyOffset: fixedHeader ? 50 + (tagsView ? 34 : 0) : 0, prefs }),
    [userType, userId, fixedHeader, tagsView, prefs],
  );
  const title = [...metas].reverse().find((m) => m.title)?.title;

  const classes = [
    'app-wrapper',
    opened ? 'openSidebar' : 'hideSidebar',
    device === 'mobile' ? 'mobile' : '',
    withoutAnimation ? 'withoutAnimation' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      {device === 'mobile' && opened && <div className="drawer-bg" onClick={() => closeSideBar(false, false)} />}
      <Sidebar />
      <div className={`main-container${tagsView ? ' hasTagsView' : ''}${fixedHeader ? ' hasFixedHeader' : ''}`}>
        <div className={fixedHeader ? 'fixed-header' : 'static-header'}>
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <main className="app-main">
          {userType === 'base' && (
            <LazyPart quiet>
              <CentreBanners />
            </LazyPart>
          )}
          <PageTitle title={title} />
          <section className="app-main__page">
            <AppErrorBoundary resetKey={pathname}>
              <TableScopeContext.Provider value={tableScope}>
                <Outlet />
              </TableScopeContext.Provider>
            </AppErrorBoundary>
          </section>
        </main>
      </div>
      {/* phones: the navbar holds it (a floating button would cover the page) */}
      {showSettings && device !== 'mobile' && <Settings />}
    </div>
  );
}

/** The shell of every portal (lazy: the login pages do not load antd). */
export default function Layout() {
  return (
    <AntdRoot>
      <Shell />
    </AntdRoot>
  );
}
