import { defineConfig } from 'vitest/config';

/** Browser tests against the built shop (`npm run test:e2e` builds it first). */
export default defineConfig({
  test: {
    include: ['**/*.e2e.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['services/testing/src/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: headless Chromium is the heaviest thing on a two-core machine.
    maxWorkers: 1,
  },
});
