import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractForBrowser } from './build/contractForBrowser.ts';
import { antdChunks } from './build/antdChunks.ts';
import { shellChunk } from './build/shellChunk.ts';

export default defineConfig({
  plugins: [
    react(),
    contractForBrowser(),
    antdChunks(),
    shellChunk({
      roots: ['src/layout/Layout.tsx', 'src/features/orders/pages/OrderListPage.tsx'],
      publicPages: /src\/features\/(auth\/pages|auth\/components\/RegisterPanel|verify\/pages|system\/pages\/(NotFound|Unauthorized|AuthRedirect)Page|shops\/pages\/DoudianAuthPage)/,
      loginPages: /src\/features\/auth\/pages\//,
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's building blocks declare no `sideEffects` in their package.json; their modules only
      // define components (and set displayName), so an unused one (the TextArea behind every Input,
      // say) is dropped rather than shipped to every page
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/].*\.js$/, sideEffects: false }] },
    },
  },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], setupFiles: ['src/test/setup.ts'],
    testTimeout: 30000,
  },
});
