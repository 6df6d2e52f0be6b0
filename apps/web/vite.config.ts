import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractForBrowser } from './build/contractForBrowser.ts';
import { shellChunk } from './build/shellChunk.ts';
import { precompress } from './build/precompress.ts';
import { appVersion } from './build/appVersion.ts';
import { startShell } from './build/startShell.ts';

export default defineConfig({
  plugins: [
    react(),
    contractForBrowser(),
    shellChunk({
      roots: ['src/layout/Layout.tsx', 'src/features/orders/pages/OrderListPage.tsx'],
      publicPages: /src\/(features\/(auth\/pages|auth\/components\/RegisterPanel)|app\/(VerifyRoute|DoudianAuthRoute)|pages\/(NotFound|Unauthorized|AuthRedirect)Page)/,
      loginPages: /src\/features\/auth\/pages\//,
    }),
    startShell(),
    precompress(),
    appVersion(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], setupFiles: ['src/test/setup.ts'],
    testTimeout: 30000,
  },
});
