import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../i18n';

afterEach(() => cleanup());

// Lazy chunks (zod rules, antd parts) can take more than the default 1 s to load on a busy
// machine; findBy*/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// antd reads matchMedia (responsive grid) and getComputedStyle; jsdom lacks matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
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
