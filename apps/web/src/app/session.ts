import type { SessionData } from '@gemqc/contract';
import { useUserStore } from './stores/user';
import { usePermissionStore } from './stores/permission';
import { useTagsViewStore } from './stores/tagsView';
import { getRole, roleOfUserType, type PortalType } from '../lib/storage';
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
