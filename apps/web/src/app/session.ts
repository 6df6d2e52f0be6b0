import { useMemo } from 'react';
import type { SessionData, UserInfo } from '@gemqc/contract';
import type { AppRoute } from './types';
import { homeOf, landingOf, permissionOfPath, routeSetForRole } from './routeSets';
import { useUserStore } from '../session/user';
import { usePermissionStore } from './stores/permission';
import { useTagsViewStore } from '../lib/tagsView';
import { getRole, roleOfUserType, type PortalType } from '../lib/storage';
import { normalizePath, safeRedirect } from '../session/loginPaths';
import type { SignIn } from '../session/signIn';
import { queryClient } from './queryClient';

/** Roles not loaded yet (after a reload): roles = ['admin'], routes of the stored role generated. */
export function loadRoles(): void {
  const user = useUserStore.getState();
  user.restore();
  const { user_type } = useUserStore.getState();
  const role = getRole() ?? (user_type ? roleOfUserType(user_type) : null);
  usePermissionStore.getState().generateRoutes(role, ['admin']);
}

/**
 * A successful sign-in: store the session, roles ['admin'], generate the role's routes. `target`
 * is the page the sign-in continues to (the login page's checked redirect, else home): stored with
 * the token in one update, so the guard, which sees the login page with a token before the
 * navigation commits, sends it there too rather than home.
 */
export function completeLogin(data: SessionData, userType: PortalType, target: string | null = null): void {
  useUserStore.getState().applySession(data, userType, target);
  usePermissionStore.getState().generateRoutes(roleOfUserType(userType), ['admin']);
}

/** The app's SignIn (session/signIn.ts): keeps the session and returns the checked redirect, else the landing page. */
export const signIn: SignIn = (data, userType, redirect) => {
  const target = safeRedirect(redirect, landingAfterLogin(data, userType));
  // the target goes with the session: the guard sees the login page with a token first
  completeLogin(data, userType, target);
  return target;
};

/** Token reset (expired session or a failure while loading the user). */
export function resetSession(): void {
  useUserStore.getState().resetToken();
  usePermissionStore.getState().reset();
}

/** Logout: forget everything the session kept. */
export function clearSession(): void {
  useUserStore.getState().clear();
  usePermissionStore.getState().reset();
  useTagsViewStore.getState().reset();
  queryClient.clear();
}

/** What an account may open: where it lands and which pages are not its own (owners: every page). */
export function accessOf(
  userType: PortalType | null,
  userInfo: Pick<UserInfo, 'is_owner' | 'permissions'> | null,
  routes: AppRoute[],
): { landing?: string; forbidden?: (path: string) => boolean } {
  if (!userInfo || userInfo.is_owner) return {};
  // before the routes are generated (a reload), the stored role's set: the root redirect comes first
  if (!routes.length && userType) routes = routeSetForRole(getRole() ?? roleOfUserType(userType));
  const held = new Set(userInfo.permissions ?? []);
  const permitted = (key: string) => held.has(key);
  return {
    landing: landingOf(userType, routes, permitted),
    forbidden: (path: string) => {
      const need = permissionOfPath(routes, normalizePath(path));
      return need !== undefined && !permitted(need);
    },
  };
}

/** Where a sign-in without a redirect goes: the portal's home, or the first page the account may use. */
function landingAfterLogin(data: SessionData, userType: PortalType): string {
  return accessOf(userType, data.userInfo, routeSetForRole(roleOfUserType(userType))).landing ?? homeOf(userType);
}

/** The signed-in account's home (the logo, 返回首页, the last closed tag): its landing page. */
export function useHome(): string {
  const userType = useUserStore((s) => s.user_type);
  const userInfo = useUserStore((s) => s.userInfo);
  const routes = usePermissionStore((s) => s.routes);
  return useMemo(() => accessOf(userType, userInfo, routes).landing ?? homeOf(userType), [userType, userInfo, routes]);
}
