import type { AuditNamespace, PermissionKey } from '@gemqc/contract';
import { useUserStore } from '../../session/user';
import { useHasPermission } from '../../session/permissions';

const NS_OF: Record<string, AuditNamespace> = { trader: 'merchant', qualityInspection: 'warehouse', base: 'center', manage: 'admin' };

/** The audit-log API namespace of the signed-in portal (merchant, warehouse, service centre, platform). */
export function auditNsOf(userType: string | null): AuditNamespace {
  return (userType && NS_OF[userType]) || 'center';
}

/** The permission each portal's 操作日志 needs (the server's routes require the same). */
export const AUDIT_PERMISSION = {
  merchant: 'merchant.audit.view',
  warehouse: 'warehouse.audit.view',
  center: 'center.audit.view',
  admin: 'admin.audit.view',
} as const satisfies Record<AuditNamespace, PermissionKey>;

/** The signed-in portal's namespace and whether the account may read its log. */
export function useAuditPortal(): { ns: AuditNamespace; canView: boolean } {
  const ns = auditNsOf(useUserStore((s) => s.user_type));
  return { ns, canView: useHasPermission(AUDIT_PERMISSION[ns]) };
}
