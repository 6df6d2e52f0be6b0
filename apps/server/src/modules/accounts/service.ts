import type { AccountPrefData, PermissionGroups, RoleRow, SubAccount, UserType } from '@gemqc/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { accountListQuery, accountPrefBody, accountResetPasswordBody, accountSaveBody, accountStatusBody, roleListQuery, roleSaveBody } from '@gemqc/contract';
import { BusinessError, NotFoundError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { isPermissionOf, permissionCatalogue } from '../../platform/permissions';
import { revokeAccountSessions, type Session } from '../../platform/sessions';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

// What other modules read and write of accounts, organisations and roles (they never import the repo).
export {
  centreCodeExists,
  findAccountById,
  findAccountByMobile,
  findCentre,
  findMerchant,
  findRolePermissions,
  insertAccount,
  insertCentre,
  insertMerchant,
  insertRole,
  listActiveCentres,
  listMerchantShops,
  recordLogin,
  updateProfile,
  type AccountRow,
  type CentreRow,
} from './repo';

/** Who is managing: the caller's organisation, portal and own account. */
export interface Manager {
  org: repo.Org;
  accountId: number;
  isOwner: boolean;
}

export function managerOf(session: Session): Manager {
  return { org: { userType: session.userType, merchantId: session.merchantId, centreId: session.centreId }, accountId: session.accountId, isOwner: session.isOwner };
}

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^\d{5}$/.test(code)) return code;
  }
  return undefined;
}

const MOBILE_TAKEN = '该手机号已被使用';

function subAccountView(r: repo.SubAccountRow): SubAccount {
  return {
    id: String(r.id),
    mobile: r.mobile,
    name: r.name,
    role_id: r.roleId === null ? null : String(r.roleId),
    role_name: r.roleName,
    status: r.status,
    last_login_at: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    can_delete: r.lastLoginAt === null,
  };
}

function roleView(r: repo.RoleListRow): RoleRow {
  return { id: String(r.id), name: r.name, description: r.description, permissions: r.permissions, account_count: r.accountCount, created_at: r.createdAt.toISOString() };
}

