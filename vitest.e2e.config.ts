import { defineConfig } from 'vitest/config';
import { startingServices } from './vitest.config.js';

/** Browser tests against the built shop (`npm run test:e2e` builds it first). */
export default defineConfig({
  test: {
    include: ['**/*.e2e.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    ...startingServices,
    hookTimeout: 120_000,
    // A screen's figures come from a request after its chunk loads: under CI's load that can take
    // longer than expect.poll's default second. As long as a locator waits (15 s), and no longer.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One browser at a time: headless Chromium is the heaviest thing on a two-core machine.
    maxWorkers: 1,
  },
});
