import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { loadConfig, testConfig } from '../../config';
import { fakeShopTokens, fakeShops } from '../../integrations/doudian/fake';
import { encryptSecret } from '../../platform/crypto';
import { merchants, shops } from '../schema';

export interface ShopSeedSecrets {
  /** SECRET_KEY the server encrypts tokens with. */
  secretKey: string;
  /** DOUDIAN_APP_SECRET: the embedded fake platform accepts tokens derived from it. */
  appSecret: string;
}

/**
 * The keys the running server will use: the same configuration main.ts loads (SECRET_KEY or
 * DATA_DIR/secret.key; DOUDIAN_APP_SECRET); under Vitest the test configuration's, without
 * writing a key file.
 */
export function defaultShopSeedSecrets(): ShopSeedSecrets {
  const c = process.env.VITEST ? testConfig() : loadConfig(process.env, { persistSecret: true });
  return { secretKey: c.secretKey, appSecret: c.doudian.appSecret };
}

/**
 * 翠玉轩珠宝 (13800000001) has one authorised Doudian shop (docs/domain.md#demo). Its tokens belong to the
 * embedded fake platform: derived from the app secret and the shop id, so the fake accepts them
 * after any restart. The stored access expiry is 7 days from seeding; past it the server refreshes
 * through the fake like for any shop.
 */
export async function seedShops(database: Database, secrets: ShopSeedSecrets = defaultShopSeedSecrets()): Promise<void> {
  const { db } = database;
  const [m] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.mobile, '13800000001'));
  if (!m) return;
  const shop = fakeShops[0]!;
  const t = fakeShopTokens(secrets.appSecret, shop.shopId, shop.shopName);
  const now = new Date();
  await db
    .insert(shops)
    .values({
      merchantId: m.id,
      platform: 'doudian',
      shopId: shop.shopId,
      shopName: shop.shopName,
      accessTokenEnc: encryptSecret(secrets.secretKey, t.accessToken),
      refreshTokenEnc: encryptSecret(secrets.secretKey, t.refreshToken),
      accessExpiresAt: new Date(now.getTime() + 7 * 86_400_000),
      refreshExpiresAt: new Date(now.getTime() + 365 * 86_400_000),
      authorisedAt: now,
      status: 'active',
      createdAt: now,
    })
    .onConflictDoNothing();
}
