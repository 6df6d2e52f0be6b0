import { z } from 'zod';
import { endpoint, listSort, mobile, pageQuery, paged, ref, refTo } from './common';

/**
 * Sub-accounts and roles (子账号管理 / 角色管理, docs/domain.md#portals). The same endpoints exist in the
 * warehouse (质检端), service-centre and merchant namespaces; each manages the sub-accounts and roles
 * of the caller's own organisation (centre or merchant) and portal.
 *
 * Deleting: a sub-account that has never signed in is deleted; one that has signed in keeps its
 * history (operator of ledger entries, order events, templates) and can only be disabled.
 */

export const accountNamespaces = ['warehouse', 'center', 'merchant'] as const;
export type AccountNamespace = (typeof accountNamespaces)[number];

// ---- field rules (the web forms use the same schemas, so the messages agree) ----

export const accountName = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, { error: '请输入姓名' })
  .max(20, { error: '姓名不能超过20个字' });

/** An initial or reset password: 8–64 characters with letters and digits. */
export const accountPassword = z
  .string({ error: '请输入密码' })
  .min(1, { error: '请输入密码' })
  .min(8, { error: '密码至少8位' })
  .max(64, { error: '密码不能超过64位' })
  .regex(/[A-Za-z]/, { error: '密码须同时包含字母和数字' })
  .regex(/\d/, { error: '密码须同时包含字母和数字' });

export const roleId = refTo('role', z.union([z.string(), z.number()], { error: '请选择角色' }).transform((v) => String(v)).pipe(z.string().regex(/^\d{1,18}$/, { error: '请选择角色' })));

export const accountStatusValue = z.union([z.literal(0), z.literal(1)], { error: '状态只能是启用或禁用' });

export const roleName = z
  .string({ error: '请输入角色名称' })
  .trim()
  .min(1, { error: '请输入角色名称' })
  .max(20, { error: '角色名称不能超过20个字' });

export const roleDescription = z.string({ error: '描述必须是文字' }).trim().max(100, { error: '描述不能超过100个字' });

export const rolePermissionKeys = z
  .array(z.string({ error: '权限格式不正确' }).trim().min(1, { error: '权限格式不正确' }).max(60, { error: '权限格式不正确' }), { error: '请选择权限' })
  .min(1, { error: '请至少选择一项权限' })
  .max(100, { error: '权限数量过多' });

// ---- accounts ----

/** 子账号管理 sorts by 创建时间 (default: newest first), 最近登录 (never signed in last) and 状态. */
export const accountSort = listSort({ created_at: '创建时间', last_login_at: '最近登录', status: '状态' });

export const accountListQuery = pageQuery.extend({
  ...accountSort.shape,
  /** Name or mobile, contains. */
  keyword: z.string().trim().max(50, { error: '关键字不能超过50个字' }).optional().transform((v) => v || undefined),
  /** 1 enabled, 0 disabled; absent: both. */
  status: z
    .union([z.literal(''), z.coerce.number().int().min(0, { error: '状态只能是启用或禁用' }).max(1, { error: '状态只能是启用或禁用' })])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  role_id: z.union([z.literal(''), ref('role')]).optional().transform((v) => v || undefined),
});
export type AccountListQuery = z.input<typeof accountListQuery>;

export const subAccount = z.object({
  id: z.string(),
  mobile: z.string(),
  name: z.string(),
  role_id: z.string().nullable(),
  role_name: z.string().nullable(),
  /** 1 enabled, 0 disabled */
  status: z.number(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** True while it has never signed in (only then it can be deleted). */
  can_delete: z.boolean(),
});
export type SubAccount = z.infer<typeof subAccount>;

/** Create (no id: mobile, name, role and initial password) or edit (id: name and role). */
export const accountSaveBody = z
  .object({
    id: ref('account').optional(),
    mobile: mobile.optional(),
    name: accountName,
    role_id: roleId,
    password: accountPassword.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id) return;
    if (!v.mobile) ctx.addIssue({ code: 'custom', message: '请输入手机号', path: ['mobile'] });
    else if (!v.password) ctx.addIssue({ code: 'custom', message: '请设置初始密码', path: ['password'] });
  });
export type AccountSaveBody = z.input<typeof accountSaveBody>;

export const accountStatusBody = z.object({ id: ref('account'), status: accountStatusValue });
export const accountResetPasswordBody = z.object({ id: ref('account'), password: accountPassword });
export const accountIdBody = z.object({ id: ref('account') });
export const roleIdBody = z.object({ id: ref('role') });

// ---- roles ----

export const roleListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50, { error: '关键字不能超过50个字' }).optional().transform((v) => v || undefined),
});
export type RoleListQuery = z.input<typeof roleListQuery>;

export const roleRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  /** Sub-accounts that use the role. */
  account_count: z.number(),
  created_at: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleSaveBody = z.object({
  id: ref('role').optional(),
  name: roleName,
  description: roleDescription.optional().default(''),
  permissions: rolePermissionKeys,
});
export type RoleSaveBody = z.input<typeof roleSaveBody>;

export const permissionItem = z.object({ key: z.string(), label: z.string() });
/** The portal's permission catalogue grouped by menu (for the role editor). */
export const permissionGroups = z.array(z.object({ group: z.string(), permissions: z.array(permissionItem) }));
export type PermissionGroups = z.infer<typeof permissionGroups>;

