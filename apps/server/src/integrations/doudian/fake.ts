import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DoudianCodes, DoudianSubCodes } from './errors';
import { newMsgId, REFUND_CLOSED_TAG, refundCreatedData, REFUND_CREATED_TAG, sendPush } from './push';
import { parsePlatformTimestamp, signRequest } from './sign';

/**
 * A local stand-in for the Doudian open platform, for tests and the embedded demo: a small
 * node:http server with the authorise page and the methods GemQC calls (`token.create`,
 * `token.refresh`, `order.searchList`, `order.logisticsCompanyList`, `order.logisticsAdd`). It checks the app key and the request signature exactly
 * as the platform documents them, issues single-use authorisation codes (10 minutes), expires
 * access tokens, supports refresh, and serves a deterministic set of orders per shop.
 *
 * Tokens are stateless (an HMAC over shop, expiry and issue time keyed by the app secret), so a
 * token stays valid across restarts of the fake; the demo seed uses {@link fakeShopTokens}.
 *
 * Single host only: the authorisation codes, used refresh tokens and revocations live in this
 * process's memory, as on the real platform's side of the wire. One GemQC process (or the workers
 * of WEB_CONCURRENCY, which share their primary's fake) is fine. Several hosts must share one
 * platform: the real gateway (DOUDIAN_GATEWAY_URL), or one fake that all of them are pointed at
 * with DOUDIAN_GATEWAY_URL/DOUDIAN_AUTH_URL (as the cluster test does) — never one embedded fake
 * per host, where a code issued by one host's fake is unknown to the host the merchant returns to.
 * GemQC's own state (OAuth states, sessions, SMS codes, rate limits) is in PostgreSQL or Redis.
 */
export interface FakeDoudianOptions {
  appKey: string;
  appSecret: string;
  /** Access token lifetime in seconds (default 7 days, as the platform). */
  accessTtlSec?: number;
  /** Refresh token lifetime in seconds (default 14 days). */
  refreshTtlSec?: number;
  /** Paid and other orders served per shop (default 15). */
  ordersPerShop?: number;
  /** Clock of tokens, codes and order times (ms); defaults to Date.now. */
  now?: () => number;
  host?: string;
  /** 0 = a random free port. */
  port?: number;
  /** The app's message push URL (消息推送地址): where simulated buyer refunds are pushed. */
  pushUrl?: string;
}

export interface FakeCall {
  method: string;
  code: number;
  subCode: string;
}

/** A shipment the fake accepted through `order.logisticsAdd` (what a test asserts). */
export interface FakeShipment {
  shopId: string;
  orderId: string;
  companyId: string;
  companyCode: string;
  waybill: string;
}

/**
 * A failure the fake answers instead of the next calls of a method: the platform's 20000
 * (服务不可用), its throttle (20000 + isp.app-call-limited), HTTP 500 without a platform answer,
 * a body that is not JSON, or no answer in time (the connection stays open until `holdMs`).
 */
export type FakeFault = 'unavailable' | 'rate_limited' | 'http500' | 'malformed' | 'timeout';

export interface FakeDoudian {
  /** Gateway base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** The authorise page: `${url}/oauth/authorize`. */
  authorizeUrl: string;
  /** Every API call answered, in order (method and result code; no tokens). */
  calls: FakeCall[];
  /** A fresh authorisation code for a shop, as the authorise page issues. */
  issueCode(shopId: string, shopName?: string): string;
  /** Access tokens of the shop issued until now answer "expired" (30002) from now on. */
  expireAccessTokens(shopId: string): void;
  /** The shop withdrew the authorisation: its access and refresh tokens stop working. */
  revokeAuthorisation(shopId: string): void;
  /** The orders the fake serves for a shop (all statuses). */
  ordersOf(shopId: string): FakeOrder[];
  /**
   * The buyer applies for a refund (售后) of a shop order: pushes a signed 200 message
   * (doudian_refund_RefundCreated) to the push URL, as the platform's message service does.
   * Answers the push's HTTP status and body; the same `msgId` again is a repeated delivery.
   */
  simulateRefund(a: { shopId: string; orderId: string; aftersaleType?: number; refundAmount?: number; msgId?: string }): Promise<{ status: number; body: string; msgId: string; aftersaleId: string }>;
  /**
   * The buyer applies for a refund but the push is lost (never sent): the after-sale exists only in
   * `afterSale.List`, for reconciliation to find. Answers its after-sale id.
   */
  createRefundWithoutPush(a: { shopId: string; orderId: string; aftersaleType?: number; refundAmount?: number }): string;
  /** The buyer withdraws an after-sale (售后关闭, status 28): pushes a 207 message unless `push` is false. */
  closeRefund(aftersaleId: string, opts?: { push?: boolean }): Promise<{ status: number; body: string } | null>;
  /** The after-sales the fake knows (what afterSale.List serves). */
  aftersales: FakeAftersale[];
  /** E-waybills issued by logistics.newCreateOrder (one per order, pack and carrier: asking again answers the same). */
  ebills: { orderId: string; packId: string; logisticsCode: string; trackNo: string; receiverName: string }[];
  /** The push URL simulated refunds go to (set later when the app's port is known). */
  setPushUrl(url: string): void;
  /** The next `times` calls of `method` fail with `fault`, after the faults already queued (then it answers normally again). */
  failNext(method: string, fault: FakeFault, times?: number, holdMs?: number): void;
  /** Drops the queued faults. */
  clearFaults(): void;
  /** Shipments accepted by `order.logisticsAdd`, in order. */
  shipments: FakeShipment[];
  /** The buyer got the money back on the platform: `order.logisticsAdd` of the order is refused (50002). */
  markRefunded(shopId: string, orderId: string): void;
  /** Carriers `order.logisticsCompanyList` answers. */
  companies: readonly { id: string; name: string; code: string }[];
  close(): Promise<void>;
}

