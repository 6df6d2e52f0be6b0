import { create } from 'zustand';
import type { CenterInfo, InfoData, SessionData, UserInfo } from '@gemqc/contract';
import {
  StorageKeys,
  clearSessionStorage,
  getJSON,
  getToken,
  getUserType,
  removeToken,
  roleOfUserType,
  setJSON,
  setRole,
  setToken,
  setUserType,
  type PortalType,
} from '../lib/storage';

export type CentreShop = SessionData['center_shop_list'][number];

export interface UserState {
  token: string | null;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  /** fen (merchants' total_balance) */
  balance: number;
  userInfo: UserInfo | null;
  centerInfo: CenterInfo | null;
  center_shop_list: CentreShop[];
  user_type: PortalType | null;
  /**
   * Set by a sign-in together with its session (one store update): the page it continues to. The
   * guard sends the login page there instead of home; cleared once the login page is left. Never
   * stored.
   */
  loginTarget: string | null;
  /** A successful login: keeps the session in storage and the store. */
  applySession(data: SessionData, userType: PortalType, loginTarget?: string | null): void;
  /** The sign-in has left the login page. */
  settleLogin(): void;
  /** Fresh account data from an info call. */
  applyInfo(data: InfoData): void;
  /** Roles not loaded (page reload): restore from storage, roles = ['admin']. */
  restore(): void;
  setRoles(roles: string[]): void;
  /** Token expired or loading failed: forget token and roles. */
  resetToken(): void;
  /** Logout: forget the whole session (the user type too). */
  clear(): void;
}

const BALANCE_KEY = 'balance';

function initial() {
  const userInfo = getJSON<UserInfo>(StorageKeys.userInfo);
  return {
    token: getToken(),
    name: userInfo?.name ?? '',
    avatar: userInfo?.avatar ?? '',
    introduction: userInfo?.introduction ?? '',
    roles: [] as string[],
    balance: 0,
    userInfo,
    centerInfo: getJSON<CenterInfo>(StorageKeys.centerInfo),
    center_shop_list: getJSON<CentreShop[]>(StorageKeys.centreShopList) ?? [],
    user_type: getUserType(),
    loginTarget: null as string | null,
  };
}

export const useUserStore = create<UserState>()((set) => ({
  ...initial(),
  applySession(data, userType, loginTarget = null) {
    setToken(data.token);
    setUserType(userType);
    setRole(roleOfUserType(userType));
    setJSON(StorageKeys.userInfo, data.userInfo);
    setJSON(StorageKeys.centerInfo, data.centerInfo ?? null);
    setJSON(StorageKeys.centreShopList, data.center_shop_list ?? []);
    const balance = userType === 'trader' ? (data.userInfoDetail?.total_balance ?? 0) : 0;
    sessionStorage.setItem(BALANCE_KEY, String(balance));
    set({
      token: data.token,
      user_type: userType,
      roles: ['admin'],
      name: data.userInfo.name,
      avatar: data.userInfo.avatar,
      introduction: data.userInfo.introduction,
      balance,
      userInfo: data.userInfo,
      centerInfo: data.centerInfo ?? null,
      center_shop_list: data.center_shop_list ?? [],
      loginTarget,
    });
  },
  settleLogin() {
    set({ loginTarget: null });
  },
  applyInfo(data) {
    setJSON(StorageKeys.userInfo, data.userInfo);
    setJSON(StorageKeys.centerInfo, data.centerInfo ?? null);
    setJSON(StorageKeys.centreShopList, data.center_shop_list ?? []);
    set((s) => ({
      name: data.userInfo.name,
      avatar: data.userInfo.avatar,
      introduction: data.userInfo.introduction,
      userInfo: data.userInfo,
      centerInfo: data.centerInfo ?? null,
      center_shop_list: data.center_shop_list ?? [],
      balance: s.user_type === 'trader' && data.userInfoDetail ? data.userInfoDetail.total_balance : s.balance,
    }));
  },
  restore() {
    const init = initial();
    const balance = Number(sessionStorage.getItem(BALANCE_KEY) ?? 0) || 0;
    set({ ...init, roles: ['admin'], balance });
  },
  setRoles(roles) {
    set({ roles });
  },
  resetToken() {
    removeToken();
    set({ token: null, roles: [], loginTarget: null });
  },
  clear() {
    clearSessionStorage({ keepUserType: false });
    sessionStorage.removeItem(BALANCE_KEY);
    set({
      token: null,
      roles: [],
      name: '',
      avatar: '',
      introduction: '',
      balance: 0,
      userInfo: null,
      centerInfo: null,
      center_shop_list: [],
      user_type: null,
      loginTarget: null,
    });
  },
}));
