import { z } from 'zod';
import {
  DoudianCodes,
  DoudianError,
  DoudianNetworkError,
  DoudianTimeoutError,
  errorFromHttpStatus,
  errorFromResponse,
} from './errors';
import { paramJsonOf, pathOfMethod, platformTimestamp, signRequest, type JsonValue } from './sign';
import { recordDoudianCall } from '../../platform/metrics';

/** What the client logs: method, outcome and timing, never tokens, secrets, codes or URLs. */
export interface DoudianLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface DoudianClientOptions {
  /** Gateway base URL, e.g. https://openapi-fxg.jinritemai.com (no trailing slash needed). */
  gateway: string;
  appKey: string;
  appSecret: string;
  /** Per-call timeout (default 10 s). */
  timeoutMs?: number;
  /** Time source for request timestamps (tests). */
  now?: () => number;
  logger?: DoudianLogger;
}

// ---- response shapes (only the fields GemQC reads are required; the rest pass through) ----

const tokenData = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.coerce.number().int().positive(),
  /** Seconds until the refresh token expires (absent on some gateways: 14 days then). */
  refresh_expires_in: z.coerce.number().int().positive().optional(),
  shop_id: z.union([z.string(), z.number()]).transform(String),
  shop_name: z.string().default(''),
  scope: z.string().optional(),
  authority_id: z.string().optional(),
});
export type DoudianToken = z.output<typeof tokenData>;

const addrPart = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String).optional(), name: z.string().default('') });

const skuOrder = z.looseObject({
  sku_order_id: z.union([z.string(), z.number()]).transform(String).optional(),
  product_id: z.union([z.string(), z.number()]).transform(String).optional(),
  product_name: z.string(),
  item_num: z.coerce.number().int(),
  /** Fen. */
  pay_amount: z.coerce.number().int(),
  order_status: z.coerce.number().int(),
});

const shopOrder = z.looseObject({
  order_id: z.union([z.string(), z.number()]).transform(String),
  order_status: z.coerce.number().int(),
  order_status_desc: z.string().default(''),
  /** Unix seconds. */
  create_time: z.coerce.number().int(),
  /** Unix seconds; 0 when unpaid. */
  pay_time: z.coerce.number().int().default(0),
  /** Latest ship time, unix seconds; 0 when the platform gives none. */
  exp_ship_time: z.coerce.number().int().default(0),
  post_receiver: z.string().default(''),
  /** Masked by the platform (e.g. 138****0012). */
  post_tel: z.string().default(''),
  post_addr: z
    .looseObject({ province: addrPart.optional(), city: addrPart.optional(), town: addrPart.optional(), street: addrPart.optional(), detail: z.string().default('') })
    .optional(),
  order_amount: z.coerce.number().int().default(0),
  pay_amount: z.coerce.number().int().default(0),
  sku_order_list: z.array(skuOrder).default([]),
});
export type DoudianShopOrder = z.output<typeof shopOrder>;

const searchData = z.looseObject({
  shop_order_list: z.array(shopOrder).default([]),
  total: z.coerce.number().int().default(0),
  page: z.coerce.number().int().default(0),
  size: z.coerce.number().int().default(0),
});
export type DoudianOrderPage = z.output<typeof searchData>;

const idOf = z.union([z.string(), z.number()]).transform(String);

/** One after-sale of `afterSale.List` (the fields GemQC reads; times in unix seconds, money in fen). */
const aftersaleItem = z.looseObject({
  aftersale_info: z.looseObject({
    aftersale_id: idOf,
    /** 0 退货退款, 1 已发货仅退款, 2 未发货仅退款, 3 换货 */
    aftersale_type: z.coerce.number().int().optional(),
    /** 6 售后申请 … 27 拒绝售后申请, 28 售后关闭/失败, 12 售后成功 */
    aftersale_status: z.coerce.number().int(),
    refund_amount: z.coerce.number().int().optional(),
    apply_time: z.coerce.number().int().optional(),
    update_time: z.coerce.number().int().optional(),
  }),
  order_info: z.looseObject({ shop_order_id: idOf }),
});
export type DoudianAftersale = z.output<typeof aftersaleItem>;

