import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { DatabaseKind } from './support/database.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * One `vitest run` runs every project once (docs/decisions/060-one-test-run.md):
 * - unit: pure tests beside the code;
 * - processes: what starts real processes from one compiled tree (servers, tools, crash and outage
 *   tests, several instances behind nginx), whatever the database;
 * - integration on both databases, embedded PGlite and a PostgreSQL server;
 * - browser: real Chromium on the PostgreSQL server, and the one end-to-end story on PGlite.
 */
const integration = (kind: DatabaseKind): TestProjectInlineConfiguration => ({
  test: {
    name: `integration:${kind}`,
    root,
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    provide: { databaseKind: kind },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

const browser = (name: string, kind: DatabaseKind, include: string[]): TestProjectInlineConfiguration => ({
  test: {
    name,
    root,
    include,
    globalSetup: ['tests/support/e2e-setup.ts'],
    provide: { databaseKind: kind },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page waits on a build, a database and a browser sharing two cores with the other workers.
    expect: { poll: { timeout: 10_000 } },
  },
});

export default defineConfig({
  test: {
    root,
    // Vitest's default in a run is one worker fewer than the CPUs: one worker on a 2-core machine, so
    // every file would wait for the one before it. Most files wait on a database, a browser or a child
    // process, not on the CPU: three at once finish the run far sooner on 2 cores.
    maxWorkers: 3,
    // The time limits below are a net for a test that hangs, never a measure (benchmarks measure): wide
    // enough for three workers on two busy cores.
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
          name: 'processes',
          root,
          include: ['tests/processes/**/*.test.ts'],
          globalSetup: ['tests/support/processes-setup.ts'],
          provide: { databaseKind: 'pglite' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      integration('pglite'),
      integration('server'),
      // The browser tests on the server: what production runs, with real concurrency between the
      // app's pool, the live LISTEN connection and each other (decision 060).
      browser('browser:server', 'server', ['tests/e2e/**/*.test.ts']),
      // The default database of `npm start`: the whole story of an event, once.
      browser('browser:pglite', 'pglite', ['tests/e2e/competition-story.test.ts']),
    ],
  },
});
