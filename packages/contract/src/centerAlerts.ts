import { z } from 'zod';
import { endpoint } from './common';

/** The service-centre layout banners (spec §4 "Shipping deadline", "Intercepted order"). */
export const centerAlerts = z.object({
  /** Earliest ship deadline among the centre's unshipped, not yet overdue orders (ISO time). */
  nearest_deadline: z.string().nullable(),
  nearest_order_no: z.string().nullable(),
  /** Unshipped orders whose deadline has passed (发货超时). */
  overdue_count: z.number(),
  /** Intercepted orders still at the centre. */
  intercepted: z.array(
    z.object({
      id: z.string(),
      order_no: z.string(),
      reason: z.string(),
      merchant_name: z.string(),
      /** Whom to call about the goods: the merchant's 检测信息 contact, else its registration's. */
      merchant_contact: z.string(),
      merchant_mobile: z.string(),
    }),
  ),
  /** Merchants' intercept requests waiting for the centre to confirm. */
  intercept_requests: z.array(z.object({ id: z.string(), order_id: z.string(), order_no: z.string(), reason: z.string(), merchant_name: z.string() })),
  /** Buyer refunds of the last 7 days on orders still to ship whose merchant chose 发货优先 (recorded, not intercepted). */
  refund_notices: z.array(z.object({ order_id: z.string(), order_no: z.string(), reason: z.string(), merchant_name: z.string(), received_at: z.string() })),
  /** Server time, so the countdown does not depend on the PC clock. */
  server_time: z.string(),
});
export type CenterAlerts = z.infer<typeof centerAlerts>;

export const centerAlertsApi = {
  alerts: endpoint({ method: 'GET', path: '/center/v1/Order/alerts', summary: 'Nearest ship deadline and intercepted orders for the banners', data: centerAlerts }),
};
