import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server, as far as the browser knows: offline when the browser says
 * so (navigator.onLine, the `offline` event) or when the last request failed on the network (a
 * Wi-Fi with no way out keeps navigator.onLine true). The next answered request, or the `online`
 * event, ends it. The offline banner shows it; the request layer refuses at once while the browser
 * is offline, so no button spins waiting for a timeout.
 */
let failed = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** The browser itself says there is no network (then a request cannot be sent at all). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Offline: the browser says so, or the last request failed on the network. */
export function isOffline(): boolean {
  return browserOffline() || failed;
}

/** A request failed on the network (no answer at all). */
export function markNetworkFailure(): void {
  if (failed) return;
  failed = true;
  emit();
}

/** A request was answered (whatever its code): the server is reachable. */
export function markNetworkOk(): void {
  if (!failed) return;
  failed = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onChange = () => {
    if (!browserOffline()) failed = false;
    listener();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the app goes offline or comes back. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
