import { defineConfig } from 'vitest/config';

// One test command for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // React's scheduler can run one last render (a toast's auto-close, an antd motion end) after
    // jsdom's window is torn down at the end of a web test file: teardown noise, not a failure.
    // Every other unhandled error still fails the run.
    onUnhandledError(error) {
      if (error.message === 'window is not defined' && /react-dom|scheduler/.test(error.stack ?? '')) return false;
    },
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'] } },
      // the lint machinery's own test (scripts/lint-rules.test.ts): the checkers fail on deliberate bad imports
      { test: { name: 'lint', root: '.', environment: 'node', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      { extends: 'packages/label-designer/vitest.config.ts', test: { name: 'label-designer', root: 'packages/label-designer' } },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
    ],
  },
});