function accountEndpoints(ns: AccountNamespace) {
  const p = `/${ns}/v1`;
  return {
    list: endpoint({ method: 'GET', path: `${p}/Account/list`, summary: 'Sub-accounts of the caller’s organisation (keyword, status, role)', query: accountListQuery, data: paged(subAccount) }),
    save: endpoint({ method: 'POST', path: `${p}/Account/save`, summary: 'Create a sub-account (mobile, name, role, initial password) or edit its name and role', idempotent: true, body: accountSaveBody, data: subAccount }),
    status: endpoint({ method: 'POST', path: `${p}/Account/status`, summary: 'Enable or disable a sub-account (disabling signs it out everywhere)', body: accountStatusBody, data: subAccount }),
    resetPassword: endpoint({ method: 'POST', path: `${p}/Account/resetPassword`, summary: 'Set a new password (signs the sub-account out everywhere)', body: accountResetPasswordBody, data: z.null() }),
    delete: endpoint({ method: 'POST', path: `${p}/Account/delete`, summary: 'Delete a sub-account that has never signed in (others can only be disabled)', body: accountIdBody, data: z.null() }),
    roleList: endpoint({ method: 'GET', path: `${p}/Role/list`, summary: 'Roles of the caller’s organisation', query: roleListQuery, data: paged(roleRow) }),
    roleSave: endpoint({ method: 'POST', path: `${p}/Role/save`, summary: 'Create or edit a role (permission keys of the portal’s catalogue)', idempotent: true, body: roleSaveBody, data: roleRow }),
    roleDelete: endpoint({ method: 'POST', path: `${p}/Role/delete`, summary: 'Delete a role no sub-account uses', body: roleIdBody, data: z.null() }),
    rolePermissions: endpoint({ method: 'GET', path: `${p}/Role/permissions`, summary: 'The portal’s permission catalogue grouped by menu', data: permissionGroups }),
  };
}

export const accountsApi = {
  warehouse: accountEndpoints('warehouse'),
  center: accountEndpoints('center'),
  merchant: accountEndpoints('merchant'),
};
export type AccountEndpoints = ReturnType<typeof accountEndpoints>;

// ---- preferences of the signed-in account (they follow the user to another browser) ----

/**
 * What each kind of preference holds; a key is `<kind>:<name>`. `columns:<list id>` (列设置): the
 * ids of the columns the account hides in that list (the web's ResponsiveTable `columnsKey`).
 */
export const accountPrefKinds = {
  columns: z
    .array(z.string({ error: '列设置只能是列名的列表' }).max(100, { error: '列名不能超过100个字符' }), { error: '列设置只能是列名的列表' })
    .max(100, { error: '列设置最多记住100列' }),
} as const;
export type AccountPrefKind = keyof typeof accountPrefKinds;

/** A stored preference is at most this many bytes of JSON. */
export const ACCOUNT_PREF_MAX_BYTES = 4096;

const prefKindNames = Object.keys(accountPrefKinds).join('|');
/** `<kind>:<name>`: a kind of accountPrefKinds, a name of letters, digits, `.`, `_`, `-` (at most 64). */
export const accountPrefKey = z
  .string({ error: '请指定设置项' })
  .trim()
  .regex(new RegExp(`^(${prefKindNames}):[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`), { error: '设置项名称不正确（例如 columns:列表名）' });

/** The kind of a key (what precedes its colon). */
function accountPrefKindOf(key: unknown): AccountPrefKind {
  return (typeof key === 'string' ? key.slice(0, Math.max(0, key.indexOf(':'))) : '') as AccountPrefKind;
}

export const accountPrefBody = z
  .object({ key: accountPrefKey, value: z.unknown().optional() })
  .superRefine((b, ctx) => {
    const kind = accountPrefKindOf(b.key);
    if (!Object.hasOwn(accountPrefKinds, kind)) return; // the key's own issue says what is wrong
    if (b.value === undefined) return void ctx.addIssue({ code: 'custom', message: '请提供设置内容', path: ['value'] });
    // the kind's shape first (a flat list): only then is its size measured
    const shaped = accountPrefKinds[kind].safeParse(b.value);
    if (!shaped.success) return void ctx.addIssue({ code: 'custom', message: shaped.error.issues[0]?.message ?? '设置内容格式不正确', path: ['value'] });
    if (new TextEncoder().encode(JSON.stringify(shaped.data)).length > ACCOUNT_PREF_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: `设置内容过大，最多${ACCOUNT_PREF_MAX_BYTES}字节`, path: ['value'] });
    }
  });
export type AccountPrefBody = z.input<typeof accountPrefBody>;

export const accountPrefData = z.object({
  key: z.string(),
  /** null: never saved (the web keeps its default). */
  value: z.unknown().nullable(),
  updated_at: z.string().nullable(),
});
export type AccountPrefData = z.infer<typeof accountPrefData>;

/** The signed-in account's own preferences, in every portal: nobody reads or writes another's. */
export const accountPrefsApi = {
  get: endpoint({
    method: 'GET',
    path: '/common/v1/Pref/get',
    summary: 'One preference of the signed-in account by key (columns:<list id>); value null when never saved',
    query: z.object({ key: accountPrefKey }),
    data: accountPrefData,
  }),
  save: endpoint({
    method: 'POST',
    path: '/common/v1/Pref/save',
    summary: `Store one preference of the signed-in account (columns:<list id> → the hidden column ids; at most ${ACCOUNT_PREF_MAX_BYTES} bytes)`,
    body: accountPrefBody,
    data: accountPrefData,
  }),
};
