import type { PendingOrder, PullOrdersData, SessionData, ShopItem } from '@gemqc/contract';
import { shopStatusLabel } from '@gemqc/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  DoudianAccessTokenExpiredError,
  DoudianAccessTokenInvalidError,
  DoudianError,
  DoudianGrantInvalidError,
  type DoudianClient,
  type DoudianShopOrder,
  type DoudianToken,
} from '../../integrations/doudian';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../platform/crypto';
import { BusinessError, NotFoundError } from '../../platform/errors';
import { createSession } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { buildInfo } from '../auth/service';
import { notifyShopReauth } from '../notifications/service';
import { createTestingOrder, type CreateTestingOrderItem } from '../orders/service';
import { resumeShopShipments } from '../platformSync/outbox';
import * as repo from './repo';

// a shop row by id, for the modules that call the platform with its token (withShopToken)
export { findShopById } from './repo';

export const PLATFORM = 'doudian';
export const STATE_TTL_MS = 10 * 60_000;
/** Refresh the access token when less than this is left. */
export const REFRESH_MARGIN_MS = 60 * 60_000;
/** The platform's refresh-token lifetime when it does not say (14 days). */
const DEFAULT_REFRESH_TTL_SEC = 14 * 86400;
/** How far back the pending-order list looks. */
export const PENDING_LOOKBACK_DAYS = 30;
/** The path of the web app's return page. */
export const RETURN_PATH = '/trader/doudian-auth';

/** What the shop services need: the database, config (secret key, session ttl), the client, the time. */
export interface ShopEnv {
  db: Db;
  config: Pick<Config, 'secretKey' | 'sessionTtlDays'>;
  /** null when no gateway is configured. */
  doudian: DoudianClient | null;
  authUrl: string;
  now: Date;
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
}

function client(env: ShopEnv): DoudianClient {
  if (!env.doudian) throw new BusinessError('抖店开放平台未配置，请联系管理员设置 DOUDIAN_GATEWAY_URL', 'shops.not_configured');
  return env.doudian;
}

/** A platform failure as a sentence for the merchant (details go to the log only). */
function platformFailure(env: ShopEnv, err: DoudianError, what: string): BusinessError {
  env.log?.warn({ kind: err.kind, ...err.detail }, 'doudian call failed');
  if (err.kind === 'timeout' || err.kind === 'network') return new BusinessError(`${what}失败：抖店开放平台暂时无法连接，请稍后重试`, 'shops.platform_unreachable');
  if (err.kind === 'rate_limited') return new BusinessError(`${what}失败：抖店接口调用过于频繁，请稍后重试`, 'shops.platform_rate_limited');
  return new BusinessError(`${what}失败：抖店开放平台返回错误，请稍后重试或联系客服`, 'shops.platform_error');
}

// ---------------------------------------------------------------- authorisation

/** A 10-minute single-use state bound to the merchant and account, and the authorise URL. */
export async function startAuthorisation(
  env: ShopEnv,
  args: { merchantId: number; accountId: number; origin: string },
): Promise<{ url: string; state: string; redirect_uri: string; expires_at: string }> {
  const c = client(env);
  const state = randomToken(24);
  const redirectUri = `${args.origin}${RETURN_PATH}`;
  const expiresAt = new Date(env.now.getTime() + STATE_TTL_MS);
  await repo.deleteStaleStates(env.db, new Date(env.now.getTime() - 86_400_000));
  await repo.insertState(env.db, { stateHash: sha256(state), merchantId: args.merchantId, accountId: args.accountId, redirectUri, now: env.now, expiresAt });
  return { url: c.authorizeUrl(env.authUrl, state, redirectUri), state, redirect_uri: redirectUri, expires_at: expiresAt.toISOString() };
}

async function consumeState(env: ShopEnv, state: string): Promise<repo.OauthStateRow> {
  const hash = sha256(state);
  const row = await repo.consumeState(env.db, hash, env.now);
  if (row) return row;
  const known = await repo.findState(env.db, hash);
  if (!known) throw new BusinessError('店铺授权链接无效，请回到 GemQC 重新发起店铺授权', 'shops.state_unknown');
  if (known.usedAt) throw new BusinessError('该店铺授权链接已使用过，请回到 GemQC 重新发起店铺授权', 'shops.state_used');
  throw new BusinessError('店铺授权已超时（10分钟内有效），请回到 GemQC 重新发起店铺授权', 'shops.state_expired');
}

