import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

/** jsdom lacks what antd measures with. */
export function installDomShims(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: RO });
  }
  window.getComputedStyle = ((orig) => (elt: Element, pseudo?: string | null) => orig(elt, pseudo ?? undefined))(window.getComputedStyle);
}

export type Answer = { code: number; msg?: string; data?: unknown } | 'network';

/**
 * Replaces fetch with answers by API path (`/merchant/v1/Testing/authInfo` → envelope). Unlisted
 * paths answer 1004. Returns the mock to inspect the URLs that were called.
 */
export function stubApi(answers: Record<string, Answer>) {
  const fn = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const a = answers[path] ?? { code: 1004, msg: '不存在', data: null };
    if (a === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ msg: 'success', data: null, ...a }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Renders `element` at `path` inside a router (with extra routes) and a fresh query client. */
export function renderAt(path: string, routes: { path: string; element: ReactElement }[], qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
