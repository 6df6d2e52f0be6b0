import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractForBrowser } from './build/contractForBrowser.ts';
import { antdChunks } from './build/antdChunks.ts';

export default defineConfig({
  plugins: [react(), contractForBrowser(), antdChunks()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], setupFiles: ['src/test/setup.ts'],
    testTimeout: 30000,
  },
});
