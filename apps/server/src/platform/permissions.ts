import type { PermissionKey, UserType } from '@gemqc/contract';

/**
 * The catalogue of permission keys, per portal: one per menu page and one per action. Owners hold
 * every key of their portal; a sub-account holds its role's keys. Routes name the key they need
 * (`permission: 'warehouse.intake'`); the menu of the web app hides pages whose key is missing.
 * A key must first be in the contract's `permissionKeys` (packages/contract/src/permissions.ts):
 * the type below only accepts keys of that list.
 */
export interface PermissionDef {
  key: PermissionKey;
  label: string;
  /** Menu group the key belongs to (for the role editor). */
  group: string;
}

/** Sub-accounts and roles: the same two keys in the merchant's, the warehouse's and the centre's portal. */
const SUB_ACCOUNT_KEYS = [
  { key: 'account.manage', label: '子账号管理', group: '账号' },
  { key: 'role.manage', label: '角色管理', group: '账号' },
] as const satisfies readonly PermissionDef[];

/** The configuration pages a service centre and its warehouse share (printers, label templates, fees). */
const CENTRE_CONFIG_KEYS = [
  { key: 'printer.config', label: '打印机配置', group: '配置' },
  { key: 'template.manage', label: '标签模板', group: '配置' },
  { key: 'fee.view', label: '检测费配置（查看）', group: '配置' },
  { key: 'fee.manage', label: '检测费配置（修改）', group: '配置' },
] as const satisfies readonly PermissionDef[];

export const permissionCatalogue = {
  trader: [
    { key: 'merchant.order.view', label: '检测管理（查看订单）', group: '订单' },
    { key: 'merchant.order.create', label: '去检测（创建检测订单）', group: '订单' },
    { key: 'merchant.order.cancel', label: '取消订单 / 填写寄件单号', group: '订单' },
    { key: 'merchant.order.print', label: '订单打印', group: '订单' },
    { key: 'merchant.order.intercept', label: '申请拦截订单', group: '订单' },
    { key: 'merchant.video.view', label: '录像管理', group: '订单' },
    { key: 'merchant.code.view', label: '绑码记录', group: '订单' },
    { key: 'merchant.report.view', label: '日报表', group: '订单' },
    { key: 'merchant.finance.view', label: '费用明细', group: '订单' },
    { key: 'merchant.auth.manage', label: '检测信息（检测授权）', group: '订单' },
    { key: 'merchant.shop.manage', label: '商家授权（店铺）', group: '订单' },
    ...SUB_ACCOUNT_KEYS,
    { key: 'merchant.audit.view', label: '操作日志', group: '账号' },
  ],
  qualityInspection: [
    { key: 'warehouse.intake', label: '入仓质检（扫码入仓）', group: '入仓管理' },
    { key: 'warehouse.inspection.submit', label: '录入检测结果', group: '入仓管理' },
    { key: 'warehouse.result.amend', label: '修改已提交的检测结果', group: '入仓管理' },
    { key: 'warehouse.code.bind', label: '绑码 / 解绑', group: '入仓管理' },
    { key: 'warehouse.recording.upload', label: '上传录像', group: '入仓管理' },
    { key: 'warehouse.ship', label: '打包发货', group: '入仓管理' },
    { key: 'warehouse.batch.view', label: '批次列表', group: '入仓管理' },
    { key: 'warehouse.batch.close', label: '关闭批次', group: '入仓管理' },
    { key: 'warehouse.order.view', label: '订单列表', group: '入仓管理' },
    ...SUB_ACCOUNT_KEYS,
    ...CENTRE_CONFIG_KEYS,
    { key: 'warehouse.finance.view', label: '财务账单（查看）', group: '财务' },
    { key: 'warehouse.finance.confirm', label: '财务账单（确认 / 导出）', group: '财务' },
    { key: 'warehouse.audit.view', label: '操作日志', group: '账号' },
  ],
  base: [
    { key: 'center.order.view', label: '订单查询', group: '订单' },
    { key: 'center.order.intercept', label: '拦截 / 处理拦截订单', group: '订单' },
    { key: 'center.report.view', label: '日报表', group: '订单' },
    ...SUB_ACCOUNT_KEYS,
    ...CENTRE_CONFIG_KEYS,
    { key: 'center.audit.view', label: '操作日志', group: '账号' },
  ],
  manage: [
    { key: 'admin.merchant.view', label: '商户列表', group: '商户' },
    { key: 'admin.merchant.manage', label: '启用 / 禁用商户', group: '商户' },
    { key: 'admin.merchant.review', label: '审核检测授权', group: '商户' },
    { key: 'admin.merchant.topup', label: '商户充值', group: '商户' },
    { key: 'admin.centre.review', label: '审核服务中心入驻', group: '服务中心' },
    { key: 'admin.order.intercept', label: '订单拦截', group: '订单' },
    { key: 'account.manage', label: '管理员账号', group: '账号' },
    { key: 'admin.audit.view', label: '操作日志', group: '账号' },
  ],
} as const satisfies Record<UserType, readonly PermissionDef[]>;

export type { PermissionKey };

export function permissionKeysOf(userType: UserType): string[] {
  return permissionCatalogue[userType].map((p) => p.key);
}

export function isPermissionOf(userType: UserType, key: string): boolean {
  return permissionCatalogue[userType].some((p) => p.key === key);
}

/** The keys an account holds: all of its portal's for an owner, else its role's (known keys only). */
export function effectivePermissions(userType: UserType, isOwner: boolean, roleKeys: readonly string[] | null | undefined): string[] {
  const all = permissionKeysOf(userType);
  if (isOwner) return all;
  const granted = new Set(roleKeys ?? []);
  return all.filter((k) => granted.has(k));
}

/** The 1003 sentence of a refused route: which permission is missing, by its label in the portal's catalogue. */
export function missingPermissionText(userType: UserType, anyOf: readonly string[]): string {
  const labels = anyOf.map((k) => permissionCatalogue[userType].find((p) => p.key === k)?.label ?? k);
  return `没有「${labels.join('」或「')}」权限，请联系账号管理员开通`;
}
