import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT, useAppStore } from '../app/stores/app';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT; // spec §2: below 992px (992 itself is desktop)
}

/** Below 992px the device is mobile and the sidebar closes; it re-opens when widening again. */
export function useResizeHandler(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);
  const wasMobile = useRef(false);

  useEffect(() => {
    const apply = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth(document.body.getBoundingClientRect().width || window.innerWidth);
      const app = useAppStore.getState();
      app.toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && !wasMobile.current) app.closeSideBar(true, false);
      if (!mobile && wasMobile.current) app.restoreSideBar();
      wasMobile.current = mobile;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebar.opened) useAppStore.getState().closeSideBar(false, false);
    // only on navigation
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
