import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// `npm run test:hardening`: the safety suite of issue 13, apart from `npm test` (it is slower and
// its case counts are sized by HARDENING_RUNS). The server's part uses the server tests' database:
// a copy of one seeded PostgreSQL template per file, or PGlite with GEMQC_TEST_PGLITE=1. The label
// designer's part (template injection in its renderers) runs in that package's own environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'hardening',
          root: path.join(repoRoot, 'apps/server'),
          environment: 'node',
          include: ['hardening/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          // one file at a time: the machine has two cores and each file runs hundreds of requests
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: { name: 'hardening-label-designer', root: path.join(repoRoot, 'packages/label-designer'), environment: 'jsdom', include: ['hardening/**/*.test.ts'] },
      },
    ],
  },
});
