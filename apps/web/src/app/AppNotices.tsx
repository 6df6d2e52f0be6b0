import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOffline } from '../lib/network';
import { checkVersion, reloadForUpdate, useUpdateReady, watchVersion } from './version';

/**
 * The banners over every page (entry chunk, no antd, so they show with the network down):
 * - offline: from the browser's offline event or a request that got no answer, until one does;
 *   网络已恢复 for a moment after;
 * - a new deploy (version.json differs): 刷新 now, or 稍后 — then the next page change reloads,
 *   a moment when no form is half filled.
 */
export function AppNotices() {
  const { t } = useTranslation();
  const offline = useOffline();
  const [back, setBack] = useState(false);
  const wasOffline = useRef(false);
  useEffect(() => {
    if (offline) {
      wasOffline.current = true;
      setBack(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBack(true);
    const timer = setTimeout(() => setBack(false), 3000);
    return () => clearTimeout(timer);
  }, [offline]);

  const update = useUpdateReady();
  const [later, setLater] = useState(false);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => watchVersion(), []);
  // each page change asks (throttled); with a new build known, the page change is the moment to reload
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void checkVersion().then((newer) => newer && reloadForUpdate());
  }, [pathname]);

  return (
    <>
      {offline ? (
        <div className="app-notice app-notice--offline" role="status" data-testid="offline-banner">
          {t('resilience.offlineBanner')}
        </div>
      ) : back ? (
        <div className="app-notice app-notice--online" role="status">
          {t('resilience.backOnline')}
        </div>
      ) : null}
      {update && !later && (
        <div className="app-notice app-notice--update" role="alert" data-testid="update-notice">
          <span>{t('resilience.updateBody')}</span>
          <button type="button" className="app-fallback__button" onClick={() => window.location.reload()}>
            {t('resilience.reload')}
          </button>
          <button type="button" className="app-notice__later" onClick={() => setLater(true)}>
            {t('resilience.later')}
          </button>
        </div>
      )}
    </>
  );
}
