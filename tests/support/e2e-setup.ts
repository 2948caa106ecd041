import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { prepareTestDatabases } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    webRoot: string;
  }
}

/**
 * Builds the web app once for every browser test, into a folder of this run's own (so a running
 * `npm start` or another test run never sees its dist/web change), then prepares the database template.
 */
export default async function setup(project: TestProject) {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'ff-e2e-web-'));
  // The browser tests drive what visitors get: React's production build, not the test runner's NODE_ENV.
  const runnerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir: webRoot, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = runnerEnv;
  }
  const { source, teardown } = await prepareTestDatabases();
  project.provide('testDatabase', source);
  project.provide('webRoot', webRoot);
  return async () => {
    await teardown();
    rmSync(webRoot, { recursive: true, force: true });
  };
}