/** Shops the authorise page offers when no `shop_id` is given (the first is the demo seed's). */
export const fakeShops: readonly { shopId: string; shopName: string }[] = [
  { shopId: '4463798', shopName: '翠玉轩珠宝官方旗舰店' },
  { shopId: '5120337', shopName: '金福珠宝抖音小店' },
  { shopId: '6088142', shopName: '新商户的小店' },
];

/** The carriers the fake platform accepts (ids and codes as `order.logisticsCompanyList` lists them). */
export const fakeLogisticsCompanies: readonly { id: string; name: string; code: string }[] = [
  { id: '7', name: '顺丰速运', code: 'shunfeng' },
  { id: '12', name: '中通快递', code: 'zhongtong' },
  { id: '8', name: '圆通速递', code: 'yuantong' },
  { id: '10', name: '韵达快递', code: 'yunda' },
  { id: '9', name: '申通快递', code: 'shentong' },
  { id: '16', name: 'EMS', code: 'ems' },
  { id: '15', name: '京东快递', code: 'jd' },
  { id: '1101', name: '极兔速递', code: 'jtexpress' },
  { id: '22', name: '德邦快递', code: 'debangkuaidi' },
];

const CODE_TTL_MS = 10 * 60_000;
const MAX_SKEW_MS = 10 * 60_000;

// ---------------------------------------------------------------- tokens (stateless, signed)

type TokenKind = 'fkat' | 'fkrt';
interface TokenPayload {
  /** shop id */
  s: string;
  /** shop name */
  m: string;
  /** expiry, unix seconds */
  e: number;
  /** issue stamp (µs of the fake's clock; 0 for seed tokens) */
  i: number;
  /** nonce */
  n: string;
}

function tokenKey(appSecret: string): Buffer {
  return crypto.createHash('sha256').update(`fake-doudian-token:${appSecret}`).digest();
}

function makeToken(appSecret: string, kind: TokenKind, p: TokenPayload): string {
  const body = `${kind}.${Buffer.from(JSON.stringify(p)).toString('base64url')}`;
  const mac = crypto.createHmac('sha256', tokenKey(appSecret)).update(body).digest('base64url').slice(0, 32);
  return `${body}.${mac}`;
}

function readToken(appSecret: string, kind: TokenKind, token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== kind) return null;
  const body = `${parts[0]}.${parts[1]}`;
  const mac = crypto.createHmac('sha256', tokenKey(appSecret)).update(body).digest('base64url').slice(0, 32);
  const given = Buffer.from(parts[2] ?? '');
  if (given.length !== mac.length || !crypto.timingSafeEqual(given, Buffer.from(mac))) return null;
  try {
    const p = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as TokenPayload;
    return typeof p.s === 'string' && typeof p.e === 'number' && typeof p.i === 'number' ? p : null;
  } catch {
    return null;
  }
}

/**
 * Deterministic tokens the fake accepts for a shop (the demo seed's): derived only from the app
 * secret, the shop and the expiry, so the embedded fake accepts them after any restart.
 */
export function fakeShopTokens(
  appSecret: string,
  shopId: string,
  shopName: string,
  expiresAtSec = 4102444800, // 2100-01-01
): { accessToken: string; refreshToken: string } {
  const p = { s: shopId, m: shopName, e: expiresAtSec, i: 0, n: 'seed' };
  return { accessToken: makeToken(appSecret, 'fkat', p), refreshToken: makeToken(appSecret, 'fkrt', p) };
}

// ---------------------------------------------------------------- deterministic orders

export interface FakeOrder {
  order_id: string;
  order_status: number;
  order_status_desc: string;
  create_time: number;
  pay_time: number;
  exp_ship_time: number;
  post_receiver: string;
  post_tel: string;
  post_addr: {
    province: { id: string; name: string };
    city: { id: string; name: string };
    town: { id: string; name: string };
    street: { id: string; name: string };
    detail: string;
  };
  order_amount: number;
  pay_amount: number;
  sku_order_list: { sku_order_id: string; product_id: string; product_name: string; item_num: number; pay_amount: number; order_status: number }[];
}

