import type { PermissionKey } from '@gemqc/contract';
import { useUserStore } from './user';

/**
 * Whether the signed-in account holds a permission key (owners hold all of their portal's keys). The
 * server checks the same key on every call; this hides what the account could not use.
 */
export function useHasPermission(key: PermissionKey): boolean {
  return useUserStore((s) => s.userInfo?.is_owner === true || (s.userInfo?.permissions ?? []).includes(key));
}
