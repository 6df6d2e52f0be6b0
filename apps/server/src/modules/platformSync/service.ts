import os from 'node:os';
import { type Actor } from '../../platform/actor';
import type { PlatformSyncView } from '@gemqc/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  DoudianError,
  DoudianOrderShippedError,
  DoudianRateLimitError,
  type DoudianClient,
  type DoudianLogisticsCompany,
} from '../../integrations/doudian';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { JobQueue, JobWorker } from '../../platform/queue';
import type { RateLimiter } from '../../platform/rate-limit';
import { notifyShopReauth, notifySyncFailed } from '../notifications/service';
import { findOrder } from '../orders/service';
import { noteEvent } from '../orders/stateMachine';
import { findShop, withShopToken } from '../shops/service';
import { platformCompanyOf } from './carriers';
import { syncViewOf } from './outbox';
import * as repo from './repo';

/** The queue the write-back jobs run on (platform/queue.ts). */
export const SHIPMENT_QUEUE = 'doudian-shipment';
/** How long one attempt may hold a report before another host may take it (its host died): the call's timeout and some. */
const leaseMs = (config: Pick<Config, 'doudian'>) => config.doudian.timeoutMs + 5000;
/** Who holds a report while a call is in flight (logs, the cluster test). */
const HOLDER = `${os.hostname()}:${process.pid}`;
/** A pending report no job touched for this long lost its job (a host died before sending it). */
const STALE_MS = 10 * 60_000;
/** A new report not yet tried after this long is queued by the sweep (the ship's own send was lost). */
const NEW_GRACE_MS = 30_000;
/** The platform's carrier list is read once a day per process. */
const COMPANY_TTL_MS = 24 * 3600_000;
/** The rate-limit key of all Doudian calls of the app (shared by all hosts through the limiter). */
const APP_RATE_KEY = 'doudian:app-calls';