function tokenFields(env: ShopEnv, t: DoudianToken): repo.TokenFields {
  const now = env.now.getTime();
  return {
    accessTokenEnc: encryptSecret(env.config.secretKey, t.access_token),
    refreshTokenEnc: encryptSecret(env.config.secretKey, t.refresh_token),
    accessExpiresAt: new Date(now + t.expires_in * 1000),
    refreshExpiresAt: new Date(now + (t.refresh_expires_in ?? DEFAULT_REFRESH_TTL_SEC) * 1000),
  };
}

/**
 * The return of the authorisation: checks the state (unknown, expired or used → 1001), exchanges
 * the code with `token.create`, stores the shop for the state's merchant (tokens encrypted), and
 * signs in the account that started the authorisation (the answer of merchant login).
 */
export async function completeAuthorisation(env: ShopEnv, args: { code: string; state: string; ip?: string; userAgent?: string }): Promise<SessionData> {
  const c = client(env);
  const st = await consumeState(env, args.state);
  let token: DoudianToken;
  try {
    token = await c.createToken(args.code);
  } catch (err) {
    if (err instanceof DoudianGrantInvalidError) throw new BusinessError('抖店授权码无效或已过期，请重新发起店铺授权', 'shops.code_invalid');
    if (err instanceof DoudianError) throw platformFailure(env, err, '店铺授权');
    throw err;
  }
  const fields = tokenFields(env, token);
  await env.db.transaction(async (tx) => {
    const existing = await repo.lockShopByPlatformId(tx, PLATFORM, token.shop_id);
    if (existing && existing.merchantId !== st.merchantId) {
      throw new BusinessError(`店铺「${token.shop_name || existing.shopName}」已绑定在其他商户账号下，如需转移请联系客服`, 'shops.owned_by_other');
    }
    if (existing) {
      await repo.reauthoriseShop(tx, existing.id, { shopName: token.shop_name || existing.shopName, now: env.now, ...fields });
      // shipment reports that waited for this authorisation go again (the queue's sweep sends them)
      await resumeShopShipments(tx, existing.id, env.now);
    } else await repo.insertShop(tx, { merchantId: st.merchantId, platform: PLATFORM, shopId: token.shop_id, shopName: token.shop_name || `抖店${token.shop_id}`, now: env.now, ...fields });
  });

  const account = await accounts.findAccountById(env.db, st.accountId);
  const merchant = await accounts.findMerchant(env.db, st.merchantId);
  if (!account || account.status !== 1 || account.merchantId !== st.merchantId || !merchant || merchant.status !== 1) {
    throw new BusinessError('店铺已授权，但当前账号已被禁用，无法登录，请联系管理员', 'shops.account_disabled');
  }
  await accounts.recordLogin(env.db, account.id, env.now);
  const sessionToken = await createSession(env.db, {
    accountId: account.id,
    userType: 'trader',
    now: env.now,
    ttlDays: env.config.sessionTtlDays,
    ip: args.ip,
    userAgent: args.userAgent,
  });
  return { token: sessionToken, ...(await buildInfo(env.db, account.id)) };
}

// ---------------------------------------------------------------- tokens

function expiredError(): BusinessError {
  return new BusinessError('店铺授权已失效（需重新授权），请在「商家授权」中重新授权该店铺', 'shops.authorisation_expired');
}

/** Refreshes in flight in this process, per shop: concurrent callers share one platform call. */
const refreshing = new Map<number, Promise<string>>();

/** How long a refused refresh waits for another process's refresh to land before giving up. */
const RACE_RECHECK_MS = 500;

/**
 * A usable access token of the shop: the stored one while more than an hour is left, else a
 * refreshed one (`token.refresh`). Refresh failures for good (refresh token unknown, used or
 * expired) mark the shop expired. Concurrent refreshes of one shop share one platform call in a
 * process; across processes a refused refresh first looks for tokens another process stored.
 * `force` refreshes even when the stored token looks fresh (the platform said it expired).
 */
export async function getValidAccessToken(db: Db, shop: repo.ShopRow, env: Omit<ShopEnv, 'db'>, opts: { force?: boolean } = {}): Promise<string> {
  if (shop.status !== 'active') throw expiredError();
  const access = decryptOrNull(env.config.secretKey, shop.accessTokenEnc);
  const fresh = access && shop.accessExpiresAt && shop.accessExpiresAt.getTime() - env.now.getTime() > REFRESH_MARGIN_MS;
  if (access && fresh && !opts.force) return access;
  const running = refreshing.get(shop.id);
  if (running) return running;
  const p = refreshShopToken({ ...env, db }, shop, access, !!opts.force).finally(() => refreshing.delete(shop.id));
  refreshing.set(shop.id, p);
  return p;
}

