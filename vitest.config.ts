import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'services/**/*.spec.ts',
      'projections/**/*.spec.ts',
      'test/**/*.spec.ts',
      'web-shop/src/**/*.unit.spec.ts',
    ],
    exclude: ['**/node_modules/**', '**/*.e2e.spec.ts'],
    globalSetup: ['services/testing/src/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a test polls for (a read model catching up) can take more than a second under CI's load.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // The slow tests (8 writers, SIGKILL crashes) each start their own processes; two at a time fits two cores.
    maxWorkers: 2,
  },
});
