import { useSyncExternalStore } from 'react';

/** This build's version (build/appVersion.ts); 'dev' under the Vite dev server and in tests. */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'dev';

/** The deployed build's version file, served uncached beside index.html. */
export const VERSION_URL = '/version.json';

/** How often an open tab asks (besides on focus and on navigation). */
export const VERSION_CHECK_MS = 5 * 60_000;
/** Checks on focus and navigation are at most this often. */
const MIN_GAP_MS = 30_000;

let deployed: string | null = null;
let lastCheck = 0;
const listeners = new Set<() => void>();

/** Whether the server now serves another build than the one running in this tab. */
export function updateReady(): boolean {
  return deployed !== null && deployed !== APP_VERSION;
}

/**
 * Asks the server which build it serves; true when it is another one (a new deploy). Silent: a
 * failure (offline, the server restarting) is no news. `force` skips the throttle.
 */
export async function checkVersion(force = false, fetchFn: typeof fetch = fetch): Promise<boolean> {
  if (APP_VERSION === 'dev' && !force) return false;
  const now = Date.now();
  if (!force && now - lastCheck < MIN_GAP_MS) return updateReady();
  lastCheck = now;
  try {
    const res = await fetchFn(`${VERSION_URL}?t=${now}`, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return updateReady();
    const body = (await res.json()) as { version?: unknown };
    if (typeof body.version === 'string' && body.version !== deployed) {
      deployed = body.version;
      for (const l of listeners) l();
    }
  } catch {
    /* offline or restarting: ask again later */
  }
  return updateReady();
}

/** Test hook. */
export function resetVersionState(): void {
  deployed = null;
  lastCheck = 0;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Re-renders when a new deploy is found. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, updateReady, () => false);
}

/** Asks on window focus, when the tab becomes visible, and every VERSION_CHECK_MS. */
export function watchVersion(): () => void {
  const check = () => void checkVersion();
  const onVisible = () => document.visibilityState === 'visible' && check();
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(check, VERSION_CHECK_MS);
  return () => {
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}

const RELOAD_MARK = 'gemqc:reloadedAt';

/**
 * Reloads the page for the new build, at most once a minute (a build that itself fails to load
 * must not reload forever): true when it reloads.
 */
export function reloadForUpdate(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  window.location.reload();
  return true;
}