function decryptOrNull(secretKey: string, enc: string | null): string | null {
  if (!enc) return null;
  try {
    return decryptSecret(secretKey, enc);
  } catch {
    return null; // encrypted with another key (SECRET_KEY changed): as if absent
  }
}

async function tokensChangedSince(db: Db, secretKey: string, shopId: number, usedRefreshEnc: string | null): Promise<string | null> {
  const current = await repo.findShopById(db, shopId);
  if (current && current.status === 'active' && current.refreshTokenEnc !== usedRefreshEnc) return decryptOrNull(secretKey, current.accessTokenEnc);
  return null;
}

async function refreshShopToken(env: ShopEnv, shop: repo.ShopRow, access: string | null, force: boolean): Promise<string> {
  const { db } = env;
  const now = env.now.getTime();
  const usedRefreshEnc = shop.refreshTokenEnc;
  const refresh = decryptOrNull(env.config.secretKey, usedRefreshEnc);
  if (!refresh || (shop.refreshExpiresAt && shop.refreshExpiresAt.getTime() <= now)) {
    if (await repo.markExpired(db, shop.id, usedRefreshEnc)) await notifyShopReauth(db, shop, env.now);
    throw expiredError();
  }
  let t: DoudianToken;
  try {
    t = await client(env).refreshToken(refresh);
  } catch (err) {
    if (!(err instanceof DoudianError)) throw err;
    // Another process may have refreshed first (the platform's refresh tokens are single use).
    const theirs = await tokensChangedSince(db, env.config.secretKey, shop.id, usedRefreshEnc);
    if (theirs) return theirs;
    if (err instanceof DoudianGrantInvalidError) {
      await new Promise((r) => setTimeout(r, RACE_RECHECK_MS));
      const late = await tokensChangedSince(db, env.config.secretKey, shop.id, usedRefreshEnc);
      if (late) return late;
      if (await repo.markExpired(db, shop.id, usedRefreshEnc)) await notifyShopReauth(db, shop, env.now);
      env.log?.warn({ shop: shop.id, kind: err.kind, ...err.detail }, 'shop refresh token refused; shop marked expired');
      throw expiredError();
    }
    // A passing failure: the old token still works until it really expires.
    if (access && !force && shop.accessExpiresAt && shop.accessExpiresAt.getTime() > now) return access;
    throw platformFailure(env, err, '刷新店铺授权');
  }
  const stored = await repo.storeRefreshedTokens(db, shop.id, usedRefreshEnc ?? '', tokenFields(env, t));
  if (!stored) {
    // Raced with another process that stored newer tokens after our read: keep theirs.
    const theirs = await tokensChangedSince(db, env.config.secretKey, shop.id, usedRefreshEnc);
    if (theirs) return theirs;
  }
  return t.access_token;
}

/** Calls the platform with the shop's token; on "token expired/invalid" refreshes once and retries. */
export async function withShopToken<T>(env: ShopEnv, shop: repo.ShopRow, fn: (accessToken: string) => Promise<T>): Promise<T> {
  const { db, ...rest } = env;
  const token = await getValidAccessToken(db, shop, rest);
  try {
    return await fn(token);
  } catch (err) {
    if (!(err instanceof DoudianAccessTokenExpiredError || err instanceof DoudianAccessTokenInvalidError)) throw err;
    const current = (await repo.findShopById(db, shop.id)) ?? shop;
    const again = await getValidAccessToken(db, current, rest, { force: current.accessTokenEnc === shop.accessTokenEnc });
    return fn(again);
  }
}

/** The shop by its row id (any merchant's: for background work, never for a caller's request). */
export async function findShop(db: Db, id: number): Promise<repo.ShopRow | undefined> {
  return repo.findShopById(db, id);
}

/** Refresh tokens this long before they expire (the job runs every 10 minutes). */
export const REFRESH_AHEAD_MS = 2 * 60 * 60_000;

/**
 * The token refresh job: every active shop whose access token expires within two hours gets new
 * tokens now, so no call finds it expired. A shop whose refresh is refused is marked expired
 * (需重新授权) and its merchant told (notifications `shop_reauth`); its write-backs wait.
 */