function pageOf(q: { page: number; page_size: number }) {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

async function subAccountOrNotFound(db: Db, m: Manager, id: number): Promise<repo.SubAccountRow> {
  const row = await repo.findSubAccount(db, m.org, id);
  if (!row) throw new NotFoundError('子账号不存在或已被删除');
  return row;
}

async function roleOrNotFound(db: Db, m: Manager, id: number): Promise<repo.RoleListRow> {
  const row = await repo.findOrgRole(db, m.org, id);
  if (!row) throw new NotFoundError('角色不存在或已被删除');
  return row;
}

/** What the audit log records of a sub-account and of a role, and whose log it goes to. */
const accountSnapshot = (r: { name: string; mobile: string; roleName: string | null }) => ({ name: r.name, mobile: r.mobile, role: r.roleName });
const accountObject = (m: Manager, r: { id: number; name: string; mobile: string }) => ({ id: r.id, label: `${r.name}（${r.mobile}）`, centreId: m.org.centreId, merchantId: m.org.merchantId });
const roleSnapshot = (r: { name: string; description: string; permissions: string[] }) => ({ name: r.name, description: r.description, permissions: r.permissions });

function notSelf(m: Manager, id: number, what: string): void {
  if (id === m.accountId) throw new BusinessError(`不能${what}当前登录的账号`, 'accounts.self');
}

// ---- sub-accounts ----

export async function listAccounts(db: Db, m: Manager, q: z.output<typeof accountListQuery>) {
  const { rows, total } = await repo.listSubAccounts(db, m.org, { keyword: q.keyword, status: q.status, roleId: q.role_id === undefined ? undefined : Number(q.role_id) }, pageOf(q), q);
  return { list: rows.map(subAccountView), total, page: q.page, page_size: q.page_size };
}

/** Creates a sub-account (mobile unique within the portal) or edits its name and role. */
export async function saveAccount(db: Db, m: Manager, body: z.output<typeof accountSaveBody>, now: Date, who: Who): Promise<SubAccount> {
  const role = await roleOrNotFound(db, m, Number(body.role_id));
  if (body.id) {
    const id = Number(body.id);
    const current = await subAccountOrNotFound(db, m, id);
    if (id === m.accountId && current.roleId !== role.id) throw new BusinessError('不能修改当前登录账号自己的角色', 'accounts.self_role');
    const after = await db.transaction(async (tx) => {
      await repo.updateSubAccount(tx, id, { name: body.name, roleId: role.id }, now);
      const row = (await repo.findSubAccount(tx, m.org, id))!;
      await recordChange(tx, { ...who, kind: 'sub_account', action: 'update', object: accountObject(m, row), before: accountSnapshot(current), after: accountSnapshot(row), now });
      return row;
    });
    return subAccountView(after);
  }
  const mobile = body.mobile!;
  if (await repo.findAccountByMobile(db, m.org.userType, mobile)) throw new BusinessError(MOBILE_TAKEN, 'accounts.mobile_taken');
  const parentId = m.isOwner ? m.accountId : ((await repo.findOrgOwnerId(db, m.org)) ?? m.accountId);
  const passwordHash = await hashPassword(body.password!);
  let created: repo.SubAccountRow;
  try {
    created = await db.transaction(async (tx) => {
      const id = await repo.insertAccount(tx, {
      userType: m.org.userType,
      mobile,
      name: body.name,
      passwordHash,
      merchantId: m.org.merchantId,
      centreId: m.org.centreId,
      parentId,
      roleId: role.id,
      now,
      });
      const row = (await repo.findSubAccount(tx, m.org, id))!;
      await recordChange(tx, { ...who, kind: 'sub_account', action: 'create', object: accountObject(m, row), before: null, after: accountSnapshot(row), now });
      return row;
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw new BusinessError(MOBILE_TAKEN, 'accounts.mobile_taken');
    throw err;
  }
  return subAccountView(created);
}

/** Enables or disables a sub-account; disabling also revokes every session it has. */
export async function setAccountStatus(db: Db, m: Manager, body: z.output<typeof accountStatusBody>, now: Date, who: Who): Promise<SubAccount> {
  const id = Number(body.id);
  const row = await subAccountOrNotFound(db, m, id);
  notSelf(m, id, body.status === 0 ? '禁用' : '启用');
  await db.transaction(async (tx) => {
    await repo.setAccountStatus(tx, id, body.status, now);
    if (body.status === 0) await revokeAccountSessions(tx, id, now);
    const action = body.status === 0 ? 'disable' : 'enable';
    await recordChange(tx, { ...who, kind: 'sub_account', action, object: accountObject(m, row), before: { enabled: row.status === 1 }, after: { enabled: body.status === 1 }, now });
  });
  return subAccountView((await repo.findSubAccount(db, m.org, id))!);
}

/** Sets a new password and signs the sub-account out everywhere (it signs in with the new one). */
export async function resetPassword(db: Db, m: Manager, body: z.output<typeof accountResetPasswordBody>, now: Date, who: Who): Promise<null> {
  const id = Number(body.id);
  const row = await subAccountOrNotFound(db, m, id);
  notSelf(m, id, '在这里重置');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await repo.updateSubAccount(tx, id, { passwordHash }, now);
    await revokeAccountSessions(tx, id, now);
    // the password itself is never recorded, only that it was reset
    await recordChange(tx, { ...who, kind: 'sub_account', action: 'reset_password', object: accountObject(m, row), before: null, after: null, now });
  });
  return null;
}

/**
 * Deletes a sub-account that has never signed in. One that has signed in is the operator of
 * records (ledger entries, order events, templates) and is kept: disable it instead.
 */
export async function deleteAccount(db: Db, m: Manager, accountId: number, who: Who): Promise<null> {
  const row = await subAccountOrNotFound(db, m, accountId);
  notSelf(m, accountId, '删除');
  const refuse = () => new BusinessError(`子账号「${row.name}」已登录使用过，为保留操作记录不能删除，如不再使用请禁用`, 'accounts.delete_used');
  if (row.lastLoginAt) throw refuse();
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.deleteNeverUsedAccount(tx, accountId))) throw refuse();
      await recordChange(tx, { ...who, kind: 'sub_account', action: 'delete', object: accountObject(m, row), before: accountSnapshot(row), after: null });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw refuse();
    throw err;
  }
  return null;
}

// ---- roles ----

export async function listRoles(db: Db, m: Manager, q: z.output<typeof roleListQuery>) {
  const { rows, total } = await repo.listRoles(db, m.org, { keyword: q.keyword }, pageOf(q));
  return { list: rows.map(roleView), total, page: q.page, page_size: q.page_size };
}

/** Every key must be in the portal's catalogue; duplicates are dropped, catalogue order kept. */
export function checkPermissionKeys(userType: UserType, keys: readonly string[]): string[] {
  const unknown = keys.filter((k) => !isPermissionOf(userType, k));
  if (unknown.length) throw new BusinessError(`权限「${unknown.join('、')}」不存在，请刷新页面后重新选择`, 'accounts.unknown_permission', { unknown });
  const wanted = new Set(keys);
  return permissionCatalogue[userType].map((p) => p.key).filter((k) => wanted.has(k));
}

