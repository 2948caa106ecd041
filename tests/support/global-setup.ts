import type { TestProject } from 'vitest/node';
import { type DatabaseKind, prepareTestDatabases, type TestDatabaseSource } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the project runs on: set per project in tests/vitest.config.ts. */
    databaseKind: DatabaseKind;
    testDatabase: TestDatabaseSource;
  }
}

/** The database template of one project, of the kind its config names. */
export default async function setup(project: TestProject) {
  const { source, teardown } = await prepareTestDatabases(project.getProvidedContext().databaseKind);
  project.provide('testDatabase', source);
  return teardown;
}
