import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    // Vitest's default in a run is one worker fewer than the CPUs: one worker on a 2-core machine, so
    // every file would wait for the one before it. Most files wait on a database or a browser, not on
    // the CPU: three at once finish the suite far sooner on 2 cores.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['api/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'projections/**/*.test.ts'],
          environment: 'node',
          // Property tests fold hundreds of random command sequences: seconds, more on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          root,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browser files at a time (each with its own server, database and Chromium), after the
          // unit and integration files: a group of its own, since its worker count differs.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
