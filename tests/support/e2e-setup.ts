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
 * The web app, built once per run for every browser project (they share the runner's process), into a
 * folder of this run's own, so a running `npm start` or another test run never sees its dist/web change.
 */
type WebBuild = Promise<{ webRoot: string; users: number }>;
// On globalThis: each project may load this module anew, but they share the process.
const shared = globalThis as { firefitWebBuild?: WebBuild };

async function buildWeb(): Promise<{ webRoot: string; users: number }> {
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
  return { webRoot, users: 0 };
}

/** The shared web build, then the project's own database template. */
export default async function setup(project: TestProject) {
  shared.firefitWebBuild ??= buildWeb();
  const web = await shared.firefitWebBuild;
  web.users++;
  const { source, teardown } = await prepareTestDatabases(project.getProvidedContext().databaseKind);
  project.provide('testDatabase', source);
  project.provide('webRoot', web.webRoot);
  return async () => {
    await teardown();
    if (--web.users === 0) rmSync(web.webRoot, { recursive: true, force: true });
  };
}
