import '@testing-library/jest-dom/vitest';
// IndexedDB (the warehouse's offline scans) as the browser has it
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../i18n';
import { resetRequestState } from '../lib/request';

// each test starts with no re-login dialog open and no error toast "still on screen"
afterEach(() => {
  cleanup();
  resetRequestState();
});

// findBy*/waitFor wait for what the test needs, however busy the machine (lazy chunks, antd's
// first render took over 5 s at load 5-8): their bound is only there so that a test that will
// never pass fails with the page's DOM, just before the test's own timeout (30 s, vite.config.ts).
// One setting for every web test; a file does not shorten it.
configure({ asyncUtilTimeout: 25_000 });

// antd reads matchMedia (responsive grid) and getComputedStyle; jsdom lacks matchMedia. Width
// queries are answered for jsdom's window (1024 px wide: the desktop layout, tables not cards).
export function widthMatches(query: string, width = window.innerWidth): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && !!(min || max);
}
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