const aftersalePage = z.looseObject({
  items: z.array(aftersaleItem).default([]),
  has_more: z.boolean().default(false),
  total: z.coerce.number().int().default(0),
});

/** `order.orderDetail`: the receiver as the platform holds it (encrypted; GemQC never decrypts it). */
const orderDetailData = z.looseObject({
  shop_order_detail: z.looseObject({
    order_id: idOf,
    encrypt_post_receiver: z.string().default(''),
    encrypt_post_tel: z.string().default(''),
    post_addr: z
      .looseObject({ province: addrPart.optional(), city: addrPart.optional(), town: addrPart.optional(), street: addrPart.optional(), encrypt_detail: z.string().default('') })
      .optional(),
  }),
});
export type DoudianOrderReceiver = z.output<typeof orderDetailData>['shop_order_detail'];

/** `logistics.newCreateOrder`: the waybills issued (ebill_infos) and the packs refused (err_infos). */
const newCreateOrderData = z.looseObject({
  ebill_infos: z.array(z.looseObject({ order_id: idOf, pack_id: idOf.optional(), track_no: z.string().min(1), sort_code: z.string().optional() })).default([]),
  err_infos: z.array(z.looseObject({ order_id: idOf.optional(), pack_id: idOf.optional(), err_code: z.union([z.string(), z.number()]).optional(), err_msg: z.string().default('') })).default([]),
});
export type DoudianEbillResult = z.output<typeof newCreateOrderData>;

/** A party of an e-waybill (logistics.newCreateOrder sender_info / receiver_info). */
export interface EbillParty {
  address: { country_code: string; province_name: string; city_name: string; district_name: string; street_name: string; detail_address: string };
  contact: { name: string; mobile: string };
}

const envelope = z.looseObject({
  code: z.coerce.number().int().optional(),
  err_no: z.coerce.number().int().optional(),
  msg: z.string().optional(),
  message: z.string().optional(),
  sub_code: z.string().optional(),
  sub_msg: z.string().optional(),
  log_id: z.string().optional(),
  data: z.unknown(),
});

/** One carrier as the platform knows it (`order.logisticsCompanyList`). */
const logisticsCompany = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  code: z.string(),
});
export type DoudianLogisticsCompany = z.output<typeof logisticsCompany>;
const logisticsCompanyList = z.array(logisticsCompany);

/** What `order.logisticsAdd` needs: the shop order, the carrier (the platform's id and code) and the waybill. */
export interface LogisticsAddParams {
  /** The platform's shop order id. */
  orderId: string;
  /** The carrier's id in `order.logisticsCompanyList`. */
  companyId: string;
  /** The carrier's code in `order.logisticsCompanyList`. */
  companyCode: string;
  companyName: string;
  /** The waybill number. */
  waybill: string;
}

/** Order status 2 = 备货中: paid, waiting to be shipped (what needs inspection). */
export const PAID_AWAITING_SHIPMENT = 2;

export interface SearchOrdersParams {
  /** Unix seconds, inclusive. */
  createTimeStart?: number;
  createTimeEnd?: number;
  orderStatus?: number;
  /** From 0, as the platform counts. */
  page?: number;
  /** At most 100. */
  size?: number;
}

