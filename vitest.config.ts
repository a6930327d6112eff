import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Tests that start the shop's services: each file on a test database of its own, in its own process. */
export const startingServices = {
  globalSetup: ['services/testing/src/global-setup.ts', 'services/app/src/testing/compiled-processes.ts'],
  pool: 'forks' as const,
  testTimeout: 60_000,
};

/** Screen tests render the shop's and the back-office's screens in a DOM, with the API mocked at fetch. */
const screens = (name: string, app: string) => ({
  plugins: [react()],
  test: {
    name,
    include: [`${app}/src/**/*.screen.spec.tsx`],
    environment: 'happy-dom',
    setupFiles: [`${app}/src/testing/setup.ts`],
    // A file's first screen waits for vitest to transform React, MUI (and react-admin): seconds on a busy machine.
    testTimeout: 30_000,
    // As long as Testing Library's findBy (setup.ts): a navigation after a save can outlast the default second under load.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});

export default defineConfig({
  test: {
    // The slow tests (8 writers, SIGKILL crashes) each start their own processes; two at a time fits two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'services/**/*.spec.ts',
            'projections/**/*.spec.ts',
            'test/**/*.spec.ts',
            'web-shop/src/**/*.unit.spec.ts',
            'admin/src/**/*.unit.spec.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.e2e.spec.ts'],
          ...startingServices,
          hookTimeout: 60_000,
          // What a test polls for (a read model catching up) can take more than a second under CI's load.
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
      screens('shop-screens', 'web-shop'),
      screens('admin-screens', 'admin'),
    ],
  },
});
