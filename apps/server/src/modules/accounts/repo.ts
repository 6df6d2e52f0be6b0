import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { accountSort, SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import { accountPrefs, accounts, centres, merchants, roles, shops } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type CentreRow = typeof centres.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;

export async function findAccountByMobile(db: Db, userType: string, mobile: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(and(eq(accounts.userType, userType), eq(accounts.mobile, mobile))).limit(1);
  return rows[0];
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}

export async function findCentre(db: Db, id: number): Promise<CentreRow | undefined> {
  const rows = await db.select().from(centres).where(eq(centres.id, id)).limit(1);
  return rows[0];
}

export async function findMerchant(db: Db, id: number): Promise<MerchantRow | undefined> {
  const rows = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return rows[0];
}

export async function findRolePermissions(db: Db, roleId: number): Promise<string[] | undefined> {
  const rows = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return rows[0]?.permissions;
}

export async function listMerchantShops(db: Db, merchantId: number): Promise<{ shopId: string; shopName: string; status: string }[]> {
  return db
    .select({ shopId: shops.shopId, shopName: shops.shopName, status: shops.status })
    .from(shops)
    .where(eq(shops.merchantId, merchantId))
    .orderBy(asc(shops.id));
}

export async function listActiveCentres(db: Db): Promise<{ id: number; name: string; code: string }[]> {
  return db.select({ id: centres.id, name: centres.name, code: centres.code }).from(centres).where(eq(centres.status, 1)).orderBy(asc(centres.id));
}

/** Counts one wrong password atomically; answers the new count. */
export async function recordLogin(db: Db, id: number, now: Date): Promise<void> {
  await db.update(accounts).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(accounts.id, id));
}

export async function updateProfile(
  db: Db,
  id: number,
  patch: { name?: string; avatar?: string; introduction?: string; passwordHash?: string },
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...patch, updatedAt: now })
    .where(eq(accounts.id, id));
}

export async function insertMerchant(
  db: Db,
  row: { name: string; mobile: string; contact?: string; defaultCentreId: number | null; balance?: number; status?: number; now: Date },
): Promise<number> {
  const rows = await db
    .insert(merchants)
    .values({ name: row.name, mobile: row.mobile, contact: row.contact ?? '', defaultCentreId: row.defaultCentreId, balance: row.balance ?? 0, status: row.status ?? 1, createdAt: row.now })
    .returning({ id: merchants.id });
  return rows[0]!.id;
}

export async function insertCentre(
  db: Db,
  row: { name: string; code: string; address: string; contact?: string; mobile?: string; returnAddress?: string; status: number; now: Date },
): Promise<number> {
  const rows = await db
    .insert(centres)
    .values({
      name: row.name,
      code: row.code,
      address: row.address,
      contact: row.contact ?? '',
      mobile: row.mobile ?? '',
      returnAddress: row.returnAddress ?? row.address,
      status: row.status,
      createdAt: row.now,
    })
    .returning({ id: centres.id });
  return rows[0]!.id;
}

export async function centreCodeExists(db: Db, code: string): Promise<boolean> {
  const rows = await db.select({ id: centres.id }).from(centres).where(eq(centres.code, code)).limit(1);
  return rows.length > 0;
}

export async function insertAccount(
  db: Db,
  row: {
    userType: string;
    mobile: string;
    name: string;
    passwordHash: string | null;
    status?: number;
    merchantId?: number | null;
    centreId?: number | null;
    parentId?: number | null;
    roleId?: number | null;
    now: Date;
  },
): Promise<number> {
  const rows = await db
    .insert(accounts)
    .values({
      userType: row.userType,
      mobile: row.mobile,
      name: row.name,
      passwordHash: row.passwordHash,
      status: row.status ?? 1,
      merchantId: row.merchantId ?? null,
      centreId: row.centreId ?? null,
      parentId: row.parentId ?? null,
      roleId: row.roleId ?? null,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: accounts.id });
  return rows[0]!.id;
}

