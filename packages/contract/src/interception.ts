import { z } from 'zod';
import { endpoint, listSort, pageQuery, paged, ref } from './common';
import { photoUploadData } from './photos';
import { orderRow } from './orders';

/**
 * Interception (issue 17): the buyer's refund on the shop platform, a centre's or a merchant's
 * decision, and the goods going back to the merchant.
 */

/**
 * Where the Doudian message push is received (configure it as the push URL in the Doudian
 * console: https://<host>/api/publics/v1/Doudian/push). Not an envelope endpoint: the platform
 * signs the raw body (headers app-id, event-sign, sign-method) and expects `{"code":0,"msg":"success"}`.
 */
export const DOUDIAN_PUSH_PATH = '/publics/v1/Doudian/push';

/** What GemQC did with a platform message. */
export const platformMessageOutcomes = [
  { value: 'intercepted', label: '已拦截' },
  { value: 'shipping_first', label: '已记录（商家设置发货优先，照常发货）' },
  { value: 'already_intercepted', label: '已记录（订单已拦截）' },
  { value: 'not_arrived', label: '已记录（货品尚未到检测中心）' },
  { value: 'already_shipped', label: '已记录（订单已发货）' },
  { value: 'closed', label: '已记录（订单已结束）' },
  { value: 'unknown_shop', label: '已记录（未授权的店铺）' },
  { value: 'unknown_order', label: '已记录（没有对应的检测订单）' },
  { value: 'ignored', label: '已记录' },
  { value: 'intercept_on_arrival', label: '已记录（货品在途，商家设置售后优先：到仓扫描时拦截）' },
  { value: 'duplicate_aftersale', label: '已记录（该售后单已处理过）' },
  { value: 'aftersale_closed', label: '已记录（买家已撤销售后或商家已拒绝）' },
  { value: 'rejected', label: '已拒收（消息无法保存）' },
] as const;
export function platformMessageOutcomeLabel(v: string): string {
  return platformMessageOutcomes.find((o) => o.value === v)?.label ?? v;
}

/** The reason of an interception (or a request, or a rejection note). */
export const interceptReason = z
  .string({ error: '请填写拦截原因' })
  .trim()
  .min(2, { error: '请填写拦截原因（至少2个字）' })
  .max(200, { error: '拦截原因不能超过200个字' });

/** Why an interception is released (e.g. 买家已撤销售后，商家确认照常发货). */
export const releaseReason = z
  .string({ error: '请填写解除拦截的原因' })
  .trim()
  .min(2, { error: '请填写解除拦截的原因（至少2个字）' })
  .max(200, { error: '解除拦截的原因不能超过200个字' });

