import { IDEMPOTENCY_KEY_HEADER, type BodyOf, type DataOf, type Endpoint, type QueryOf } from '@gemqc/contract';
import i18n from '../i18n';
import { getToken, removeToken } from './storage';
import { ui } from './ui';
import { browserOffline, markNetworkFailure, markNetworkOk } from './network';

export const BASE_URL = '/api';
export const REQUEST_TIMEOUT = 5000;
export const SUCCESS_CODES: readonly number[] = [1000, 200];

/** A rejected call. `shown` tells callers that the user has already been told (toast/dialog). */
export class ApiError extends Error {
  readonly code: number | null;
  readonly shown: boolean;
  readonly data: unknown;
  constructor(message: string, code: number | null, shown: boolean, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.shown = shown;
    this.data = data;
  }
}

type Opt<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };

export type CallOptions<E extends Endpoint> = Opt<'body', BodyOf<E>> &
  Opt<'query', QueryOf<E>> & {
    signal?: AbortSignal;
    /** Background calls: reject without toasts or the re-login dialog. */
    silent?: boolean;
    /** Codes the page shows itself (e.g. 1004 as an inline "not found"): no toast for these. */
    handles?: readonly number[];
    /** The submission's client request key (useWrite's attempt), sent as the contract's Idempotency-Key header. */
    idempotencyKey?: string;
  };

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export function buildUrl(path: string, query?: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
      else params.append(k, String(v));
    }
  }
  const qs = params.toString();
  return `${BASE_URL}${path}${qs ? `?${qs}` : ''}`;
}

let reloginOpen = false;
/**
 * How many re-login dialogs were answered with 取消. A 403 of a request sent before the latest 取消
 * belongs to the episode the user already answered (the page's other requests arriving late on a
 * slow line): it does not open the dialog again. A request sent after it does.
 */
let reloginDismissals = 0;

function showRelogin(sentAfterDismissals: number): void {
  if (reloginOpen || sentAfterDismissals !== reloginDismissals) return;
  reloginOpen = true;
  ui().confirm({
    title: i18n.t('request.reloginTitle'),
    content: i18n.t('request.relogin'),
    okText: i18n.t('request.reloginOk'),
    cancelText: i18n.t('common.cancel'),
    onOk: () => {
      reloginOpen = false;
      removeToken();
      window.location.reload();
    },
    onCancel: () => {
      reloginOpen = false;
      reloginDismissals += 1;
    },
  });
}

/** Taken when a request outside callApi is sent (file download, raw upload); pass it to `refusal`. */
export function reloginMark(): number {
  return reloginDismissals;
}

/**
 * The refusal of a request made outside callApi (an Excel download, a raw upload), handled as
 * callApi handles it: 403 opens the re-login dialog; anything else is shown as a toast (the user
 * pressed a button and waits for a file). Returns the error to reject with.
 */
export function refusal(env: { code?: unknown; msg?: unknown; request_id?: unknown }, mark: number, fallbackMsg: string = i18n.t('request.failed')): ApiError {
  const code = typeof env.code === 'number' ? env.code : null;
  const msg = refusalText(code, typeof env.msg === 'string' && env.msg ? env.msg : fallbackMsg, { requestId: typeof env.request_id === 'string' ? env.request_id : null });
  if (code === 403) showRelogin(mark);
  else ui().message.error(msg, 3);
  return new ApiError(msg, code, true);
}

/** Test hook: forget an open re-login dialog. */
export function resetRequestState(): void {
  reloginOpen = false;
  errorShownAt.clear();
}

/** When each error text was last shown (ms), to show it once while it is on screen. */
const errorShownAt = new Map<string, number>();

/**
 * The error toast of the request layer. One failure often fails several requests at once (the
 * network is down, the session ended, the server is restarting): the same sentence is shown once
 * while it is still on screen, not once per request.
 */
function toastError(text: string, seconds: number): void {
  const now = Date.now();
  const last = errorShownAt.get(text);
  if (last !== undefined && now - last < seconds * 1000) return;
  errorShownAt.set(text, now);
  ui().message.error(text, seconds);
}

function networkError(silent: boolean | undefined): never {
  markNetworkFailure();
  if (!silent) toastError(i18n.t('request.networkToast'), 5);
  throw new ApiError(i18n.t('request.networkError'), null, !silent);
}

/** The `data` of an ApiError refused because the browser was offline (nothing was sent). */
const OFFLINE = Object.freeze({ offline: true });

