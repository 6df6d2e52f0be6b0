import type { PrinterNamespace } from '@gemqc/contract';
import { useUserStore } from '../../session/user';

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
