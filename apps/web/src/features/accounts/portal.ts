import type { AccountNamespace } from '@gemqc/contract';
import { useUserStore } from '../../session/user';

/** The API namespace of the signed-in portal: warehouse (质检端), merchant, or service centre. */
export function accountNsOf(userType: string | null): AccountNamespace {
  return userType === 'qualityInspection' ? 'warehouse' : userType === 'trader' ? 'merchant' : 'center';
}

export function useAccountNs(): AccountNamespace {
  return accountNsOf(useUserStore((s) => s.user_type));
}

/** The signed-in account's id (to mark "you" in the list). */
export function useMyAccountId(): string | null {
  return useUserStore((s) => s.userInfo?.id ?? null);
}
