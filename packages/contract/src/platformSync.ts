import { z } from 'zod';
import { endpoint, ref } from './common';

/**
 * The shipment write-back to the shop platform (server modules/platformSync): the sync state an
 * order shows in every portal, and 重试 for staff.
 */
export const platformSyncStates = [
  { value: 'none', label: '无需同步' },
  { value: 'not_shipped', label: '未发货' },
  { value: 'pending', label: '待同步' },
  { value: 'synced', label: '已同步' },
  { value: 'failed', label: '同步失败' },
  { value: 'waiting_auth', label: '待同步（店铺需重新授权）' },
  /** Shipped before the write-back existed: nothing was reported by GemQC (check it in the Doudian back office). */
  { value: 'untracked', label: '未经本系统同步（发货早于同步上线）' },
] as const;
export type PlatformSyncState = (typeof platformSyncStates)[number]['value'];
const stateValues = platformSyncStates.map((s) => s.value) as [PlatformSyncState, ...PlatformSyncState[]];

export const platformSyncView = z.object({
  /** none: not a shop's order (nothing to sync) · not_shipped · pending 待同步 · synced 已同步 · failed 同步失败 · waiting_auth · untracked (shipped before the write-back existed) */
  state: z.enum(stateValues),
  text: z.string(),
  /** When the platform accepted the shipment (synced). */
  synced_at: z.string().nullable(),
  /** Why it failed or is still waiting, in words ('' when synced or nothing to say). */
  error: z.string(),
  /** The waybill reported (or to report). */
  waybill: z.string(),
  attempts: z.number(),
});
export type PlatformSyncView = z.infer<typeof platformSyncView>;

/** Staff may retry these states (同步失败, and a report waiting for a new authorisation). */
export const retryableSyncStates: readonly PlatformSyncState[] = ['failed', 'waiting_auth'];

const retryBody = z.object({ id: ref('order') });

export const platformSyncApi = {
  warehouse: {
    retry: endpoint({ method: 'POST', path: '/warehouse/v1/Order/syncRetry', summary: '重试: report a failed shipment of the centre’s order to the shop platform again', body: retryBody, data: platformSyncView }),
  },
  center: {
    retry: endpoint({ method: 'POST', path: '/center/v1/Order/syncRetry', summary: '重试: report a failed shipment of the centre’s order to the shop platform again', body: retryBody, data: platformSyncView }),
  },
  manage: {
    status: endpoint({ method: 'GET', path: '/manage/v1/Order/syncStatus', summary: 'The shipment sync state of any order', query: retryBody, data: platformSyncView }),
    retry: endpoint({ method: 'POST', path: '/manage/v1/Order/syncRetry', summary: '重试: report a failed shipment of any order to the shop platform again', body: retryBody, data: platformSyncView }),
  },
};
