import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import { prepareTestDatabases } from './database.ts';

/** Builds the web app once for every browser test, then prepares the database template. */
export default async function setup(project: TestProject) {
  await build({ configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'warn' });
  const { source, teardown } = await prepareTestDatabases();
  project.provide('testDatabase', source);
  return teardown;
}
