import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three GemQC hosts behind HAProxy (cluster.test.ts). Not part of `npm test`.
export default defineConfig({
  test: { root: 'cluster', include: ['**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 120_000, fileParallelism: false },
});
