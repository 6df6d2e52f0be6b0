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

// Lazy chunks (zod rules, antd parts) can take more than the default 1 s to load on a busy
// machine; findBy*/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

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
