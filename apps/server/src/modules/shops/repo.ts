import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gemCategories, shopOauthStates, shops, testingOrders } from '../../db/schema';

export type ShopRow = typeof shops.$inferSelect;
export type OauthStateRow = typeof shopOauthStates.$inferSelect;

// ---- OAuth states

export async function insertState(db: Db, row: { stateHash: string; merchantId: number; accountId: number; redirectUri: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.insert(shopOauthStates).values({
    stateHash: row.stateHash,
    merchantId: row.merchantId,
    accountId: row.accountId,
    redirectUri: row.redirectUri,
    createdAt: row.now,
    expiresAt: row.expiresAt,
  });
}

/** Removes states that expired more than a day ago (kept a day so "expired" can be told apart). */
export async function deleteStaleStates(db: Db, before: Date): Promise<void> {
  await db.delete(shopOauthStates).where(lt(shopOauthStates.expiresAt, before));
}

/** Marks the state used if it is unused and unexpired; answers it, or undefined. Atomic. */
export async function consumeState(db: Db, stateHash: string, now: Date): Promise<OauthStateRow | undefined> {
  const [row] = await db
    .update(shopOauthStates)
    .set({ usedAt: now })
    .where(and(eq(shopOauthStates.stateHash, stateHash), isNull(shopOauthStates.usedAt), sql`${shopOauthStates.expiresAt} > ${now}`))
    .returning();
  return row;
}

export async function findState(db: Db, stateHash: string): Promise<OauthStateRow | undefined> {
  const [row] = await db.select().from(shopOauthStates).where(eq(shopOauthStates.stateHash, stateHash));
  return row;
}

// ---- shops

/** The merchant's shop by platform shop id (another merchant's shop is not found). */
export async function findMerchantShop(db: Db, merchantId: number, platform: string, shopId: string): Promise<ShopRow | undefined> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.merchantId, merchantId), eq(shops.platform, platform), eq(shops.shopId, shopId)));
  return row;
}

export async function findShopById(db: Db, id: number): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id));
  return row;
}

export async function lockShopByPlatformId(tx: Db, platform: string, shopId: string): Promise<ShopRow | undefined> {
  const [row] = await tx
    .select()
    .from(shops)
    .where(and(eq(shops.platform, platform), eq(shops.shopId, shopId)))
    .for('update');
  return row;
}

export interface TokenFields {
  accessTokenEnc: string;
  refreshTokenEnc: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

export async function insertShop(tx: Db, row: { merchantId: number; platform: string; shopId: string; shopName: string; now: Date } & TokenFields): Promise<ShopRow> {
  const [r] = await tx
    .insert(shops)
    .values({
      merchantId: row.merchantId,
      platform: row.platform,
      shopId: row.shopId,
      shopName: row.shopName,
      accessTokenEnc: row.accessTokenEnc,
      refreshTokenEnc: row.refreshTokenEnc,
      accessExpiresAt: row.accessExpiresAt,
      refreshExpiresAt: row.refreshExpiresAt,
      authorisedAt: row.now,
      createdAt: row.now,
      status: 'active',
    })
    .returning();
  return r!;
}

/** A new authorisation of a known shop: new tokens, name and time; active again. */
export async function reauthoriseShop(tx: Db, id: number, row: { shopName: string; now: Date } & TokenFields): Promise<ShopRow> {
  const [r] = await tx
    .update(shops)
    .set({
      shopName: row.shopName,
      accessTokenEnc: row.accessTokenEnc,
      refreshTokenEnc: row.refreshTokenEnc,
      accessExpiresAt: row.accessExpiresAt,
      refreshExpiresAt: row.refreshExpiresAt,
      authorisedAt: row.now,
      status: 'active',
    })
    .where(eq(shops.id, id))
    .returning();
  return r!;
}

/**
 * Stores refreshed tokens only if the refresh token is still the one we used (compare and set),
 * so two processes refreshing at once cannot overwrite each other's newer tokens.
 */
export async function storeRefreshedTokens(db: Db, id: number, usedRefreshEnc: string, t: TokenFields): Promise<ShopRow | undefined> {
  const [r] = await db
    .update(shops)
    .set({ ...t, status: 'active' })
    .where(and(eq(shops.id, id), eq(shops.refreshTokenEnc, usedRefreshEnc)))
    .returning();
  return r;
}

/** Marks the shop expired unless its tokens changed meanwhile (someone else refreshed). */
export async function markExpired(db: Db, id: number, usedRefreshEnc: string | null): Promise<boolean> {
  const r = await db
    .update(shops)
    .set({ status: 'expired' })
    .where(and(eq(shops.id, id), usedRefreshEnc === null ? isNull(shops.refreshTokenEnc) : eq(shops.refreshTokenEnc, usedRefreshEnc)))
    .returning({ id: shops.id });
  return r.length > 0;
}

/** Active shops whose access token expires before `before` (the refresh job's work). */
export async function shopsExpiringBefore(db: Db, before: Date, limit: number): Promise<ShopRow[]> {
  return db
    .select()
    .from(shops)
    .where(and(eq(shops.status, 'active'), lt(shops.accessExpiresAt, before)))
    .orderBy(asc(shops.accessExpiresAt))
    .limit(limit);
}

export async function setLastPulled(db: Db, id: number, now: Date): Promise<void> {
  await db.update(shops).set({ lastPulledAt: now }).where(eq(shops.id, id));
}

export async function listMerchantShops(db: Db, merchantId: number, page: number, pageSize: number): Promise<{ rows: ShopRow[]; total: number }> {
  const where = eq(shops.merchantId, merchantId);
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(where)
      .orderBy(desc(shops.authorisedAt), desc(shops.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(shops).where(where),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

// ---- testing orders and categories (read only)

/** Platform order ids of the merchant that already have a live (not cancelled) testing order. */
export async function platformOrdersWithTestingOrder(db: Db, merchantId: number, platformOrderIds: string[]): Promise<Set<string>> {
  if (!platformOrderIds.length) return new Set();
  const rows = await db
    .select({ p: testingOrders.platformOrderId })
    .from(testingOrders)
    .where(and(eq(testingOrders.merchantId, merchantId), inArray(testingOrders.platformOrderId, platformOrderIds), ne(testingOrders.status, 'cancelled')));
  return new Set(rows.map((r) => r.p).filter((p): p is string => p !== null));
}

export async function listActiveCategories(db: Db): Promise<{ id: number; code: string; name: string }[]> {
  return db
    .select({ id: gemCategories.id, code: gemCategories.code, name: gemCategories.name })
    .from(gemCategories)
    .where(eq(gemCategories.status, 1))
    .orderBy(asc(gemCategories.sort), asc(gemCategories.id));
}
