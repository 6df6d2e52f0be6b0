import { z } from 'zod';
import { sessionData } from './auth';
import { endpoint, pageQuery, paged, ref, refTo } from './common';

/**
 * Doudian shops of a merchant (docs/domain.md#shops): OAuth authorisation, the shop list, and the paid
 * shop orders that still need a testing order (去检测).
 *
 * Authorisation journey: the web calls `authorizeUrl` (signed-in merchant) and sends the browser to
 * `data.url`; the platform returns to `/trader/doudian-auth?code=…&state=…`; that page posts both
 * to `authCallback` (no token needed) and gets a session exactly like the merchant login answer.
 */

export const shopStatuses = [
  { value: 'active', label: '授权有效' },
  { value: 'expired', label: '需重新授权' },
  { value: 'revoked', label: '已取消授权' },
] as const;
export type ShopStatus = (typeof shopStatuses)[number]['value'];
export function shopStatusLabel(v: string): string {
  return shopStatuses.find((s) => s.value === v)?.label ?? v;
}

/** A platform shop id as the platform gives it (digits); numbers are accepted too. */
export const platformShopId = refTo(
  'platform_shop',
  z
  .union([z.string(), z.number()], { error: '请选择店铺' })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, { error: '请选择店铺' }).max(32, { error: '店铺编号不正确' }).regex(/^[\w-]+$/, { error: '店铺编号不正确' })),
);

export const platformOrderId = refTo(
  'platform_order',
  z
  .union([z.string(), z.number()], { error: '平台订单号不正确' })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, { error: '平台订单号不能为空' }).max(40, { error: '平台订单号不正确' }).regex(/^[\w-]+$/, { error: '平台订单号不正确' })),
);

export const authorizeUrlData = z.object({
  /** Send the browser here (the platform's authorise page with app_key, state, redirect_uri). */
  url: z.string(),
  state: z.string(),
  /** The return page the platform redirects to: `<origin>/trader/doudian-auth`. */
  redirect_uri: z.string(),
  /** ISO time; the state is refused after it (10 minutes). */
  expires_at: z.string(),
});

export const authCallbackBody = z.object({
  code: z.string({ error: '缺少授权码 code，请重新发起店铺授权' }).trim().min(1, { error: '缺少授权码 code，请重新发起店铺授权' }).max(512, { error: '授权码 code 不正确' }),
  state: z.string({ error: '缺少 state 参数，请重新发起店铺授权' }).trim().min(1, { error: '缺少 state 参数，请重新发起店铺授权' }).max(200, { error: 'state 参数不正确' }),
});

export const shopItem = z.object({
  id: z.string(),
  platform: z.string(),
  shop_id: z.string(),
  shop_name: z.string(),
  /** active | expired | revoked */
  status: z.string(),
  status_text: z.string(),
  /** ISO times (null when unknown). */
  access_expires_at: z.string().nullable(),
  refresh_expires_at: z.string().nullable(),
  authorised_at: z.string(),
  last_pulled_at: z.string().nullable(),
});
export type ShopItem = z.infer<typeof shopItem>;

export const pendingOrderItem = z.object({
  product_name: z.string(),
  item_num: z.number(),
  /** fen */
  pay_amount: z.number(),
});

/** A paid shop order waiting for shipment with no live testing order yet. */
export const pendingOrder = z.object({
  platform_order_id: z.string(),
  shop_id: z.string(),
  /** ISO times. */
  create_time: z.string(),
  pay_time: z.string().nullable(),
  /** The platform's latest ship time (null when it gives none). */
  exp_ship_time: z.string().nullable(),
  buyer_name: z.string(),
  /** Masked by the platform (138****0012). */
  buyer_phone: z.string(),
  buyer_address: z.string(),
  /** fen */
  pay_amount: z.number(),
  items: z.array(pendingOrderItem),
});
export type PendingOrder = z.infer<typeof pendingOrder>;

export const pendingOrdersQuery = pageQuery.extend({ shop_id: platformShopId });

export const pullOrdersBody = z.object({
  shop_id: platformShopId,
  /** The chosen platform orders; absent = every pending paid order of the shop. */
  order_ids: z.array(platformOrderId).min(1, { error: '请至少选择一个订单' }).max(100, { error: '一次最多提交100个订单' }).optional(),
  /** Inspection centre for the new orders; absent = the merchant's default centre. */
  centre_id: ref('centre').optional(),
});

export const pullOrdersData = z.object({
  created: z.number(),
  skipped: z.number(),
  /** Testing orders created now. */
  orders: z.array(z.object({ platform_order_id: z.string(), id: z.string(), order_no: z.string() })),
  /** Orders not turned into testing orders, with the reason (已创建检测订单, 订单不是待发货状态…). */
  skipped_orders: z.array(z.object({ platform_order_id: z.string(), reason: z.string() })),
});
export type PullOrdersData = z.infer<typeof pullOrdersData>;

export const shopPlatformData = z.object({
  /** The embedded fake Doudian platform of the demo answers (DEMO_MODE without a gateway), not the real one. */
  demo: z.boolean(),
});

export const shopsApi = {
  platform: endpoint({
    method: 'GET',
    path: '/merchant/v1/Shop/platform',
    summary: 'Which Doudian platform shops are authorised on: the real one, or the fake platform of the demo',
    data: shopPlatformData,
  }),
  authorizeUrl: endpoint({
    method: 'GET',
    path: '/merchant/v1/Shop/authorizeUrl',
    summary: 'Start a Doudian shop authorisation: the platform authorise URL with a 10-minute single-use state',
    data: authorizeUrlData,
  }),
  authCallback: endpoint({
    method: 'POST',
    path: '/merchant/v1/Shop/authCallback',
    summary: 'Return of the shop authorisation (public): exchanges the code, stores the shop, answers a session like login',
    body: authCallbackBody,
    data: sessionData,
  }),
  list: endpoint({
    method: 'GET',
    path: '/merchant/v1/Shop/list',
    summary: "The merchant's authorised shops with status and token expiry",
    query: pageQuery,
    data: paged(shopItem),
  }),
  pendingOrders: endpoint({
    method: 'GET',
    path: '/merchant/v1/Shop/pendingOrders',
    summary: 'Paid shop orders (order.searchList, last 30 days) that have no testing order yet (去检测)',
    query: pendingOrdersQuery,
    data: paged(pendingOrder),
  }),
  pullOrders: endpoint({
    method: 'POST',
    path: '/merchant/v1/Shop/pullOrders',
    summary: 'Turn chosen (or all pending) paid shop orders into testing orders; repeating creates no duplicates',
    body: pullOrdersBody,
    data: pullOrdersData,
  }),
};
