/**
 * Every permission key of the four portals, in one list: the server's catalogue
 * (apps/server/src/platform/permissions.ts) labels and groups these keys per portal, and each route
 * declares the key(s) it needs from this union. Add a key here first, then to the catalogue.
 */
export const permissionKeys = [
  // merchant (trader)
  'merchant.order.view',
  'merchant.order.create',
  'merchant.order.cancel',
  'merchant.order.print',
  'merchant.order.intercept',
  'merchant.video.view',
  'merchant.code.view',
  'merchant.report.view',
  'merchant.finance.view',
  'merchant.auth.manage',
  'merchant.shop.manage',
  'merchant.audit.view',
  // sub-accounts and roles (every portal)
  'account.manage',
  'role.manage',
  // warehouse (qualityInspection)
  'warehouse.intake',
  'warehouse.inspection.submit',
  'warehouse.result.amend',
  'warehouse.code.bind',
  'warehouse.recording.upload',
  'warehouse.ship',
  'warehouse.batch.view',
  'warehouse.batch.close',
  'warehouse.order.view',
  'warehouse.finance.view',
  'warehouse.finance.confirm',
  'warehouse.audit.view',
  // centre configuration (warehouse and centre)
  'printer.config',
  'template.manage',
  'fee.view',
  'fee.manage',
  // centre (base)
  'center.order.view',
  'center.order.intercept',
  'center.report.view',
  'center.audit.view',
  // platform manager (manage)
  'admin.merchant.view',
  'admin.merchant.manage',
  'admin.merchant.review',
  'admin.merchant.topup',
  'admin.centre.review',
  'admin.order.intercept',
  'admin.audit.view',
] as const;

export type PermissionKey = (typeof permissionKeys)[number];
