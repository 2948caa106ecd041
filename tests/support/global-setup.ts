import type { TestProject } from 'vitest/node';
import { prepareTestDatabases, type TestDatabaseSource } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export default async function setup(project: TestProject) {
  const { source, teardown } = await prepareTestDatabases();
  project.provide('testDatabase', source);
  return teardown;
}