const products = [
  '天然翡翠手镯 冰种飘花',
  '和田玉籽料平安扣吊坠',
  '南红玛瑙108颗手串',
  '18K金钻石戒指 30分',
  '淡水珍珠项链 7-8mm',
  '波罗的海琥珀蜜蜡手串',
  'Pt950铂金锁骨链',
  '足金999古法手镯',
  '海蓝宝石银镶吊坠',
  '白水晶原石摆件',
];
const receivers = ['张*', '李*', '王*', '陈*', '刘*', '黄*'];
const places = [
  { province: '广东省', city: '广州市', town: '番禺区', street: '市桥街道' },
  { province: '浙江省', city: '杭州市', town: '西湖区', street: '文新街道' },
  { province: '北京市', city: '北京市', town: '朝阳区', street: '望京街道' },
  { province: '四川省', city: '成都市', town: '武侯区', street: '玉林街道' },
];
const statusDesc: Record<number, string> = { 1: '待支付', 2: '备货中', 4: '已取消' };

function digits(seed: string, n: number): string {
  const h = crypto.createHash('sha256').update(seed).digest();
  let s = '';
  for (let i = 0; s.length < n; i++) s += String(h[i % h.length]! % 10);
  return s.slice(0, n);
}

/**
 * The shop's orders: stable ids (19 digits, from the shop id and index); times on an hourly grid
 * before `nowMs`, so a day's pulls see the same orders. Every 7th order from the 4th is unpaid,
 * every 7th from the 6th cancelled, the rest paid and waiting for shipment (order_status 2).
 */
export function fakeOrdersOf(shopId: string, nowMs: number, count = 15): FakeOrder[] {
  const anchor = Math.floor(nowMs / 3_600_000) * 3600 - 600;
  const out: FakeOrder[] = [];
  for (let i = 0; i < count; i++) {
    const d = digits(`${shopId}:${i}`, 24);
    const status = i % 7 === 3 ? 1 : i % 7 === 5 ? 4 : 2;
    const createTime = anchor - i * 4 * 3600 - (Number(d.slice(0, 3)) % 60) * 60;
    const payTime = status === 1 ? 0 : createTime + 60 + (Number(d.slice(3, 5)) % 30) * 10;
    const skuCount = i % 5 === 2 ? 2 : 1;
    const skus = [];
    for (let k = 0; k < skuCount; k++) {
      const price = (Number(d.slice(5 + k * 3, 8 + k * 3)) % 900 + 100) * 1000; // ¥1,000 – ¥9,990
      skus.push({
        sku_order_id: `${'69'}${digits(`${shopId}:${i}:${k}`, 17)}`,
        product_id: `35${digits(`p:${(i + k) % products.length}`, 17)}`,
        product_name: products[(i + k * 3 + Number(shopId.slice(-1) || 0)) % products.length]!,
        item_num: 1,
        pay_amount: price,
        order_status: status,
      });
    }
    const total = skus.reduce((a, s) => a + s.pay_amount, 0);
    const place = places[i % places.length]!;
    out.push({
      order_id: `69${d.slice(0, 17)}`,
      order_status: status,
      order_status_desc: statusDesc[status]!,
      create_time: createTime,
      pay_time: payTime,
      exp_ship_time: payTime ? payTime + 48 * 3600 : 0,
      post_receiver: receivers[i % receivers.length]!,
      post_tel: `1${3 + (i % 6)}${d[6]}****${d.slice(7, 11)}`,
      post_addr: {
        province: { id: `${44 + (i % 4)}`, name: place.province },
        city: { id: `${4401 + (i % 4)}`, name: place.city },
        town: { id: `${440113 + (i % 4)}`, name: place.town },
        street: { id: `${440113001 + (i % 4)}`, name: place.street },
        detail: `幸福路${(Number(d.slice(11, 13)) % 90) + 10}号***`,
      },
      order_amount: total,
      pay_amount: total,
      sku_order_list: skus,
    });
  }
  return out;
}

// ---------------------------------------------------------------- after-sales

/** An after-sale as afterSale.List describes it (aftersale_info of an item; times in unix seconds). */
export interface FakeAftersale {
  aftersale_id: string;
  shop_id: string;
  order_id: string;
  /** 0 退货退款, 1 已发货仅退款, 2 未发货仅退款, 3 换货 */
  aftersale_type: number;
  /** 6 售后申请 (waiting for the merchant), 28 售后关闭/失败 (the buyer withdrew it) */
  aftersale_status: number;
  refund_amount: number;
  apply_time: number;
  update_time: number;
}

/** Carriers (logistics_code) the fake's shops have an e-waybill subscription with. */
export const FAKE_EBILL_CARRIERS: Record<string, string> = { shunfeng: 'SF', zhongtong: '7', yuantong: 'YT', yunda: '43', shentong: '77', jtexpress: 'JT', ems: '11', jd: 'JDV', debangwuliu: 'DPK' };

/** How the fake "encrypts" a receiver field (the platform's are opaque strings between #). */
export const fakeEncrypt = (v: string) => `#${Buffer.from(v, 'utf8').toString('base64url')}#fake#`;

/** afterSale.List status: the buyer's application waits for the merchant. */
export const AFTERSALE_APPLIED = 6;
/** afterSale.List status: 售后关闭 (the buyer withdrew it, or it failed). */
export const AFTERSALE_CLOSED = 28;

