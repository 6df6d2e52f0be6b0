import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, centres, merchants, roles, shops } from '../../db/schema';

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
export async function incrementFailedLogins(db: Db, id: number): Promise<number> {
  const rows = await db
    .update(accounts)
    .set({ failedLogins: sql`${accounts.failedLogins} + 1` })
    .where(eq(accounts.id, id))
    .returning({ failedLogins: accounts.failedLogins });
  return rows[0]?.failedLogins ?? 0;
}

export async function lockAccount(db: Db, id: number, until: Date): Promise<void> {
  await db.update(accounts).set({ lockedUntil: until, failedLogins: 0 }).where(eq(accounts.id, id));
}

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

export async function setMerchantStatus(db: Db, id: number, status: number): Promise<void> {
  await db.update(merchants).set({ status }).where(eq(merchants.id, id));
}

export async function setCentreStatus(db: Db, id: number, status: number): Promise<void> {
  await db.update(centres).set({ status }).where(eq(centres.id, id));
}
