import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useColumnPrefs } from './api';

afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 1000, msg: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A server whose saves the test answers one by one (`release`), recording every request. */
function server(stored: Record<string, unknown>) {
  const calls: { path: string; key?: string; body?: { key: string; value: string[] } }[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/common/v1/Pref/get') {
        const key = url.searchParams.get('key')!;
        calls.push({ path: 'get', key });
        return envelope({ key, value: stored[key] ?? null, updated_at: null });
      }
      const body = JSON.parse(String(init?.body)) as { key: string; value: string[] };
      calls.push({ path: 'save', body });
      await new Promise<void>((resolve) => pending.push(resolve));
      stored[body.key] = body.value;
      return envelope({ ...body, updated_at: new Date().toISOString() });
    }),
  );
  return { calls, release: () => pending.shift()?.() };
}

describe('useColumnPrefs: 列设置 of the signed-in account on the server', () => {
  it('is off until someone is signed in', () => {
    const { result } = renderHook(() => useColumnPrefs(''), { wrapper });
    expect(result.current).toBeUndefined();
  });

  it('reads a list’s choice by its key (null when never saved), once per sign-in', async () => {
    const s = server({ 'columns:trader.payments': ['note', 3, 'operator_name'] });
    const { result } = renderHook(() => useColumnPrefs('trader:1'), { wrapper });
    expect(await result.current!.load('trader.payments')).toEqual(['note', 'operator_name']);
    expect(await result.current!.load('trader.orders')).toBeNull();
    expect(await result.current!.load('trader.payments')).toEqual(['note', 'operator_name']);
    expect(s.calls).toEqual([
      { path: 'get', key: 'columns:trader.payments' },
      { path: 'get', key: 'columns:trader.orders' },
    ]);
  });

  it('stores choices one after the other (the last one wins), and a table mounted meanwhile reads the latest at once', async () => {
    const s = server({});
    const { result } = renderHook(() => useColumnPrefs('trader:1'), { wrapper });
    const prefs = result.current!;
    prefs.save('trader.payments', ['note']);
    prefs.save('trader.payments', []);
    await waitFor(() => expect(s.calls).toHaveLength(1));
    expect(await prefs.load('trader.payments')).toEqual([]);
    // the second save waits for the first answer
    expect(s.calls.map((c) => c.body?.value)).toEqual([['note']]);
    s.release();
    await waitFor(() => expect(s.calls).toHaveLength(2));
    expect(s.calls[1]!.body).toEqual({ key: 'columns:trader.payments', value: [] });
    s.release();
    expect(s.calls.every((c) => c.path === 'save')).toBe(true);
  });
});