/**
 * A shop order by id: one the fake serves, or — for any other platform-shaped id (69 + 17 digits,
 * like the demo seed's orders of the shop) — a deterministic paid order, so the demo's orders exist
 * on the stand-in as they would on the platform. Other ids are unknown.
 */
export function fakeOrderById(shopId: string, orderId: string, nowMs: number, count = 15): FakeOrder | undefined {
  const served = fakeOrdersOf(shopId, nowMs, count).find((o) => o.order_id === orderId);
  if (served || !/^69\d{17}$/.test(orderId)) return served;
  const base = fakeOrdersOf(shopId, nowMs, count).filter((o) => o.order_status === 2);
  const like = base[Number(orderId.slice(-3)) % base.length]!;
  return { ...like, order_id: orderId, sku_order_list: like.sku_order_list.map((k, i) => ({ ...k, sku_order_id: `${orderId.slice(0, 17)}${i}` })) };
}

// ---------------------------------------------------------------- the server

interface ApiAnswer {
  code: number;
  msg: string;
  subCode?: string;
  data?: unknown;
}

const okAnswer = (data: unknown): ApiAnswer => ({ code: DoudianCodes.SUCCESS, msg: 'success', data });

export async function startFakeDoudian(opts: FakeDoudianOptions): Promise<FakeDoudian> {
  const now = opts.now ?? Date.now;
  const accessTtl = opts.accessTtlSec ?? 7 * 86400;
  const refreshTtl = opts.refreshTtlSec ?? 14 * 86400;
  const codes = new Map<string, { shopId: string; shopName: string; expiresAt: number }>();
  const usedRefresh = new Set<string>();
  const accessExpiredBefore = new Map<string, number>();
  const revokedBefore = new Map<string, number>();
  const calls: FakeCall[] = [];
  const shipments: FakeShipment[] = [];
  const shippedOrders = new Set<string>();
  const refundedOrders = new Set<string>();
  const faults = new Map<string, { fault: FakeFault; holdMs: number }[]>();
  // Issue stamps (µs of the fake's clock, strictly increasing) order tokens against revocations.
  let lastStamp = 0;
  const stamp = () => (lastStamp = Math.max(now() * 1000, lastStamp + 1));

  function issueCode(shopId: string, shopName?: string): string {
    const code = crypto.randomBytes(16).toString('hex');
    const name = shopName ?? fakeShops.find((s) => s.shopId === shopId)?.shopName ?? `测试店铺${shopId}`;
    codes.set(code, { shopId, shopName: name, expiresAt: now() + CODE_TTL_MS });
    return code;
  }

  function issueTokens(shopId: string, shopName: string) {
    const t = stamp();
    const nonce = crypto.randomBytes(6).toString('base64url');
    const nowSec = Math.floor(now() / 1000);
    const access = makeToken(opts.appSecret, 'fkat', { s: shopId, m: shopName, e: nowSec + accessTtl, i: t, n: nonce });
    const refresh = makeToken(opts.appSecret, 'fkrt', { s: shopId, m: shopName, e: nowSec + refreshTtl, i: t, n: nonce });
    return okAnswer({
      access_token: access,
      refresh_token: refresh,
      expires_in: accessTtl,
      refresh_expires_in: refreshTtl,
      scope: 'SCOPE',
      shop_id: /^\d{1,15}$/.test(shopId) ? Number(shopId) : shopId,
      shop_name: shopName,
      authority_id: shopId,
      auth_subject_type: 'MiniShop',
    });
  }

  const fail = (code: number, subCode: string, msg: string): ApiAnswer => ({ code, subCode, msg });
  const aftersales: FakeAftersale[] = [];
  const ebills: FakeDoudian['ebills'] = [];

  /** The shop of a valid access token, or the platform's refusal. */
  function shopOfToken(accessToken: string | undefined): TokenPayload | ApiAnswer {
    if (!accessToken) return fail(DoudianCodes.MISSING_PARAM, DoudianSubCodes.paramInvalid, '缺少 access_token');
    const p = readToken(opts.appSecret, 'fkat', accessToken);
    if (!p || p.i < (revokedBefore.get(p.s) ?? -1)) return fail(DoudianCodes.ACCESS_TOKEN_INVALID, DoudianSubCodes.accessTokenInvalid, 'access_token 不存在，请使用最新的 access_token 访问');
    if (p.e * 1000 <= now() || p.i < (accessExpiredBefore.get(p.s) ?? -1)) return fail(DoudianCodes.ACCESS_TOKEN_EXPIRED, DoudianSubCodes.accessTokenExpired, 'access_token 已过期');
    return p;
  }

  function handleApi(method: string, params: Record<string, unknown>, accessToken: string | undefined): ApiAnswer {
    if (method === 'token.create') {
      if (params.grant_type !== 'authorization_code') return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'grant_type 不正确');
      const c = typeof params.code === 'string' ? codes.get(params.code) : undefined;
      if (!c || c.expiresAt <= now()) return fail(DoudianCodes.BUSINESS_FAILED, DoudianSubCodes.codeInvalid, '授权码无效或已过期');
      codes.delete(params.code as string); // single use
      return issueTokens(c.shopId, c.shopName);
    }
    if (method === 'token.refresh') {
      if (params.grant_type !== 'refresh_token') return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'grant_type 不正确');
      const raw = typeof params.refresh_token === 'string' ? params.refresh_token : '';
      const p = readToken(opts.appSecret, 'fkrt', raw);
      const invalid = () => fail(DoudianCodes.BUSINESS_FAILED, DoudianSubCodes.refreshTokenInvalid, 'refresh_token 无效或已过期，请重新授权');
      if (!p || p.e * 1000 <= now() || usedRefresh.has(raw) || p.i < (revokedBefore.get(p.s) ?? -1)) return invalid();
      usedRefresh.add(raw);
      return issueTokens(p.s, p.m);
    }
    // every other method acts for a shop: its access token must be valid
    if (!accessToken) return fail(DoudianCodes.MISSING_PARAM, DoudianSubCodes.missingParam, '缺少 access_token');
    const p = readToken(opts.appSecret, 'fkat', accessToken);
    if (!p || p.i < (revokedBefore.get(p.s) ?? -1)) return fail(DoudianCodes.ACCESS_TOKEN_INVALID, DoudianSubCodes.accessTokenInvalid, 'access_token 不存在，请使用最新的 access_token 访问');
    if (p.e * 1000 <= now() || p.i < (accessExpiredBefore.get(p.s) ?? -1)) return fail(DoudianCodes.ACCESS_TOKEN_EXPIRED, DoudianSubCodes.accessTokenExpired, 'access_token 已过期');
    if (method === 'order.logisticsCompanyList') return okAnswer(fakeLogisticsCompanies);
    if (method === 'order.logisticsAdd') {
      const orderId = typeof params.order_id === 'string' || typeof params.order_id === 'number' ? String(params.order_id) : '';
      const waybill = typeof params.logistics_code === 'string' ? params.logistics_code.trim() : '';
      if (!orderId || !waybill) return fail(DoudianCodes.MISSING_PARAM, DoudianSubCodes.missingParam, '缺少必选参数 order_id 或 logistics_code');
      const company = fakeLogisticsCompanies.find((c) => c.code === params.company_code || c.id === String(params.logistics_id ?? ''));
      if (!company) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, '物流公司不存在，请使用 order.logisticsCompanyList 返回的物流公司');
      if (!fakeOrdersOf(p.s, now(), opts.ordersPerShop).some((o) => o.order_id === orderId && o.order_status === 2))
        return fail(DoudianCodes.BUSINESS_FAILED, 'isv.business-failed:order-not-found', '订单不存在或不是待发货状态');
      const key = `${p.s}:${orderId}`;
      if (refundedOrders.has(key)) return fail(DoudianCodes.BUSINESS_FAILED, DoudianSubCodes.orderRefunded, '订单已退款，不能发货');
      if (shippedOrders.has(key)) return fail(DoudianCodes.BUSINESS_FAILED, DoudianSubCodes.orderShipped, '订单已发货');
      shippedOrders.add(key);
      shipments.push({ shopId: p.s, orderId, companyId: company.id, companyCode: company.code, waybill });
      return okAnswer({});
    }
    if (method === 'order.searchList') {
      const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
      const page = num(params.page, 0);
      const size = num(params.size, 10);
      if (size < 1 || size > 100) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'size 取值范围为 1-100');
      const start = num(params.create_time_start, 0);
      const end = num(params.create_time_end, Number.MAX_SAFE_INTEGER);
      const status = params.order_status === undefined ? undefined : num(params.order_status, -1);
      const list = fakeOrdersOf(p.s, now(), opts.ordersPerShop).filter(
        (o) => o.create_time >= start && o.create_time <= end && (status === undefined || o.order_status === status),
      );
      return okAnswer({ shop_order_list: list.slice(page * size, page * size + size), total: list.length, page, size });
    }
    if (method === 'order.orderDetail') {
      const p = shopOfToken(accessToken);
      if (!('s' in p)) return p;
      const o = fakeOrderById(p.s, String(params.shop_order_id ?? ''), now(), opts.ordersPerShop);
      if (!o) return fail(DoudianCodes.BUSINESS_FAILED, 'isv.business-failed:60001', '订单不存在');
      return okAnswer({
        shop_order_detail: {
          order_id: o.order_id,
          order_status: o.order_status,
          post_receiver: o.post_receiver,
          encrypt_post_receiver: fakeEncrypt(`${o.post_receiver.replace('*', '小')}`),
          post_tel: o.post_tel,
          encrypt_post_tel: fakeEncrypt(o.post_tel.replace('****', '5678')),
          post_addr: { ...o.post_addr, encrypt_detail: fakeEncrypt(o.post_addr.detail.replace('***', '8号楼')) },
        },
      });
    }
    if (method === 'logistics.newCreateOrder') {
      const p = shopOfToken(accessToken);
      if (!('s' in p)) return p;
      const code = String(params.logistics_code ?? '');
      if (!(code in FAKE_EBILL_CARRIERS)) return fail(DoudianCodes.BUSINESS_FAILED, 'isv.business-failed:11001', `店铺未开通该物流公司（${code}）的电子面单服务`);
      const sender = params.sender_info as { address?: { detail_address?: string }; contact?: { name?: string; mobile?: string } } | undefined;
      if (!sender?.address?.detail_address || !sender.contact?.name || !sender.contact.mobile) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, '寄件人信息不完整');
      const infos = Array.isArray(params.order_infos) ? (params.order_infos as Record<string, unknown>[]) : [];
      if (!infos.length) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'order_infos 不能为空');
      const ebill_infos: unknown[] = [];
      const err_infos: unknown[] = [];
      for (const info of infos) {
        const orderId = String(info.order_id ?? '');
        const packId = String(info.pack_id ?? orderId);
        const receiver = info.receiver_info as { contact?: { name?: string; mobile?: string }; address?: { detail_address?: string } } | undefined;
        const o = fakeOrderById(p.s, orderId, now(), opts.ordersPerShop);
        if (!o) {
          err_infos.push({ order_id: orderId, pack_id: packId, err_code: 60001, err_msg: '订单不存在或不属于该店铺' });
          continue;
        }
        // the receiver must be the platform's own (encrypted) values of this order
        if (receiver?.contact?.name !== fakeEncrypt(o.post_receiver.replace('*', '小')) || !receiver.address?.detail_address?.startsWith('#')) {
          err_infos.push({ order_id: orderId, pack_id: packId, err_code: 60002, err_msg: '收件人信息与订单不一致' });
          continue;
        }
        let e = ebills.find((x) => x.orderId === orderId && x.packId === packId && x.logisticsCode === code);
        if (!e) {
          e = { orderId, packId, logisticsCode: code, trackNo: `${FAKE_EBILL_CARRIERS[code]}${digits(`ebill:${orderId}:${packId}:${code}`, 12)}`, receiverName: receiver.contact.name };
          ebills.push(e);
        }
        ebill_infos.push({ order_id: orderId, pack_id: packId, track_no: e.trackNo, sort_code: '021-TA-01' });
      }
      return okAnswer({ ebill_infos, err_infos });
    }
    if (method === 'afterSale.List') {
      // the shop's after-sales, by update time (update_start_time/update_end_time, unix seconds), newest first
      const p = shopOfToken(accessToken);
      if (!('s' in p)) return p;
      const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
      const page = num(params.page, 0);
      const size = num(params.size, 10);
      if (size < 1 || size > 100) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'size 取值范围为 1-100');
      const start = num(params.update_start_time, 0);
      const end = num(params.update_end_time, Number.MAX_SAFE_INTEGER);
      const list = aftersales
        .filter((a) => a.shop_id === p.s && a.update_time >= start && a.update_time <= end && (params.order_id === undefined || String(params.order_id) === a.order_id))
        .sort((x, y) => y.update_time - x.update_time);
      const items = list.slice(page * size, page * size + size).map(({ shop_id: _shop, order_id, ...info }) => ({
        aftersale_info: { ...info, aftersale_order_type: 1 },
        order_info: { shop_order_id: order_id },
      }));
      return okAnswer({ items, has_more: (page + 1) * size < list.length, total: list.length, page, size });
    }
    return fail(DoudianCodes.INVALID_PARAM, 'isv.method-not-found', `不存在的方法名 ${method}`);
  }

  function verifyAndHandle(url: URL, rawBody: string): ApiAnswer {
    const q = url.searchParams;
    const method = q.get('method') ?? '';
    if (!method || `/${method.split('.').join('/')}` !== url.pathname) return fail(DoudianCodes.MISSING_PARAM, DoudianSubCodes.missingParam, 'method 缺失或与请求路径不一致');
    if (q.get('app_key') !== opts.appKey) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.appKeyInvalid, 'app_key 不存在');
    if (q.get('v') !== '2') return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'v 必须为 2');
    if (q.get('sign_method') !== 'hmac-sha256') return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'sign_method 必须为 hmac-sha256');
    const timestamp = q.get('timestamp') ?? '';
    const t = parsePlatformTimestamp(timestamp);
    if (Number.isNaN(t)) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'timestamp 格式不正确');
    if (Math.abs(t - Date.now()) > MAX_SKEW_MS) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'timestamp 与平台时间相差过大');
    const paramJson = rawBody.length > 0 ? rawBody : (q.get('param_json') ?? '{}');
    const expected = signRequest({ appKey: opts.appKey, appSecret: opts.appSecret, method, paramJson, timestamp });
    const given = q.get('sign') ?? '';
    if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
      return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.signInvalid, '签名校验失败');
    let params: unknown;
    try {
      params = JSON.parse(paramJson);
    } catch {
      return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'param_json 不是合法的 JSON');
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) return fail(DoudianCodes.INVALID_PARAM, DoudianSubCodes.paramInvalid, 'param_json 必须是对象');
    return handleApi(method, params as Record<string, unknown>, q.get('access_token') ?? undefined);
  }

  function authorisePage(url: URL, res: http.ServerResponse): void {
    const q = url.searchParams;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>抖店授权（本地模拟）</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto">${body}</body></html>`);
    };
    const state = q.get('state') ?? '';
    const redirect = q.get('redirect_uri') ?? '';
    if (q.get('app_key') !== opts.appKey) return html(400, '<h3>应用不存在（app_key 不正确）</h3>');
    let target: URL;
    try {
      target = new URL(redirect);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('protocol');
    } catch {
      return html(400, '<h3>回调地址 redirect_uri 不正确</h3>');
    }
    if (!state) return html(400, '<h3>缺少 state 参数</h3>');
    const shopId = q.get('shop_id');
    if (!shopId) {
      // The real page asks the merchant to sign in and pick a shop; the fake offers its demo shops.
      const links = fakeShops
        .map((s) => {
          const u = new URL(url.toString());
          u.searchParams.set('shop_id', s.shopId);
          const href = `${u.pathname}${u.search}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
          return `<li style="margin:8px 0"><a href="${href}">授权店铺：${s.shopName}（${s.shopId}）</a></li>`;
        })
        .join('');
      return html(200, `<h2>抖店开放平台 · 店铺授权（本地模拟）</h2><p>选择要授权给 GemQC 的店铺：</p><ul>${links}</ul>`);
    }
    const code = issueCode(shopId, q.get('shop_name') ?? undefined);
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  let pushUrl = opts.pushUrl ?? '';
  let aftersaleSeq = 0;
  function recordAftersale(a: { shopId: string; orderId: string; aftersaleType?: number; refundAmount?: number }): FakeAftersale {
    const order = fakeOrdersOf(a.shopId, now(), opts.ordersPerShop).find((o) => o.order_id === a.orderId);
    const t = Math.floor(now() / 1000);
    const row: FakeAftersale = {
      aftersale_id: `7${String(now()).slice(-12)}${String(++aftersaleSeq).padStart(5, '0')}${String(crypto.randomInt(10, 99))}`,
      shop_id: a.shopId,
      order_id: a.orderId,
      aftersale_type: a.aftersaleType ?? 2,
      aftersale_status: AFTERSALE_APPLIED,
      refund_amount: a.refundAmount ?? order?.pay_amount ?? 0,
      apply_time: t,
      update_time: t,
    };
    aftersales.push(row);
    return row;
  }
  async function simulateRefund(a: { shopId: string; orderId: string; aftersaleType?: number; refundAmount?: number; msgId?: string }) {
    if (!pushUrl) throw new Error('no push URL: start the fake with pushUrl or call setPushUrl');
    const row = recordAftersale(a);
    const msgId = a.msgId ?? newMsgId();
    const data = refundCreatedData({
      shopId: a.shopId,
      orderId: a.orderId,
      aftersaleId: row.aftersale_id,
      aftersaleType: row.aftersale_type,
      refundAmount: row.refund_amount,
      applyTime: row.apply_time,
    });
    const r = await sendPush(pushUrl, { appKey: opts.appKey, appSecret: opts.appSecret }, [{ tag: REFUND_CREATED_TAG, msg_id: msgId, data }]);
    return { ...r, msgId, aftersaleId: row.aftersale_id };
  }
  async function closeRefund(aftersaleId: string, o: { push?: boolean } = {}) {
    const row = aftersales.find((a) => a.aftersale_id === aftersaleId);
    if (!row) throw new Error(`unknown after-sale ${aftersaleId}`);
    row.aftersale_status = AFTERSALE_CLOSED;
    row.update_time = Math.max(row.update_time, Math.floor(now() / 1000));
    if (o.push === false) return null;
    if (!pushUrl) throw new Error('no push URL: start the fake with pushUrl or call setPushUrl');
    const data =
      `{"aftersale_id":${row.aftersale_id},"aftersale_status":${AFTERSALE_CLOSED},"aftersale_type":${row.aftersale_type},"p_id":${row.order_id},` +
      `"s_id":${row.order_id},"shop_id":${row.shop_id},"refund_amount":${row.refund_amount},"close_time":${row.update_time}}`;
    return sendPush(pushUrl, { appKey: opts.appKey, appSecret: opts.appSecret }, [{ tag: REFUND_CLOSED_TAG, msg_id: newMsgId(), data }]);
  }

  /** 模拟买家退款: a form (shop, order id, after-sale type) that pushes a refund message to the app. */
  async function refundPage(req: http.IncomingMessage, url: URL, res: http.ServerResponse): Promise<void> {
    const esc = (v: string) => v.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>模拟买家退款（本地模拟抖店）</title></head><body style="font-family:sans-serif;max-width:640px;margin:40px auto">${body}</body></html>`);
    };
    let result = '';
    let shopId = url.searchParams.get('shop_id') ?? fakeShops[0]!.shopId;
    let orderId = url.searchParams.get('order_id') ?? '';
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      shopId = form.get('shop_id') ?? shopId;
      orderId = (form.get('order_id') ?? '').trim();
      if (!/^\d{1,20}$/.test(orderId) || !/^\d{1,20}$/.test(shopId)) result = '<p style="color:#c00">请填写数字的店铺编号和订单号</p>';
      else {
        try {
          const r = await simulateRefund({ shopId, orderId, aftersaleType: Number(form.get('aftersale_type') ?? 2) });
          result = `<p style="color:${r.status === 200 ? '#080' : '#c00'}">已推送售后消息 ${esc(r.msgId)}：HTTP ${r.status} ${esc(r.body)}</p>`;
        } catch (err) {
          result = `<p style="color:#c00">推送失败：${esc((err as Error).message)}</p>`;
        }
      }
    }
    const shopOptions = fakeShops.map((s) => `<option value="${s.shopId}"${s.shopId === shopId ? ' selected' : ''}>${esc(s.shopName)}（${s.shopId}）</option>`).join('');
    const orders = fakeOrdersOf(shopId, now(), opts.ordersPerShop)
      .filter((o) => o.order_status === 2)
      .map((o) => `<li><code>${o.order_id}</code> ${esc(o.sku_order_list.map((k) => k.product_name).join('、'))}</li>`)
      .join('');
    html(
      200,
      `<h2>抖店开放平台 · 模拟买家退款（本地模拟）</h2>${result}
      <form method="post" action="/fake/refund">
        <p><label>店铺 <select name="shop_id">${shopOptions}</select></label></p>
        <p><label>抖店订单号 <input name="order_id" value="${esc(orderId)}" size="24" required></label></p>
        <p><label>售后类型 <select name="aftersale_type"><option value="2">未发货仅退款</option><option value="0">退货退款</option><option value="1">已发货仅退款</option></select></label></p>
        <p><button type="submit">模拟买家退款</button></p>
      </form>
      <p style="color:#666">推送到：${esc(pushUrl || '（未设置）')}</p>
      <h4>该店铺待发货的订单</h4><ul>${orders}</ul>`,
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') return authorisePage(url, res);
    if (url.pathname === '/fake/refund') return void refundPage(req, url, res);
    if (req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const method = url.searchParams.get('method') ?? '';
      const f = faults.get(method)?.shift();
      if (f) {
        calls.push({ method, code: -1, subCode: `fault:${f.fault}` });
        if (f.fault === 'timeout') return void setTimeout(() => res.destroy(), f.holdMs).unref();
        if (f.fault === 'http500') {
          res.writeHead(500, { 'content-type': 'text/html' });
          return void res.end('<html><body>502 Bad Gateway</body></html>');
        }
        if (f.fault === 'malformed') {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          return void res.end('{"code":10000,"msg":"success","data":{');
        }
        const limited = f.fault === 'rate_limited';
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        return void res.end(
          JSON.stringify({
            code: DoudianCodes.SERVICE_UNAVAILABLE,
            msg: '服务不可用',
            sub_code: limited ? DoudianSubCodes.rateLimited : DoudianSubCodes.serviceError,
            sub_msg: limited ? '应用调用频率超限，请稍后再试' : '服务暂时不可用，请稍后重试',
            data: {},
            log_id: `${Date.now()}`,
          }),
        );
      }
      const a = verifyAndHandle(url, Buffer.concat(chunks).toString('utf8'));
      calls.push({ method: url.searchParams.get('method') ?? '', code: a.code, subCode: a.subCode ?? '' });
      const logId = `${Date.now()}${crypto.randomBytes(4).toString('hex')}`;
      const ok = a.code === DoudianCodes.SUCCESS;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          code: a.code,
          msg: a.msg,
          sub_code: a.subCode ?? '',
          sub_msg: ok ? '' : a.msg,
          data: a.data ?? {},
          log_id: logId,
          err_no: ok ? 0 : a.code,
          message: a.msg,
        }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  // The demo process must not stay alive because of the fake alone.
  server.unref();
  const addr = server.address() as AddressInfo;
  const base = `http://${addr.address}:${addr.port}`;
  return {
    url: base,
    authorizeUrl: `${base}/oauth/authorize`,
    calls,
    issueCode,
    expireAccessTokens: (shopId) => void accessExpiredBefore.set(shopId, stamp()),
    revokeAuthorisation: (shopId) => void revokedBefore.set(shopId, stamp()),
    ordersOf: (shopId) => fakeOrdersOf(shopId, now(), opts.ordersPerShop),
    simulateRefund,
    createRefundWithoutPush: (a) => recordAftersale(a).aftersale_id,
    closeRefund,
    aftersales,
    ebills,
    setPushUrl: (u) => void (pushUrl = u),
    failNext: (method, fault, times = 1, holdMs = 30_000) => {
      const list = faults.get(method) ?? [];
      for (let i = 0; i < times; i++) list.push({ fault, holdMs });
      faults.set(method, list);
    },
    clearFaults: () => faults.clear(),
    shipments,
    markRefunded: (shopId, orderId) => void refundedOrders.add(`${shopId}:${orderId}`),
    companies: fakeLogisticsCompanies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
