import type { DoudianAftersale } from '../../integrations/doudian';
import { REFUND_CLOSED_TAG, REFUND_CREATED_TAG, type PushMessage } from '../../integrations/doudian/push';
import { findShopById, withShopToken, type ShopEnv } from '../shops/service';
import type { OrderStatus } from '@gemqc/contract';
import { atCentreStatuses } from '../orders/stateMachine';
import * as repo from './repo';
import { handleMessage } from './service';

/**
 * Reconciliation (no refund missed): pushes do get lost, so every few minutes
 * (DOUDIAN_AFTERSALE_CHECK_MINUTES) each shop with orders on their way to the centre or at it asks
 * the platform (`afterSale.List`) for the after-sales updated since its last check. One GemQC has
 * not seen is applied exactly as its push would have been — the same `handleMessage`, idempotent by
 * after-sale id — and one the buyer closed since is recorded closed.
 */

/** How far back the first check of a shop looks. */
export const FIRST_CHECK_LOOKBACK_MS = 3 * 86400_000;
/** Each check reads again this much before the last one (the platform's list may lag a little). */
export const CHECK_OVERLAP_MS = 5 * 60_000;
/** afterSale.List statuses that no longer stop the order: 27 拒绝售后申请, 28 售后关闭（买家撤销或失败）. */
export const CLOSED_AFTERSALE_STATUSES: ReadonlySet<number> = new Set([27, 28]);
/** The orders whose after-sales matter: on their way to the centre, or at it and not shipped. */
const WATCHED: readonly OrderStatus[] = ['created', 'awaiting_arrival', ...atCentreStatuses];

export interface ReconcileResult {
  shops: number;
  /** After-sales GemQC had not seen (applied now as their push would have been). */
  applied: number;
  /** After-sales seen open that the platform now lists closed. */
  closed: number;
  /** Shops whose check failed (token, network): they are checked again next turn from the same point. */
  failed: number;
}

/** The message an after-sale of the list stands for (msg_id stable: a second run is a repeat). */
function messageOf(shopId: string, a: DoudianAftersale, tag: string): PushMessage {
  const i = a.aftersale_info;
  return {
    tag,
    msg_id: `reconcile:${i.aftersale_id}:${tag}`,
    data: {
      p_id: a.order_info.shop_order_id,
      s_id: a.order_info.shop_order_id,
      shop_id: shopId,
      aftersale_id: i.aftersale_id,
      ...(i.aftersale_type === undefined ? {} : { aftersale_type: i.aftersale_type }),
      aftersale_status: i.aftersale_status,
      ...(i.refund_amount === undefined ? {} : { refund_amount: i.refund_amount }),
      ...(i.apply_time === undefined ? {} : { apply_time: i.apply_time }),
      source: 'afterSale.List',
    },
  };
}

/** One turn of reconciliation over every shop that needs it. A plain function: the job and tests call it. */
export async function reconcileAftersales(env: ShopEnv): Promise<ReconcileResult> {
  const { db, now } = env;
  const out: ReconcileResult = { shops: 0, applied: 0, closed: 0, failed: 0 };
  if (!env.doudian) return out;
  const client = env.doudian;
  for (const s of await repo.shopsToReconcile(db, WATCHED)) {
    out.shops++;
    const from = s.checkedUntil ? new Date(s.checkedUntil.getTime() - CHECK_OVERLAP_MS) : new Date(now.getTime() - FIRST_CHECK_LOOKBACK_MS);
    try {
      const shop = await findShopById(db, s.id);
      if (!shop) continue;
      const items = await withShopToken(env, shop, (token) => client.aftersalesUpdated(token, Math.floor(from.getTime() / 1000), Math.ceil(now.getTime() / 1000)));
      const watched = await repo.watchedPlatformOrders(db, s.id, WATCHED);
      const ours = items.filter((a) => watched.has(a.order_info.shop_order_id));
      const known = await repo.knownAftersales(db, 'doudian', ours.map((a) => a.aftersale_info.aftersale_id));
      // oldest first, as the pushes would have come
      for (const a of ours.sort((x, y) => (x.aftersale_info.update_time ?? 0) - (y.aftersale_info.update_time ?? 0))) {
        const state = known.get(a.aftersale_info.aftersale_id);
        const closedNow = CLOSED_AFTERSALE_STATUSES.has(a.aftersale_info.aftersale_status);
        if (state === undefined && !closedNow) {
          const r = await handleMessage(db, messageOf(s.shopId, a, REFUND_CREATED_TAG), now, 'reconcile');
          if (!r.duplicate && r.outcome !== 'duplicate_aftersale') out.applied++;
        } else if (closedNow && state !== 'closed' && state !== 'released') {
          const r = await handleMessage(db, messageOf(s.shopId, a, REFUND_CLOSED_TAG), now, 'reconcile');
          if (!r.duplicate && r.outcome === 'aftersale_closed') out.closed++;
        }
      }
      await repo.setChecked(db, s.id, now, now);
    } catch (err) {
      out.failed++;
      env.log?.warn({ shop: s.id, err: (err as Error).message }, 'after-sale reconciliation of a shop failed');
    }
  }
  return out;
}
