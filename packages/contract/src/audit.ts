import { z } from 'zod';
import { endpoint, listSort, pageQuery, paged } from './common';
import { inspectionResultLabel } from './inspection';
import { fenToYuan } from './money';
import { dayString } from './orders';
import { interceptPolicies, returnMethods } from './merchants';

/**
 * 操作日志 (audit log): who (name, account id, mobile, role) changed fee rules, roles, sub-accounts,
 * balances, inspection results, label templates, profiles, merchants and their authorisations,
 * centre applications, statements, code bindings and interceptions, when, from which address,
 * before → after. Each portal reads its own
 * organisation's entries (a centre's warehouse and service-centre accounts share them); the
 * platform manager reads every entry.
 */

export const auditKinds = [
  { value: 'fee_rule', label: '检测费配置' },
  { value: 'role', label: '角色' },
  { value: 'sub_account', label: '子账号' },
  { value: 'balance', label: '余额' },
  { value: 'inspection_result', label: '检测结果' },
  { value: 'label_template', label: '标签模板' },
  { value: 'order_return', label: '退货信息' },
  { value: 'intercept_policy', label: '拦截策略' },
  { value: 'profile', label: '个人资料' },
  { value: 'merchant', label: '商户' },
  { value: 'testing_auth', label: '检测授权' },
  { value: 'centre_application', label: '服务中心入驻' },
  { value: 'statement', label: '财务账单' },
  { value: 'code_binding', label: '绑码' },
  { value: 'interception', label: '订单拦截' },
] as const;
export const auditKindValues = [
  'fee_rule',
  'role',
  'sub_account',
  'balance',
  'inspection_result',
  'label_template',
  'order_return',
  'intercept_policy',
  'profile',
  'merchant',
  'testing_auth',
  'centre_application',
  'statement',
  'code_binding',
  'interception',
] as const;
export type AuditKind = (typeof auditKindValues)[number];

export const auditActions = [
  { value: 'create', label: '新增' },
  { value: 'update', label: '修改' },
  { value: 'delete', label: '删除' },
  { value: 'enable', label: '启用' },
  { value: 'disable', label: '禁用' },
  { value: 'reset_password', label: '重置密码' },
  { value: 'top_up', label: '充值' },
  { value: 'submit', label: '录入' },
  { value: 'amend', label: '更正' },
  { value: 'release', label: '解除拦截' },
  { value: 'change_password', label: '修改密码' },
  { value: 'approve', label: '审核通过' },
  { value: 'reject', label: '驳回' },
  { value: 'confirm', label: '确认' },
  { value: 'bind', label: '绑码' },
  { value: 'unbind', label: '解绑' },
  { value: 'set_default', label: '设为默认' },
  { value: 'intercept', label: '拦截' },
  { value: 'request', label: '申请' },
] as const;
export type AuditAction = (typeof auditActions)[number]['value'];

/** The fields an entry's before/after may hold, with their zh-CN names (the web translates them by key). */
export const auditFields = {
  category: '宝石品类',
  merchant: '商家',
  inspection_fee: '检测费',
  certificate_fee: '证书费',
  name: '名称',
  description: '描述',
  permissions: '权限',
  mobile: '手机号',
  role: '角色',
  enabled: '启用',
  balance: '余额',
  amount: '金额',
  note: '备注',
  result: '检测结果',
  conclusion: '检测结论',
  reason: '原因',
  mass: '质量',
  item: '物品',
  order_no: '订单号',
  kind: '模板类型',
  version: '版本',
  is_default: '默认模板',
  status: '状态',
  contact: '联系人',
  intercept_policy: '拦截策略',
  return_method: '退货方式',
  company_name: '公司名称',
  contact_person: '联系人',
  contact_mobile: '联系电话',
  centre: '服务中心',
  address: '地址',
  month: '账期',
  entry_count: '费用笔数',
  net_amount: '账单金额',
  code: '码',
} as const;
export type AuditField = keyof typeof auditFields;

/** Fields whose values are money in fen (shown in yuan). */
export const auditMoneyFields: readonly string[] = ['inspection_fee', 'certificate_fee', 'balance', 'amount', 'net_amount'];