export async function insertRole(
  db: Db,
  row: { userType: string; merchantId?: number | null; centreId?: number | null; name: string; description?: string; permissions: string[]; now: Date },
): Promise<number> {
  const rows = await db
    .insert(roles)
    .values({
      userType: row.userType,
      merchantId: row.merchantId ?? null,
      centreId: row.centreId ?? null,
      name: row.name,
      description: row.description ?? '',
      permissions: row.permissions,
      createdAt: row.now,
    })
    .returning({ id: roles.id });
  return rows[0]!.id;
}

export async function setAccountStatus(db: Db, id: number, status: number, now: Date): Promise<void> {
  await db.update(accounts).set({ status, updatedAt: now }).where(eq(accounts.id, id));
}

// ---- sub-accounts and roles of one organisation (the accounts service) ----

/** The organisation and portal a caller manages: its centre (warehouse, service centre) or merchant. */
export interface Org {
  userType: string;
  merchantId: number | null;
  centreId: number | null;
}

function orgOfAccounts(org: Org): SQL {
  return and(
    eq(accounts.userType, org.userType),
    org.merchantId === null ? isNull(accounts.merchantId) : eq(accounts.merchantId, org.merchantId),
    org.centreId === null ? isNull(accounts.centreId) : eq(accounts.centreId, org.centreId),
  )!;
}

function orgOfRoles(org: Org): SQL {
  return and(
    eq(roles.userType, org.userType),
    org.merchantId === null ? isNull(roles.merchantId) : eq(roles.merchantId, org.merchantId),
    org.centreId === null ? isNull(roles.centreId) : eq(roles.centreId, org.centreId),
  )!;
}

