import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `npm run test:hardening`: the safety suite of issue 13, apart from `npm test` (it is slower and
// its case counts are sized by HARDENING_RUNS). Same test database as the server's tests: a copy
// of one seeded PostgreSQL template per file, or PGlite with GEMQC_TEST_PGLITE=1.
export default defineConfig({
  test: {
    name: 'hardening',
    root: serverRoot,
    environment: 'node',
    include: ['hardening/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // one file at a time: the machine has two cores and each file runs hundreds of requests
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