export const interceptRequestView = z.object({
  id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  merchant_name: z.string(),
  reason: z.string(),
  /** pending | confirmed | rejected */
  status: z.string(),
  status_text: z.string(),
  requested_by_name: z.string(),
  requested_at: z.string(),
  decided_by_name: z.string(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
});
export type InterceptRequestView = z.infer<typeof interceptRequestView>;

export const refundNoticeView = z.object({
  id: z.string(),
  tag: z.string(),
  aftersale_id: z.string(),
  outcome: z.string(),
  outcome_text: z.string(),
  reason: z.string(),
  received_at: z.string(),
});

/**
 * Where intercepted goods go back: the merchant's 检测信息 (contact, mobile, 退货地址, return method);
 * a merchant that entered none shows its registration's contact and mobile and no address (it is
 * asked for one when its order is intercepted).
 */
export const returnContactView = z.object({
  merchant_name: z.string(),
  contact: z.string(),
  mobile: z.string(),
  /** 退货地址, '' when the merchant has entered none */
  address: z.string(),
  /** post | pickup | '' (none entered) */
  method: z.string(),
  method_text: z.string(),
});
export type ReturnContact = z.infer<typeof returnContactView>;

export const orderReturnView = z.object({
  /** post | pickup */
  mode: z.string(),
  mode_text: z.string(),
  carrier: z.string(),
  waybill: z.string(),
  picked_up_by: z.string(),
  picked_up_at: z.string().nullable(),
  /** The collector's signature photo (a signed link, relative to /api), '' when none was taken. */
  signature_url: z.string(),
  operator_name: z.string(),
  created_at: z.string(),
  /** Post: whom and where it was sent (as the warehouse confirmed it in 快递寄回). */
  contact: z.string(),
  mobile: z.string(),
  address: z.string(),
});

/** An order's interception side: the platform's refund messages, the merchant's requests, the return. */
export const orderInterceptionData = z.object({
  refund_notices: z.array(refundNoticeView),
  requests: z.array(interceptRequestView),
  return_info: orderReturnView.nullable(),
  /** Where the goods go back (the merchant's 检测信息). */
  return_to: returnContactView,
  /** What happens next, as a sentence for the merchant and the centre ('' when nothing is pending). */
  next_step: z.string(),
  /** What next_step says, as a key the web shows in the session's language ('' when none). */
  next_step_key: z.enum(['', 'intercepted', 'return_pending', 'returned', 'picked_up', 'request_pending', 'shipping_first']),
});
export type OrderInterception = z.infer<typeof orderInterceptionData>;

export const returnQueueRow = orderRow.extend({ intercepted_since: z.string(), return_to: returnContactView });

/** 拦截退回 sorts by 拦截时间 (default: the longest waiting first) and 状态. */
export const returnQueueSort = listSort({ intercepted_since: '拦截时间', status: '状态' });
export const returnQueueQuery = pageQuery.extend(returnQueueSort.shape);

const statusData = z.object({ id: z.string(), status: z.string(), status_text: z.string() });

/** The order an interception input names (x-gemqc-ref: the hardening suite checks who may name it). */
const orderId = ref('order');

export const interceptionApi = {
  centerIntercept: endpoint({
    method: 'POST',
    path: '/center/v1/Order/intercept',
    summary: 'Intercept an order at the centre (received … bound → intercepted) with a reason, e.g. the merchant phoned',
    body: z.object({ id: orderId, reason: interceptReason }),
    data: statusData,
  }),
  centerRelease: endpoint({
    method: 'POST',
    path: '/center/v1/Order/releaseIntercept',
    summary: 'Release an interception with a reason (audited): an intercepted order goes back to where it was; a parcel in transit is no longer stopped at the scan',
    body: z.object({ id: orderId, reason: releaseReason }),
    data: statusData,
  }),
  centerRequests: endpoint({
    method: 'GET',
    path: '/center/v1/Order/interceptRequests',
    summary: 'Merchants’ intercept requests waiting for the centre',
    data: z.array(interceptRequestView),
  }),
  centerConfirm: endpoint({
    method: 'POST',
    path: '/center/v1/Order/interceptConfirm',
    summary: 'Confirm a merchant’s intercept request: the order is intercepted with the merchant’s reason',
    body: z.object({ id: ref('intercept_request') }),
    data: statusData,
  }),
  centerReject: endpoint({
    method: 'POST',
    path: '/center/v1/Order/interceptReject',
    summary: 'Reject a merchant’s intercept request with a note (e.g. already packed and shipped)',
    body: z.object({ id: ref('intercept_request'), note: z.string().trim().min(2, { error: '请填写不拦截的原因' }).max(200, { error: '原因不能超过200个字' }) }),
    data: z.null(),
  }),
  centerInterception: endpoint({
    method: 'GET',
    path: '/center/v1/Order/interception',
    summary: 'An order’s refund messages, intercept requests, return and next step',
    query: z.object({ id: orderId }),
    data: orderInterceptionData,
  }),
  merchantRequest: endpoint({
    method: 'POST',
    path: '/merchant/v1/Testing/interceptRequest',
    summary: 'Ask the centre to intercept the merchant’s own order (the centre confirms)',
    body: z.object({ id: orderId, reason: interceptReason }),
    data: interceptRequestView,
  }),
  merchantInterception: endpoint({
    method: 'GET',
    path: '/merchant/v1/Testing/interception',
    summary: 'The merchant’s order: refund messages, intercept requests, return and next step',
    query: z.object({ id: orderId }),
    data: orderInterceptionData,
  }),
  manageSearch: endpoint({
    method: 'GET',
    path: '/manage/v1/Order/search',
    summary: 'Orders of any centre by order no, platform order id or waybill (the manager’s interception lookup), newest first, at most 20',
    query: z.object({
      keyword: z
        .string({ error: '请输入订单号、平台订单号或运单号' })
        .trim()
        .min(4, { error: '请输入完整的订单号、平台订单号或运单号（至少4位）' })
        .max(64, { error: '单号不能超过64位' }),
    }),
    data: z.array(orderRow),
  }),
  manageIntercept: endpoint({
    method: 'POST',
    path: '/manage/v1/Order/intercept',
    summary: 'A platform manager intercepts an order of any centre (received … bound → intercepted) with a reason',
    body: z.object({ id: orderId, reason: interceptReason }),
    data: statusData,
  }),
  warehouseRelease: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/releaseIntercept',
    summary: 'Release an interception with a reason (audited), as the service centre does',
    body: z.object({ id: orderId, reason: releaseReason }),
    data: statusData,
  }),
  warehouseQueue: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Order/returnQueue',
    summary: 'Intercepted orders of the centre waiting to go back to the merchant (default: oldest first; sort_by intercepted_since or status)',
    query: returnQueueQuery,
    data: paged(returnQueueRow),
  }),
  warehouseReturnPhoto: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Order/returnPhoto',
    summary: 'Upload the photo of the collector’s signature for a pickup (raw body: image/jpeg, image/png or image/webp); send its key as signature_photo in Order/return',
    query: z.object({ id: orderId }),
    data: photoUploadData,
  }),
  warehouseInterception: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Order/interception',
    summary: 'An order’s refund messages, intercept requests, return and next step',
    query: z.object({ id: orderId }),
    data: orderInterceptionData,
  }),
};