export interface SyncEnv {
  db: Db;
  config: Pick<Config, 'secretKey' | 'sessionTtlDays' | 'doudian' | 'writeback'>;
  doudian: DoudianClient | null;
  limiter: RateLimiter;
  queue: JobQueue | null;
  now: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

function shopEnv(env: SyncEnv) {
  return { db: env.db, config: env.config, doudian: env.doudian, authUrl: '', now: env.now(), log: env.log };
}

// ---------------------------------------------------------------- queueing

/** Sends a job for each report (idempotent per report: a second send while one waits is dropped). */
async function send(env: SyncEnv, ids: number[]): Promise<number> {
  if (!env.queue) return 0;
  let sent = 0;
  for (const id of ids) if (await env.queue.send(SHIPMENT_QUEUE, { id }, { key: `shipment:${id}` })) sent++;
  return sent;
}

/**
 * Queues the reports that have no live job: new ones (the ship's route queues them at once; this
 * catches any other path and a host that died between the ship and the send), pending ones no job
 * touched for 10 minutes, and ones whose holder's lease ran out. Scheduled every minute; the ship
 * routes call it with `immediate` so a new report starts at once.
 */
export async function dispatchShipments(env: SyncEnv, opts: { immediate?: boolean } = {}): Promise<{ queued: number }> {
  const now = env.now().getTime();
  const ids = await repo.dueShipments(env.db, new Date(now - STALE_MS), new Date(opts.immediate ? now + 1 : now - NEW_GRACE_MS), new Date(now), 500);
  return { queued: await send(env, ids) };
}

// ---------------------------------------------------------------- the report

let companyCache: { gateway: string; at: number; list: DoudianLogisticsCompany[] } | null = null;

async function companies(client: DoudianClient, token: string): Promise<DoudianLogisticsCompany[]> {
  const now = Date.now();
  if (companyCache && companyCache.gateway === client.gateway && now - companyCache.at < COMPANY_TTL_MS) return companyCache.list;
  const list = await client.logisticsCompanies(token);
  companyCache = { gateway: client.gateway, at: now, list };
  return list;
}

/** A refusal that retrying cannot change, in words for the merchant and the centre. */
class PermanentFailure extends Error {}

/** The platform's reason as a sentence (its own words when it gave some). */
function reasonOf(err: DoudianError): string {
  const said = err.detail.subMsg?.trim();
  switch (err.kind) {
    case 'timeout':
      return '抖店开放平台响应超时';
    case 'network':
      return '无法连接抖店开放平台';
    case 'rate_limited':
      return '抖店接口调用过于频繁，已被限流';
    case 'unavailable':
      return '抖店开放平台暂时不可用';
    case 'bad_response':
      return '抖店开放平台返回了无法识别的内容';
    case 'business':
      return `抖店拒绝了发货信息：${said || '业务处理失败'}`;
    case 'bad_request':
      return `抖店认为发货信息不正确：${said || '参数错误'}`;
    case 'sign_invalid':
    case 'app_key_invalid':
      return '抖店应用配置有误（签名或 app_key 不正确），请联系管理员';
    default:
      return `抖店返回错误：${said || err.message}`;
  }
}

/** Takes a slot of the app's per-minute budget; answers the seconds to wait when there is none. */
async function rateSlot(env: SyncEnv): Promise<number> {
  const r = await env.limiter.hit(APP_RATE_KEY, env.config.doudian.callsPerMinute, 60, env.now());
  return r.allowed ? 0 : r.retryAfterSeconds;
}

/**
 * One attempt at one report (the job of {@link SHIPMENT_QUEUE}). Takes the report (only one
 * attempt at a time across hosts; a synced or failed one is left alone, so a repeated job reports
 * nothing twice), calls `order.logisticsAdd` on the shop's token, and settles it:
 * - synced (已同步); a 60110 订单已发货 after an earlier attempt that may have reached the platform
 *   (a timeout, a host that died mid-call) is our own report: synced too;
 * - a passing failure (network, timeout, 5xx, throttling, malformed answer): pending with the reason,
 *   and the job throws so the queue retries with backoff; the last retry settles it failed;
 * - a permanent refusal (order shipped or refunded on the platform, carrier unknown, bad request):
 *   failed, and the merchant and the centre are told in words;
 * - the shop's authorisation is gone: waiting_auth (需重新授权) until the merchant authorises again.
 */
export async function reportShipment(env: SyncEnv, id: number, meta: { attempt: number; lastAttempt: boolean } = { attempt: 1, lastAttempt: true }): Promise<void> {
  const now = env.now();
  const claimed = await repo.claimShipment(env.db, id, now, new Date(now.getTime() + leaseMs(env.config)), HOLDER);
  if (!claimed) return;
  const { row } = claimed;
  const mayHaveReached = claimed.wasSending || row.attempts > 1;
  const settle = (state: repo.ShipmentRow['state'], error = '') => repo.settleShipment(env.db, id, state, error, env.now());
  const fail = async (reason: string) => {
    await settle('failed', reason);
    const ctx = await repo.reportContext(env.db, row.orderId, row.shopId);
    if (ctx) await notifySyncFailed(env.db, { id: row.orderId, orderNo: ctx.orderNo, merchantId: ctx.merchantId, centreId: ctx.centreId, reason, key: `${id}:${row.attempts}` }, env.now());
    env.log?.warn({ shipment: id, order: row.orderId, reason }, 'shipment write-back failed');
  };

  const shop = await findShop(env.db, row.shopId);
  if (!shop || shop.status !== 'active') {
    await settle('waiting_auth', '店铺抖店授权已失效，商家重新授权后自动同步');
    if (shop) await notifyShopReauth(env.db, shop, env.now());
    return;
  }
  const wait = await rateSlot(env);
  if (wait > 0) {
    // the app's budget is spent for this minute: the report waits without using up a retry
    await settle('pending', '');
    await env.queue?.send(SHIPMENT_QUEUE, { id }, { key: `shipment:${id}:later`, startAfterSeconds: wait });
    return;
  }
  const client = env.doudian;
  if (!client) {
    await fail('抖店开放平台未配置（DOUDIAN_GATEWAY_URL），无法同步发货信息');
    return;
  }
  try {
    await withShopToken(shopEnv(env), shop, async (token) => {
      const company = platformCompanyOf(row.carrier, await companies(client, token));
      if (!company) throw new PermanentFailure(`快递公司「${row.carrier}」在抖店的物流公司列表中找不到，请核对快递公司后重试`);
      await client.logisticsAdd(token, { orderId: row.platformOrderId, companyId: company.id, companyCode: company.code, companyName: company.name, waybill: row.waybill });
    });
    await settle('synced');
  } catch (err) {
    if (err instanceof DoudianOrderShippedError && mayHaveReached) return settle('synced');
    if (err instanceof PermanentFailure) return fail(err.message);
    if (err instanceof BusinessError && err.key === 'shops.authorisation_expired') {
      await settle('waiting_auth', '店铺抖店授权已失效，商家重新授权后自动同步');
      return;
    }
    if (err instanceof DoudianError && !err.retryable) return fail(reasonOf(err));
    const reason = err instanceof DoudianError ? reasonOf(err) : err instanceof BusinessError ? err.message : '同步时发生内部错误';
    if (meta.lastAttempt) return fail(`多次重试仍未成功：${reason}`);
    await settle('pending', `第 ${meta.attempt} 次同步未成功（${reason}），稍后自动重试`);
    throw err instanceof DoudianRateLimitError ? err : new Error(reason, { cause: err });
  }
}

/** The queue worker of the write-back (registered by plugins/backgroundJobs.ts). */
export function shipmentWorker(env: () => SyncEnv, config: Pick<Config, 'writeback' | 'doudian'>): JobWorker<{ id: number }> {
  return {
    name: SHIPMENT_QUEUE,
    retryLimit: config.writeback.retries,
    retryDelay: config.writeback.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil(leaseMs(config) / 1000) + 10,
    concurrency: 2,
    run: (data, meta) => reportShipment(env(), Number(data.id), meta),
  };
}

// ---------------------------------------------------------------- staff: 重试

/**
 * 重试: a failed (or waiting) report of the order goes again, now. Staff only (the route checks
 * the permission); the order's event log records who asked (the audit of orders).
 */
export async function retryOrderSync(env: SyncEnv, scope: Parameters<typeof findOrder>[2], orderId: number, actor: Actor): Promise<PlatformSyncView> {
  const order = await findOrder(env.db, orderId, scope);
  if (!order) throw new NotFoundError('订单不存在');
  const now = env.now();
  const id = await env.db.transaction(async (tx) => {
    const reportId = await repo.retryOrderShipment(tx, orderId, now);
    if (reportId === null) return null;
    await noteEvent(tx, order, actor, '重试同步发货信息到抖店', now);
    return reportId;
  });
  if (id === null) {
    const view = await syncViewOf(env.db, order);
    throw new BusinessError(view.state === 'synced' ? '发货信息已同步到抖店，无需重试' : `当前${view.text}，无需重试`, 'platform_sync.not_failed');
  }
  await send(env, [id]);
  return syncViewOf(env.db, order);
}

