import { useMutation, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/** A fresh client request key (the contract's rule: 8–64 of A–Z a–z 0–9 _ -). */
export function newRequestKey(prefix = 'req'): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `${prefix}-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What one attempt of a write carries besides its variables. */
export interface WriteAttempt {
  /**
   * The client request key of this submission: the same until the write succeeds, so a repeat or a
   * retry after a timeout is recognised by the server (send it as `idempotencyKey` of callApi on the
   * contract's idempotent endpoints); a new one for the next submission.
   */
  idempotencyKey: string;
}

export type WriteOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
  mutationFn: (variables: TVariables, attempt: WriteAttempt) => Promise<TData>;
};

const blobIds = new WeakMap<Blob, number>();
let lastBlobId = 0;

/** Stable text of a write's variables: the same write twice gives the same text (a file is itself, not its JSON `{}`). */
function sameWrite(v: unknown): string {
  try {
    return JSON.stringify(v ?? null, (_k, x: unknown) => {
      if (typeof Blob !== 'undefined' && x instanceof Blob) {
        if (!blobIds.has(x)) blobIds.set(x, ++lastBlobId);
        return `blob#${blobIds.get(x)}`;
      }
      return x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : x;
    });
  } catch {
    return String(v);
  }
}

/** Answered to a repeated press: the first press's promise carries the answer, the repeat does nothing. */
const ignored = <T>() => new Promise<T>(() => undefined);

/**
 * The one way the web writes (lint allows `useMutation` nowhere else). Every button that writes
 * follows one rule: it shows the write's `isPending` (Button `loading`, Modal `confirmLoading`,
 * Popconfirm `okButtonProps.loading`, or a promise returned to `onConfirm`/`onOk`), and a press
 * while the same write is still on its way is ignored. The guard is set at the call itself, not
 * by the re-render that disables the button, so a double click, Enter pressed twice or two
 * presses during a form's validation send one request: `mutate` does nothing, `mutateAsync`
 * answers a promise that never settles (the first press's promise carries the answer). Writes with
 * other variables (another row) are not held up.
 */
export function useWrite<TData, TVariables = void>(options: WriteOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const { mutationFn, ...rest } = options;
  const inFlight = useRef(new Set<string>());
  const key = useRef<string | null>(null);
  // one key per submission: made on first use, kept for retries, renewed once the write succeeded
  const [attemptKey] = useState(() => () => (key.current ??= newRequestKey()));
  const m = useMutation<TData, Error, TVariables>({
    ...rest,
    mutationFn: (variables) => mutationFn(variables, { idempotencyKey: attemptKey() }),
    onSuccess: (...args) => {
      key.current = null;
      return rest.onSuccess?.(...args);
    },
  });
  const { mutateAsync: send } = m;

  const mutateAsync = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, Error, TVariables>): Promise<TData> => {
      const id = sameWrite(variables);
      if (inFlight.current.has(id)) return ignored<TData>();
      inFlight.current.add(id);
      return send(variables, opts).finally(() => inFlight.current.delete(id));
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, Error, TVariables>) => {
      // errors reach the caller's onError (and the request layer's toast), as with useMutation
      mutateAsync(variables, opts).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...m, mutate, mutateAsync } as UseMutationResult<TData, Error, TVariables>;
}
