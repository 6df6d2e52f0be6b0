import { shopsApi, type SessionData } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/**
 * The platform's code and state are single-use: one call per pair, even when React mounts the
 * return page twice (StrictMode) or the user presses retry while the first call still runs.
 */
const inflight = new Map<string, Promise<SessionData>>();

export function completeShopAuth(code: string, state: string): Promise<SessionData> {
  const key = `${code}\n${state}`;
  let p = inflight.get(key);
  if (!p) {
    p = callApi(shopsApi.authCallback, { body: { code, state }, silent: true });
    inflight.set(key, p);
    // a failed pair may be tried again (e.g. after a network error)
    p.catch(() => inflight.delete(key));
  }
  return p;
}

/** code and state from the return URL (trimmed; empty when missing). */
export function readAuthParams(search: string): { code: string; state: string } {
  const sp = new URLSearchParams(search);
  return { code: (sp.get('code') ?? '').trim(), state: (sp.get('state') ?? '').trim() };
}
