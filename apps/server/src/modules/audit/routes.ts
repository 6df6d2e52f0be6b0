import { auditApi, type AuditNamespace, type PermissionKey, type UserType } from '@gemqc/contract';
import { defineRoutes, type RouteOptions } from '../../platform/route';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { auditColumns } from './sheetColumns';
import * as service from './service';

/** 操作日志 of each portal: who may read it, and whose entries they are (service.scopeOf). */
const portals = {
  merchant: { auth: ['trader'], permission: 'merchant.audit.view' },
  warehouse: { auth: ['qualityInspection'], permission: 'warehouse.audit.view' },
  center: { auth: ['base'], permission: 'center.audit.view' },
  admin: { auth: ['manage'], permission: 'admin.audit.view' },
} as const satisfies Record<AuditNamespace, { auth: readonly UserType[]; permission: PermissionKey }>;

export default defineRoutes((r) => {
  for (const ns of ['merchant', 'warehouse', 'center', 'admin'] as const) {
    const api = auditApi[ns];
    const access: RouteOptions<readonly UserType[]> = portals[ns];
    r.route(api.list, access, ({ deps, session, query }) => service.listChanges(deps.db, service.scopeOf(session), query));
    r.route(api.export, access, async ({ deps, session, query, now, reply }) => {
      const xlsx = await xlsxFile('操作日志', auditColumns, service.exportChanges(deps.db, service.scopeOf(session), query));
      return sendXlsx(reply, xlsx, { prefix: '操作日志', fallbackName: 'audit-log.xlsx', now });
    });
  }
});