export class DoudianClient {
  readonly gateway: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: DoudianClientOptions) {
    this.gateway = opts.gateway.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  get appKey(): string {
    return this.opts.appKey;
  }

  /** Exchanges the authorisation code of the return page for the shop's tokens. */
  async createToken(code: string): Promise<DoudianToken> {
    const data = await this.call('token.create', { code, grant_type: 'authorization_code' });
    return this.parse('token.create', tokenData, data);
  }

  /** A new access and refresh token for a refresh token (the old refresh token stops working). */
  async refreshToken(refreshToken: string): Promise<DoudianToken> {
    const data = await this.call('token.refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' });
    return this.parse('token.refresh', tokenData, data);
  }

  /** One page of the shop's orders (`order.searchList`). */
  async searchOrders(accessToken: string, p: SearchOrdersParams): Promise<DoudianOrderPage> {
    const params: { [key: string]: JsonValue } = { page: p.page ?? 0, size: Math.min(p.size ?? 100, 100), order_by: 'create_time', order_asc: false };
    if (p.createTimeStart !== undefined) params.create_time_start = p.createTimeStart;
    if (p.createTimeEnd !== undefined) params.create_time_end = p.createTimeEnd;
    if (p.orderStatus !== undefined) params.order_status = p.orderStatus;
    const data = await this.call('order.searchList', params, accessToken);
    return this.parse('order.searchList', searchData, data);
  }

  /**
   * Every paid order waiting for shipment created since `sinceSec`, following pages up to
   * `maxOrders` (the newest first).
   */
  async searchPaidOrders(accessToken: string, sinceSec: number, maxOrders = 1000): Promise<DoudianShopOrder[]> {
    const out: DoudianShopOrder[] = [];
    for (let page = 0; out.length < maxOrders; page++) {
      const r = await this.searchOrders(accessToken, { createTimeStart: sinceSec, orderStatus: PAID_AWAITING_SHIPMENT, page, size: 100 });
      out.push(...r.shop_order_list);
      if (r.shop_order_list.length < 100 || (page + 1) * 100 >= r.total) break;
    }
    return out.slice(0, maxOrders);
  }

  /** The carriers the platform accepts for shipments (`order.logisticsCompanyList`). */
  async logisticsCompanies(accessToken: string): Promise<DoudianLogisticsCompany[]> {
    const data = await this.call('order.logisticsCompanyList', {}, accessToken);
    return this.parse('order.logisticsCompanyList', logisticsCompanyList, data);
  }

  /** Reports the shipment of a shop order (`order.logisticsAdd`): the order moves to 已发货 on the platform. */
  async logisticsAdd(accessToken: string, p: LogisticsAddParams): Promise<void> {
    await this.call(
      'order.logisticsAdd',
      { order_id: p.orderId, logistics_id: p.companyId, company_code: p.companyCode, company: p.companyName, logistics_code: p.waybill },
      accessToken,
    );
  }

  /**
   * The shop's after-sales updated in [startSec, endSec] (`afterSale.List` by update_start_time /
   * update_end_time, newest first), following pages up to `max`.
   */
  async aftersalesUpdated(accessToken: string, startSec: number, endSec: number, max = 2000): Promise<DoudianAftersale[]> {
    const out: DoudianAftersale[] = [];
    for (let page = 0; out.length < max; page++) {
      const data = await this.call('afterSale.List', { update_start_time: startSec, update_end_time: endSec, page, size: 100, order_by: ['update_time desc'] }, accessToken);
      const r = this.parse('afterSale.List', aftersalePage, data);
      out.push(...r.items);
      if (!r.has_more || r.items.length === 0) break;
    }
    return out.slice(0, max);
  }

  /** One shop order with its receiver as the platform holds it (`order.orderDetail`; the receiver's fields stay encrypted). */
  async orderReceiver(accessToken: string, shopOrderId: string): Promise<DoudianOrderReceiver> {
    const data = await this.call('order.orderDetail', { shop_order_id: shopOrderId }, accessToken);
    return this.parse('order.orderDetail', orderDetailData, data).shop_order_detail;
  }

  /**
   * 电子面单取号 (`logistics.newCreateOrder`) on the shop's e-waybill subscription with the carrier
   * `logisticsCode`: one pack (`packId`) of the shop order, from `sender` to `receiver`.
   */
  async newCreateOrder(
    accessToken: string,
    a: { logisticsCode: string; sender: EbillParty; orderId: string; packId: string; receiver: EbillParty; items: { item_name: string; item_count: number }[] },
  ): Promise<DoudianEbillResult> {
    const party = (p: EbillParty): { [key: string]: JsonValue } => ({ address: { ...p.address }, contact: { ...p.contact } });
    const data = await this.call(
      'logistics.newCreateOrder',
      {
        logistics_code: a.logisticsCode,
        sender_info: party(a.sender),
        order_infos: [{ order_id: a.orderId, pack_id: a.packId, receiver_info: party(a.receiver), items: a.items.map((i) => ({ ...i })) }],
      },
      accessToken,
    );
    return this.parse('logistics.newCreateOrder', newCreateOrderData, data);
  }

  /** The authorise page URL the merchant is sent to. */
  authorizeUrl(authUrl: string, state: string, redirectUri: string): string {
    const u = new URL(authUrl);
    u.searchParams.set('app_key', this.opts.appKey);
    u.searchParams.set('state', state);
    u.searchParams.set('redirect_uri', redirectUri);
    return u.toString();
  }

  /** A signed call of any method; resolves to `data` of a successful answer. Counted by outcome (platform/metrics.ts). */
  async call(method: string, params: { [key: string]: JsonValue }, accessToken?: string): Promise<unknown> {
    try {
      const data = await this.callOnce(method, params, accessToken);
      recordDoudianCall(method, 'ok');
      return data;
    } catch (err) {
      recordDoudianCall(method, err instanceof DoudianError ? err.kind : 'error');
      throw err;
    }
  }

  private async callOnce(method: string, params: { [key: string]: JsonValue }, accessToken?: string): Promise<unknown> {
    const paramJson = paramJsonOf(params);
    const timestamp = platformTimestamp(this.now());
    const sign = signRequest({ appKey: this.opts.appKey, appSecret: this.opts.appSecret, method, paramJson, timestamp });
    const query = new URLSearchParams({ app_key: this.opts.appKey, method, v: '2', timestamp, sign_method: 'hmac-sha256', sign });
    if (accessToken) query.set('access_token', accessToken);
    const url = `${this.gateway}${pathOfMethod(method)}?${query.toString()}`;
    const started = Date.now();
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: paramJson,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        this.opts.logger?.warn({ method, ms: Date.now() - started }, 'doudian call timed out');
        throw new DoudianTimeoutError('timeout', `抖店接口 ${method} 超时（${this.timeoutMs} 毫秒内未响应）`, { method });
      }
      this.opts.logger?.warn({ method, error: e.name }, 'doudian call failed');
      throw new DoudianNetworkError('network', `无法连接抖店开放平台（${method}）`, { method });
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      if (res.status !== 200) throw errorFromHttpStatus(method, res.status);
      throw new DoudianError('bad_response', `抖店接口 ${method} 返回了无法解析的内容（HTTP ${res.status}）`, { method });
    }
    const env = envelope.safeParse(body);
    if (!env.success && res.status !== 200) throw errorFromHttpStatus(method, res.status);
    if (!env.success) throw new DoudianError('bad_response', `抖店接口 ${method} 返回格式不正确`, { method });
    const e = env.data;
    const code = e.code ?? (e.err_no === 0 ? DoudianCodes.SUCCESS : (e.err_no ?? -1));
    const logFields = { method, code, sub_code: e.sub_code, log_id: e.log_id, ms: Date.now() - started };
    if (code !== DoudianCodes.SUCCESS) {
      this.opts.logger?.warn(logFields, 'doudian call rejected');
      throw errorFromResponse(method, code, e.sub_code ?? '', e.msg || e.message || '', e.log_id, e.sub_msg ?? '');
    }
    this.opts.logger?.info(logFields, 'doudian call');
    return e.data;
  }

  private parse<T extends z.ZodType>(method: string, schema: T, data: unknown): z.output<T> {
    const r = schema.safeParse(data);
    if (!r.success) throw new DoudianError('bad_response', `抖店接口 ${method} 返回的数据缺少必要字段`, { method });
    return r.data;
  }
}