export async function refreshExpiringTokens(env: ShopEnv, limit = 200): Promise<{ refreshed: number; expired: number; failed: number }> {
  const out = { refreshed: 0, expired: 0, failed: 0 };
  const due = await repo.shopsExpiringBefore(env.db, new Date(env.now.getTime() + REFRESH_AHEAD_MS), limit);
  const { db, ...rest } = env;
  for (const shop of due) {
    try {
      await getValidAccessToken(db, shop, rest, { force: true });
      out.refreshed++;
    } catch (err) {
      if (err instanceof BusinessError && err.key === 'shops.authorisation_expired') out.expired++;
      else {
        out.failed++; // a passing failure: the next turn tries again
        env.log?.warn({ shop: shop.id, err: err instanceof Error ? err.message : String(err) }, 'shop token refresh failed');
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- list

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

export async function listShops(db: Db, merchantId: number, q: { page: number; page_size: number }): Promise<{ list: ShopItem[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await repo.listMerchantShops(db, merchantId, q.page, q.page_size);
  return {
    list: rows.map((s) => ({
      id: String(s.id),
      platform: s.platform,
      shop_id: s.shopId,
      shop_name: s.shopName,
      status: s.status,
      status_text: shopStatusLabel(s.status),
      access_expires_at: iso(s.accessExpiresAt),
      refresh_expires_at: iso(s.refreshExpiresAt),
      authorised_at: s.authorisedAt.toISOString(),
      last_pulled_at: iso(s.lastPulledAt),
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

// ---------------------------------------------------------------- pending orders

async function merchantShop(db: Db, merchantId: number, shopId: string): Promise<repo.ShopRow> {
  const shop = await repo.findMerchantShop(db, merchantId, PLATFORM, shopId);
  if (!shop) throw new NotFoundError('店铺不存在或未授权给当前商户', 'shops.not_found');
  return shop;
}

function fmtAddress(o: DoudianShopOrder): string {
  const a = o.post_addr;
  if (!a) return '';
  return [a.province?.name, a.city?.name, a.town?.name, a.street?.name, a.detail].filter((p) => p && p.length).join('');
}

const secIso = (s: number): string | null => (s > 0 ? new Date(s * 1000).toISOString() : null);

function toPending(shopId: string, o: DoudianShopOrder): PendingOrder {
  return {
    platform_order_id: o.order_id,
    shop_id: shopId,
    create_time: new Date(o.create_time * 1000).toISOString(),
    pay_time: secIso(o.pay_time),
    exp_ship_time: secIso(o.exp_ship_time),
    buyer_name: o.post_receiver,
    buyer_phone: o.post_tel,
    buyer_address: fmtAddress(o),
    pay_amount: o.pay_amount,
    items: o.sku_order_list.map((s) => ({ product_name: s.product_name, item_num: s.item_num, pay_amount: s.pay_amount })),
  };
}

/** Paid orders of the shop (last 30 days) and which of them have no live testing order. */
async function paidAndPending(env: ShopEnv, merchantId: number, shop: repo.ShopRow): Promise<{ paid: DoudianShopOrder[]; pending: DoudianShopOrder[] }> {
  const since = Math.floor(env.now.getTime() / 1000) - PENDING_LOOKBACK_DAYS * 86400;
  let paid: DoudianShopOrder[];
  try {
    paid = await withShopToken(env, shop, (token) => client(env).searchPaidOrders(token, since));
  } catch (err) {
    if (err instanceof DoudianError) throw platformFailure(env, err, '读取店铺订单');
    throw err;
  }
  const done = await repo.platformOrdersWithTestingOrder(env.db, merchantId, paid.map((o) => o.order_id));
  return { paid, pending: paid.filter((o) => !done.has(o.order_id)) };
}

export async function listPendingOrders(
  env: ShopEnv,
  merchantId: number,
  q: { shop_id: string; page: number; page_size: number },
): Promise<{ list: PendingOrder[]; total: number; page: number; page_size: number }> {
  const shop = await merchantShop(env.db, merchantId, q.shop_id);
  const { pending } = await paidAndPending(env, merchantId, shop);
  const start = (q.page - 1) * q.page_size;
  return { list: pending.slice(start, start + q.page_size).map((o) => toPending(shop.shopId, o)), total: pending.length, page: q.page, page_size: q.page_size };
}

// ---------------------------------------------------------------- pull

/** Keywords that pick a gem category from a product name, most specific first. */
const categoryKeywords: [string, string[]][] = [
  ['钻石', ['钻石', '钻戒', '裸钻']],
  ['彩色宝石', ['红宝石', '蓝宝石', '祖母绿', '碧玺', '海蓝宝', '石榴石', '坦桑石', '尖晶石', '宝石']],
  ['翡翠', ['翡翠', '冰种', '糯种', '玻璃种']],
  ['和田玉', ['和田玉', '籽料', '羊脂', '青白玉', '碧玉']],
  ['珍珠', ['珍珠']],
  ['琥珀蜜蜡', ['琥珀', '蜜蜡']],
  ['水晶玛瑙', ['水晶', '玛瑙', '南红', '发晶']],
  ['铂金', ['铂金', 'pt950', 'pt900']],
  ['黄金', ['黄金', '足金', '金999', '古法金', '5g金', 'k金']],
  ['银饰', ['银']],
];

export function guessCategory(productName: string, categories: { id: number; name: string }[]): number | null {
  const name = productName.toLowerCase();
  for (const [cat, words] of categoryKeywords) {
    if (words.some((w) => name.includes(w))) {
      const found = categories.find((c) => c.name === cat);
      if (found) return found.id;
    }
  }
  return null;
}

/** Refusals of the orders module that concern every order of a pull, not one: said once. */
const wholePullRefusals = new Set(['order.merchant_disabled', 'order.not_authorised', 'order.centre_invalid']);

/**
 * Turns the chosen (or every pending) paid shop order into a testing order through the orders
 * module's `createTestingOrder`, one transaction per order. Idempotent per platform order id: an
 * order with a live testing order is skipped, and a concurrent pull of the same order loses on the
 * orders table's unique index and is skipped too.
 */
export async function pullOrders(
  env: ShopEnv,
  args: { merchantId: number; accountId: number; shopId: string; orderIds?: string[]; centreId?: number },
): Promise<PullOrdersData> {
  const shop = await merchantShop(env.db, args.merchantId, args.shopId);
  let centreId = args.centreId;
  if (centreId === undefined) {
    const m = await accounts.findMerchant(env.db, args.merchantId);
    if (m?.defaultCentreId == null) throw new BusinessError('请选择检测中心（尚未设置默认检测中心）', 'shops.centre_required');
    centreId = m.defaultCentreId;
  }
  const { paid, pending } = await paidAndPending(env, args.merchantId, shop);
  const out: PullOrdersData = { created: 0, skipped: 0, orders: [], skipped_orders: [] };
  const skip = (id: string, reason: string) => {
    out.skipped++;
    out.skipped_orders.push({ platform_order_id: id, reason });
  };
  let chosen: DoudianShopOrder[];
  if (args.orderIds) {
    const pendingById = new Map(pending.map((o) => [o.order_id, o]));
    const paidIds = new Set(paid.map((o) => o.order_id));
    chosen = [];
    for (const id of new Set(args.orderIds)) {
      const o = pendingById.get(id);
      if (o) chosen.push(o);
      else if (paidIds.has(id)) skip(id, '已创建检测订单');
      else skip(id, `不是近${PENDING_LOOKBACK_DAYS}天内已付款待发货的店铺订单`);
    }
  } else {
    chosen = pending;
  }
  const categories = chosen.length ? await repo.listActiveCategories(env.db) : [];
  const me = await accounts.findAccountById(env.db, args.accountId);
  const actor = { type: 'trader' as const, id: args.accountId, name: me?.name ?? '' };
  for (const o of chosen) {
    const items: CreateTestingOrderItem[] = [];
    for (const s of o.sku_order_list) {
      const categoryId = guessCategory(s.product_name, categories) ?? categories[0]?.id;
      if (categoryId === undefined) continue;
      const n = Math.max(1, s.item_num);
      for (let k = 0; k < n; k++) items.push({ name: s.product_name, categoryId, declaredValue: Math.floor(s.pay_amount / n) });
    }
    if (!items.length) {
      skip(o.order_id, '订单没有可检测的商品');
      continue;
    }
    try {
      const startTime = new Date((o.pay_time || o.create_time) * 1000);
      const latest = o.exp_ship_time > 0 ? new Date(o.exp_ship_time * 1000) : null;
      const r = await createTestingOrder(env.db, {
        merchantId: args.merchantId,
        centreId,
        shopId: shop.id,
        platformOrderId: o.order_id,
        startTime,
        latestShipTime: latest && latest.getTime() > startTime.getTime() ? latest : null,
        buyerName: o.post_receiver,
        buyerPhone: o.post_tel,
        buyerAddress: fmtAddress(o),
        items,
        actor,
        now: env.now,
      });
      out.created++;
      out.orders.push({ platform_order_id: o.order_id, id: String(r.order.id), order_no: r.order.orderNo });
    } catch (err) {
      if (err instanceof BusinessError && err.key && wholePullRefusals.has(err.key)) throw err;
      if (err instanceof BusinessError && err.key === 'order.duplicate_platform_order') skip(o.order_id, '已创建检测订单');
      else if (err instanceof BusinessError) skip(o.order_id, err.message);
      else throw err;
    }
  }
  await repo.setLastPulled(env.db, shop.id, env.now);
  return out;
}