/** A label template's kind as the audit log names it (its sheets and the web's 操作日志). */
export const templateKindNames = { certificate_label: '证书标签', order_sheet: '订单打印', batch_list: '批次清单' } as const;

/** A recorded value as zh-CN text (sheets; the web's default): money in yuan, yes/no, result and template kind by name. */
export function auditValueText(field: string, value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length ? value.join('、') : '—';
  if (typeof value === 'number' && auditMoneyFields.includes(field)) return `¥${fenToYuan(value).toFixed(2)}`;
  if (field === 'result') return inspectionResultLabel(String(value));
  if (field === 'kind') return templateKindNames[String(value) as keyof typeof templateKindNames] ?? String(value);
  if (field === 'intercept_policy') return interceptPolicies.find((p) => p.value === value)?.label ?? String(value);
  if (field === 'return_method') return returnMethods.find((p) => p.value === value)?.label ?? String(value);
  return String(value);
}

/** The fields a change touched (every field of a created or deleted object), in recorded order. */
export function auditChangedFields(before: AuditSnapshot | null, after: AuditSnapshot | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!before || !after) return keys;
  return keys.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

export function auditKindLabel(v: string): string {
  return auditKinds.find((k) => k.value === v)?.label ?? v;
}
export function auditActionLabel(v: string): string {
  return auditActions.find((a) => a.value === v)?.label ?? v;
}

/** A value of a recorded field: text, a number (fen for money fields), a yes/no, a list of keys, or none. */
export const auditValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AuditValue = z.infer<typeof auditValue>;
export const auditSnapshot = z.record(z.string(), auditValue);
export type AuditSnapshot = z.infer<typeof auditSnapshot>;

const keyword = (label: string) => z.string().trim().max(50, { error: `${label}不能超过50个字` }).optional().transform((v) => v || undefined);

/** Filters of the list and its Excel export; days are China days. */
export const auditFilterQuery = z.object({
  start_date: dayString.optional(),
  end_date: dayString.optional(),
  /** Operator name (contains) or its full mobile. */
  actor: keyword('操作人'),
  kind: z.union([z.literal(''), z.enum(auditKindValues, { error: '操作类型不正确' })]).optional().transform((v) => v || undefined),
  /** Object name or number, contains. */
  object: keyword('操作对象'),
});
/** 操作日志 sorts by 时间 (default: newest first). */
export const auditSort = listSort({ created_at: '时间' });
/** The sort keys as plain data (the browser build inlines them; the listSort object holds zod schemas). */
export const auditSortKeys = auditSort.keys;
export const auditListQuery = pageQuery.extend({ ...auditFilterQuery.shape, ...auditSort.shape });
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditRow = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_type: z.string(),
  /** The acting account (null: the system, e.g. a platform message). */
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  /** Its mobile at the time: masked (138****0001) in the list, in full in the export. */
  actor_mobile: z.string(),
  /** Its role at the time: 主账号 (the owner), the sub-account's role name, or '' for the system. */
  actor_role: z.string(),
  ip: z.string(),
  kind: z.string(),
  kind_text: z.string(),
  action: z.string(),
  action_text: z.string(),
  object_id: z.string(),
  object_label: z.string(),
  /** The recorded fields before the change (null: created) and after it (null: deleted). */
  before: auditSnapshot.nullable(),
  after: auditSnapshot.nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditNamespaces = ['merchant', 'warehouse', 'center', 'admin'] as const;
export type AuditNamespace = (typeof auditNamespaces)[number];

function auditEndpoints(ns: AuditNamespace) {
  const p = `/${ns}/v1/Audit`;
  return {
    list: endpoint({ method: 'GET', path: `${p}/list`, summary: 'Audit log (操作日志): recorded changes, newest first (or sort_by created_at)', query: auditListQuery, data: paged(auditRow) }),
    export: endpoint({ method: 'GET', path: `${p}/export`, summary: 'The audit log as an Excel file (same filters, at most 10000 rows)', query: auditFilterQuery, data: z.unknown() }),
  };
}

export const auditApi = {
  merchant: auditEndpoints('merchant'),
  warehouse: auditEndpoints('warehouse'),
  center: auditEndpoints('center'),
  admin: auditEndpoints('admin'),
};
export type AuditEndpoints = ReturnType<typeof auditEndpoints>;