const subAccountColumns = {
  id: accounts.id,
  mobile: accounts.mobile,
  name: accounts.name,
  roleId: accounts.roleId,
  roleName: roles.name,
  status: accounts.status,
  parentId: accounts.parentId,
  lastLoginAt: accounts.lastLoginAt,
  createdAt: accounts.createdAt,
};
export interface SubAccountRow {
  id: number;
  mobile: string;
  name: string;
  roleId: number | null;
  roleName: string | null;
  status: number;
  parentId: number | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface SubAccountFilter {
  keyword?: string;
  status?: number;
  roleId?: number;
}

function likeEscape(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** 子账号管理's sort keys → columns (an account that never signed in comes last either way). An organisation has a handful of sub-accounts: no index. */
const accountSortColumns = {
  created_at: accounts.createdAt,
  last_login_at: { by: accounts.lastLoginAt, nullsLast: true },
  status: accounts.status,
} satisfies SortColumns<SortKeyOf<typeof accountSort>>;

/** The organisation's sub-accounts (owners excluded), default newest first. */
export async function listSubAccounts(
  db: Db,
  org: Org,
  f: SubAccountFilter,
  page: { limit: number; offset: number },
  sort: ListSortQuery<SortKeyOf<typeof accountSort>> = { sort_order: 'desc' },
): Promise<{ rows: SubAccountRow[]; total: number }> {
  const where = and(
    orgOfAccounts(org),
    isNotNull(accounts.parentId),
    f.keyword ? or(ilike(accounts.name, likeEscape(f.keyword)), ilike(accounts.mobile, likeEscape(f.keyword))) : undefined,
    f.status === undefined ? undefined : eq(accounts.status, f.status),
    f.roleId === undefined ? undefined : eq(accounts.roleId, f.roleId),
  );
  const [rows, count] = await Promise.all([
    db.select(subAccountColumns).from(accounts).leftJoin(roles, eq(roles.id, accounts.roleId)).where(where).orderBy(...listOrderBy(accountSortColumns, sort, accounts.id, [desc(accounts.createdAt), desc(accounts.id)])).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A sub-account of the organisation (never its owner, never another organisation's). */
export async function findSubAccount(db: Db, org: Org, id: number): Promise<SubAccountRow | undefined> {
  const rows = await db
    .select(subAccountColumns)
    .from(accounts)
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(and(orgOfAccounts(org), isNotNull(accounts.parentId), eq(accounts.id, id)))
    .limit(1);
  return rows[0];
}

/** The organisation's owner account (parent of its sub-accounts). */
export async function findOrgOwnerId(db: Db, org: Org): Promise<number | undefined> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(and(orgOfAccounts(org), isNull(accounts.parentId))).orderBy(asc(accounts.id)).limit(1);
  return rows[0]?.id;
}

export async function updateSubAccount(db: Db, id: number, patch: { name?: string; roleId?: number; status?: number; passwordHash?: string }, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ ...patch, ...(patch.passwordHash ? { failedLogins: 0, lockedUntil: null } : {}), updatedAt: now })
    .where(eq(accounts.id, id));
}

/** Deletes a sub-account that has never signed in; answers false when it has (or is gone). */
export async function deleteNeverUsedAccount(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(accounts)
    .where(and(eq(accounts.id, id), isNotNull(accounts.parentId), isNull(accounts.lastLoginAt)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export interface RoleListRow {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  accountCount: number;
  createdAt: Date;
}

// spelled out: inside a one-table query Drizzle leaves column names unqualified
const accountCountOfRole = sql<number>`(select count(*)::int from accounts a where a.role_id = "roles"."id")`;

export async function listRoles(db: Db, org: Org, f: { keyword?: string }, page: { limit: number; offset: number }): Promise<{ rows: RoleListRow[]; total: number }> {
  const where = and(orgOfRoles(org), f.keyword ? ilike(roles.name, likeEscape(f.keyword)) : undefined);
  const [rows, count] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, description: roles.description, permissions: roles.permissions, accountCount: accountCountOfRole, createdAt: roles.createdAt })
      .from(roles)
      .where(where)
      .orderBy(asc(roles.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A role of the organisation (another organisation's answers undefined). */
export async function findOrgRole(db: Db, org: Org, id: number): Promise<RoleListRow | undefined> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description, permissions: roles.permissions, accountCount: accountCountOfRole, createdAt: roles.createdAt })
    .from(roles)
    .where(and(orgOfRoles(org), eq(roles.id, id)))
    .limit(1);
  return rows[0];
}

export async function roleNameTaken(db: Db, org: Org, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(orgOfRoles(org), eq(roles.name, name), exceptId === undefined ? undefined : ne(roles.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateRole(db: Db, id: number, patch: { name: string; description: string; permissions: string[] }): Promise<void> {
  await db.update(roles).set(patch).where(eq(roles.id, id));
}

/** Locks the role row so no sub-account is given it while it is being deleted. */
export async function lockRole(db: Db, id: number): Promise<void> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
}

export async function countAccountsWithRole(db: Db, roleId: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.roleId, roleId));
  return rows[0]?.n ?? 0;
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

// ---- the account's own preferences (account_prefs, migration 102) ----

export type AccountPrefRow = typeof accountPrefs.$inferSelect;

/** One preference of the account; undefined while it never saved that key. */
export async function findPref(db: Db, accountId: number, key: string): Promise<AccountPrefRow | undefined> {
  const [row] = await db.select().from(accountPrefs).where(and(eq(accountPrefs.accountId, accountId), eq(accountPrefs.key, key))).limit(1);
  return row;
}

/** How many preference keys the account keeps, its row locked (in a transaction) so two new keys at once count each other. */
export async function countPrefsLocked(db: Db, accountId: number): Promise<number> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accountPrefs).where(eq(accountPrefs.accountId, accountId));
  return row?.n ?? 0;
}

/** Stores (or replaces) one preference of the account: the last write wins. */
export async function upsertPref(db: Db, accountId: number, key: string, value: unknown, now: Date): Promise<AccountPrefRow> {
  const [row] = await db
    .insert(accountPrefs)
    .values({ accountId, key, value, updatedAt: now })
    .onConflictDoUpdate({ target: [accountPrefs.accountId, accountPrefs.key], set: { value, updatedAt: now } })
    .returning();
  return row!;
}
