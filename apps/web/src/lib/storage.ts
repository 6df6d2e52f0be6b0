import Cookies from 'js-cookie';

/** localStorage keys of the session (spec §3). */
export const StorageKeys = {
  token: 'token',
  userInfo: 'userInfo',
  centerInfo: 'centerInfo',
  centreShopList: 'center_shop_list',
  userType: 'user_type',
  selectOptions: 'selectOptions',
  role: 'role',
  logisticPrinter: 'logisticPrinter',
  settings: 'settings',
  language: 'language',
} as const;

/** Cookie names (spec §3). */
export const CookieKeys = { sidebarStatus: 'sidebarStatus', size: 'size' } as const;

export const USER_TYPES = ['trader', 'qualityInspection', 'manage', 'base'] as const;
export type PortalType = (typeof USER_TYPES)[number];
export const ROLES = ['trader', 'inspector', 'manage', 'base'] as const;
export type Role = (typeof ROLES)[number];

export function isPortalType(v: unknown): v is PortalType {
  return typeof v === 'string' && (USER_TYPES as readonly string[]).includes(v);
}

/** The locally stored role of each user type (trader, inspector, manage, default service centre). */
export function roleOfUserType(t: PortalType): Role {
  switch (t) {
    case 'trader':
      return 'trader';
    case 'qualityInspection':
      return 'inspector';
    case 'manage':
      return 'manage';
    default:
      return 'base';
  }
}

function ls(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getItem(key: string): string | null {
  return ls()?.getItem(key) ?? null;
}
export function setItem(key: string, value: string): void {
  ls()?.setItem(key, value);
}
export function removeItem(key: string): void {
  ls()?.removeItem(key);
}

export function getJSON<T>(key: string): T | null {
  const raw = getItem(key);
  if (raw == null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
export function setJSON(key: string, value: unknown): void {
  setItem(key, JSON.stringify(value));
}

export const getToken = (): string | null => getItem(StorageKeys.token) || null;
export const setToken = (token: string): void => setItem(StorageKeys.token, token);
export const removeToken = (): void => removeItem(StorageKeys.token);

export function getUserType(): PortalType | null {
  const v = getItem(StorageKeys.userType);
  return isPortalType(v) ? v : null;
}
export const setUserType = (t: PortalType): void => setItem(StorageKeys.userType, t);

export const getRole = (): string | null => getItem(StorageKeys.role);
export const setRole = (r: Role): void => setItem(StorageKeys.role, r);

export const getCookie = (name: string): string | undefined => Cookies.get(name);
export const setCookie = (name: string, value: string): void => {
  Cookies.set(name, value);
};

/** Clears the session data kept in storage (logout). */
export function clearSessionStorage(options: { keepUserType: boolean }): void {
  for (const k of [
    StorageKeys.token,
    StorageKeys.userInfo,
    StorageKeys.centerInfo,
    StorageKeys.centreShopList,
    StorageKeys.selectOptions,
    StorageKeys.role,
  ]) {
    removeItem(k);
  }
  if (!options.keepUserType) removeItem(StorageKeys.userType);
}
