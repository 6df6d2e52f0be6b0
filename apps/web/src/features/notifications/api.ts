import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { NOTIFICATION_STREAM_PATH, notificationsApi } from '@gemqc/contract';
import { BASE_URL, callApi } from '../../lib/request';
import { getToken } from '../../lib/storage';

const KEY = ['notifications'];
/** Polling when the live stream is not available (it failed, or the browser cannot stream). */
export const NOTIFICATIONS_POLL_MS = 15_000;
/**
 * The stream opens this long after the page's first answers: a page that has loaded is idle on the
 * network first (tools that wait for an idle network, such as the bundle bench, see it), and the
 * first page's requests do not wait behind it.
 */
const STREAM_START_DELAY_MS = 4000;

/** The bell's data; refetched when the live stream says something new arrived. */
export function useNotifications() {
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => callApi(notificationsApi.summary, { signal, silent: true, query: { limit: 20 } }), refetchInterval: NOTIFICATIONS_POLL_MS });
  useLiveNotifications(q.data?.last_id);
  return q;
}

/**
 * Reads the server-sent events with fetch (the session token goes in the header as for every call,
 * never in the URL). Each event refetches the bell; when the stream ends or fails the polling of
 * useNotifications goes on, and the stream is tried again a few seconds later.
 */
function useLiveNotifications(lastId: string | undefined) {
  const qc = useQueryClient();
  const known = lastId !== undefined;
  useEffect(() => {
    if (!known || typeof ReadableStream === 'undefined') return;
    const ctrl = new AbortController();
    let after = lastId ?? '0';
    let retry: number | undefined;
    const connect = async () => {
      try {
        const token = getToken();
        const res = await fetch(`${BASE_URL}${NOTIFICATION_STREAM_PATH}?after=${after}`, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}`, token } : {}) },
          signal: ctrl.signal,
        });
        if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) throw new Error('no stream');
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            if (id) {
              after = id;
              void qc.invalidateQueries({ queryKey: KEY });
            }
          }
        }
      } catch {
        if (ctrl.signal.aborted) return;
      }
      if (!ctrl.signal.aborted) retry = window.setTimeout(() => void connect(), 3000);
    };
    retry = window.setTimeout(() => void connect(), STREAM_START_DELAY_MS);
    return () => {
      ctrl.abort();
      window.clearTimeout(retry);
    };
    // one stream per session; it keeps its own last id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, qc]);
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (id: string) => callApi(notificationsApi.read, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: () => callApi(notificationsApi.readAll),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