export async function saveRole(db: Db, m: Manager, body: z.output<typeof roleSaveBody>, now: Date, who: Who): Promise<RoleRow> {
  const permissions = checkPermissionKeys(m.org.userType as UserType, body.permissions);
  const id = body.id ? Number(body.id) : undefined;
  const current = id === undefined ? undefined : await roleOrNotFound(db, m, id);
  const taken = () => new BusinessError(`已有名为「${body.name}」的角色，请换一个名称`, 'accounts.role_name_taken');
  if (await repo.roleNameTaken(db, m.org, body.name, id)) throw taken();
  let saved: repo.RoleListRow;
  try {
    saved = await db.transaction(async (tx) => {
      let roleId: number;
      if (id !== undefined) {
        await repo.updateRole(tx, id, { name: body.name, description: body.description, permissions });
        roleId = id;
      } else {
        roleId = await repo.insertRole(tx, { userType: m.org.userType, merchantId: m.org.merchantId, centreId: m.org.centreId, name: body.name, description: body.description, permissions, now });
      }
      const row = (await repo.findOrgRole(tx, m.org, roleId))!;
      await recordChange(tx, {
        ...who,
        kind: 'role',
        action: current ? 'update' : 'create',
        object: { id: roleId, label: row.name, centreId: m.org.centreId, merchantId: m.org.merchantId },
        before: current ? roleSnapshot(current) : null,
        after: roleSnapshot(row),
        now,
      });
      return row;
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw taken();
    throw err;
  }
  return roleView(saved);
}

/** Refused while sub-accounts use the role (they would lose every permission). */
export async function deleteRole(db: Db, m: Manager, roleId: number, who: Who): Promise<null> {
  const role = await roleOrNotFound(db, m, roleId);
  const inUse = (n: number) =>
    new BusinessError(`角色「${role.name}」还有 ${n} 个子账号在使用，请先为这些子账号更换角色后再删除`, 'accounts.role_in_use', { account_count: n });
  try {
    await db.transaction(async (tx) => {
      await repo.lockRole(tx, roleId);
      const n = await repo.countAccountsWithRole(tx, roleId);
      if (n > 0) throw inUse(n);
      await repo.deleteRole(tx, roleId);
      await recordChange(tx, { ...who, kind: 'role', action: 'delete', object: { id: roleId, label: role.name, centreId: m.org.centreId, merchantId: m.org.merchantId }, before: roleSnapshot(role), after: null });
    });
  } catch (err) {
    // a sub-account given the role at the same moment: the foreign key refuses the delete
    if (pgCode(err) === '23503') throw inUse(await repo.countAccountsWithRole(db, roleId));
    throw err;
  }
  return null;
}

/** The portal's catalogue grouped by menu, in catalogue order (the role editor's tree). */
export function permissionGroupsOf(userType: UserType): PermissionGroups {
  const groups: PermissionGroups = [];
  for (const p of permissionCatalogue[userType]) {
    let g = groups.find((x) => x.group === p.group);
    if (!g) groups.push((g = { group: p.group, permissions: [] }));
    g.permissions.push({ key: p.key, label: p.label });
  }
  return groups;
}

// ---- the signed-in account's own preferences ----

function prefView(key: string, row: repo.AccountPrefRow | undefined): AccountPrefData {
  return { key, value: row ? row.value : null, updated_at: row ? row.updatedAt.toISOString() : null };
}

/** One preference of the signed-in account (value null while never saved): only ever its own. */
export async function getPref(db: Db, accountId: number, key: string): Promise<AccountPrefData> {
  return prefView(key, await repo.findPref(db, accountId, key));
}

/**
 * Stores one preference of the signed-in account (the contract checked the key's kind and the
 * size). A new key beyond `maxKeys` (PREF_KEYS_PER_ACCOUNT) is refused: the contract bounds each
 * value, this bounds how many an account keeps.
 */
export async function savePref(db: Db, accountId: number, body: z.output<typeof accountPrefBody>, now: Date, maxKeys: number): Promise<AccountPrefData> {
  const row = await db.transaction(async (tx) => {
    if (!(await repo.findPref(tx, accountId, body.key)) && (await repo.countPrefsLocked(tx, accountId)) >= maxKeys) {
      throw new BusinessError(`个人设置已达上限（${maxKeys} 项），无法再保存新的设置，请联系管理员`, 'pref.too_many_keys', { max_keys: maxKeys });
    }
    return repo.upsertPref(tx, accountId, body.key, body.value, now);
  });
  return prefView(body.key, row);
}
