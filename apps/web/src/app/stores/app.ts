import { create } from 'zustand';
import { CookieKeys, getCookie, setCookie } from '../../lib/storage';

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export const MOBILE_BREAKPOINT = 992;

export function readSize(): Size {
  const v = getCookie(CookieKeys.size);
  return (SIZES as readonly string[]).includes(v ?? '') ? (v as Size) : 'medium';
}

function readSidebarOpened(): boolean {
  const v = getCookie(CookieKeys.sidebarStatus);
  return v === undefined ? true : v === '1';
}

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  toggleSideBar(): void;
  /** `persist: false` for the automatic close of the mobile layout (keeps the user's cookie). */
  closeSideBar(withoutAnimation: boolean, persist?: boolean): void;
  openSideBar(): void;
  /** Back to the remembered state (leaving the mobile layout). */
  restoreSideBar(): void;
  toggleDevice(device: Device): void;
  setSize(size: Size): void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: readSidebarOpened(), withoutAnimation: false },
  device: 'desktop',
  size: readSize(),
  toggleSideBar() {
    const opened = !get().sidebar.opened;
    setCookie(CookieKeys.sidebarStatus, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar(withoutAnimation, persist = true) {
    if (persist) setCookie(CookieKeys.sidebarStatus, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  restoreSideBar() {
    set({ sidebar: { opened: readSidebarOpened(), withoutAnimation: false } });
  },
  openSideBar() {
    setCookie(CookieKeys.sidebarStatus, '1');
    set({ sidebar: { opened: true, withoutAnimation: false } });
  },
  toggleDevice(device) {
    set({ device });
  },
  setSize(size) {
    setCookie(CookieKeys.size, size);
    set({ size });
  },
}));
