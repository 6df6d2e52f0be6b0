import type { PermissionKey, PrinterNamespace } from '@gemqc/contract';
import { useUserStore } from '../../app/stores/user';

/** The API namespace and config menu of the signed-in portal: warehouse (质检端) or service centre. */
export interface PortalConfig {
  ns: PrinterNamespace;
  /** Menu root of the configuration pages. */
  configBase: '/QIconfig' | '/baseConfig';
}

export function portalConfigOf(userType: string | null): PortalConfig {
  return userType === 'qualityInspection' ? { ns: 'warehouse', configBase: '/QIconfig' } : { ns: 'center', configBase: '/baseConfig' };
}

export function usePortalConfig(): PortalConfig {
  return portalConfigOf(useUserStore((s) => s.user_type));
}

/** Whether the signed-in account holds a permission key (owners hold all of their portal's keys). */
export function useHasPermission(key: PermissionKey): boolean {
  return useUserStore((s) => s.userInfo?.is_owner === true || (s.userInfo?.permissions ?? []).includes(key));
}