/**
 * The browser is offline: a request cannot leave, so it is refused at once with why (the offline
 * banner says it too), instead of a button spinning until the timeout.
 */
export function offlineError(silent?: boolean): ApiError {
  if (!silent) toastError(i18n.t('request.offline'), 5);
  return new ApiError(i18n.t('request.offline'), null, !silent, OFFLINE);
}

/** Whether a call was refused because the browser was offline (nothing reached the server). */
export function isOfflineError(e: unknown): boolean {
  return e instanceof ApiError && e.data === OFFLINE;
}

interface RawEnvelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  stat?: unknown;
  request_id?: unknown;
}

/** "30 秒" / "5 分钟" / "2 小时": when a refused request may be tried again. */
export function retryWhen(seconds: number): string {
  if (seconds < 60) return i18n.t('request.seconds', { n: Math.max(1, Math.ceil(seconds)) });
  if (seconds < 3600) return i18n.t('request.minutes', { n: Math.ceil(seconds / 60) });
  return i18n.t('request.hours', { n: Math.ceil(seconds / 3600) });
}

/**
 * What the user is told of a refused request, by code — one policy for every page: 1029 says
 * when to try again (from Retry-After), 1500 carries the request id for the support desk, every
 * other code shows the server's sentence (1003 names the missing permission).
 */
export function refusalText(code: number | null, msg: string, extra: { retryAfter?: number | null; requestId?: string | null } = {}): string {
  if (code === 1029 && extra.retryAfter && !/\d/.test(msg)) {
    const when = retryWhen(extra.retryAfter);
    return msg.includes('稍后') ? msg.replace('稍后', `${when}后`) : i18n.t('request.retryAfter', { msg, when });
  }
  if (code === 1500 && extra.requestId && !msg.includes(extra.requestId)) return i18n.t('request.withRequestId', { msg, id: extra.requestId });
  return msg;
}

/** Calls one contract endpoint and resolves with its `data`, or rejects with an ApiError. */
export async function callApi<E extends Endpoint>(ep: E, ...args: [CallOptions<E>?]): Promise<DataOf<E>> {
  const opts = (args[0] ?? {}) as { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal; silent?: boolean; handles?: readonly number[]; idempotencyKey?: string };
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = opts.idempotencyKey;
  const dismissalsAtSend = reloginDismissals;
  if (browserOffline()) throw offlineError(opts.silent);
  const token = getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.token = token;
  }
  const init: RequestInit = { method: ep.method, headers };
  if (ep.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body ?? {});
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  init.signal = controller.signal;

  let status: number;
  let payload: RawEnvelope | null = null;
  let retryAfter: number | null = null;
  try {
    const res = await fetch(buildUrl(ep.path, opts.query), init);
    markNetworkOk();
    status = res.status;
    retryAfter = Number(res.headers.get('retry-after')) || null;
    if (status !== 204) {
      const text = await res.text();
      if (text) {
        try {
          payload = JSON.parse(text) as RawEnvelope;
        } catch {
          payload = null;
        }
      }
      if (payload === null && !res.ok) networkError(opts.silent);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (opts.signal?.aborted) throw new ApiError('aborted', null, true);
    networkError(opts.silent);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  if (status === 204) return undefined as DataOf<E>;
  const env: RawEnvelope = payload && typeof payload === 'object' ? payload : {};
  const code = typeof env.code === 'number' ? env.code : Number(env.code);
  if (SUCCESS_CODES.includes(code) || env.stat === 'ok') return env.data as DataOf<E>;

  const known = Number.isFinite(code) ? code : null;
  const msg = refusalText(known, typeof env.msg === 'string' && env.msg ? env.msg : i18n.t('request.failed'), {
    retryAfter,
    requestId: typeof env.request_id === 'string' ? env.request_id : null,
  });
  if (code === 403) {
    if (!opts.silent) showRelogin(dismissalsAtSend);
    throw new ApiError(msg, 403, !opts.silent, env.data);
  }
  // every other code is shown here, unless the call is a background one or the page shows it itself
  const shown = !opts.silent && !(known !== null && opts.handles?.includes(known));
  if (shown) toastError(msg, known === 1500 ? 6 : 3);
  throw new ApiError(msg, known, shown, env.data);
}

/** For mutation error handlers: tell the user unless the request layer already did. */
export function showErrorOnce(err: unknown): void {
  if (err instanceof ApiError) {
    if (!err.shown) ui().message.error(err.message, 3);
    return;
  }
  ui().message.error(err instanceof Error && err.message ? err.message : i18n.t('request.failed'), 3);
}
