import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, pgliteOptions, wrapPGlite } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

/**
 * Where the tests' PostgreSQL comes from (docs/architecture.md "Tests"): TEST_DATABASE_URL (a server), else a
 * container when a container runtime answers, else embedded PGlite. The global setup prepares a
 * migrated template once; every test file then gets its own copy of it.
 */
export type TestDatabaseSource =
  | { kind: 'server'; adminUrl: string; template: string }
  | { kind: 'pglite'; templateFile: string };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {}); // a lost connection fails the query instead (decision 024)
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Called once by the global setup. Returns the source and a teardown. */
export async function prepareTestDatabases(): Promise<{ source: TestDatabaseSource; teardown: () => Promise<void> }> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopContainer: (() => Promise<unknown>) | undefined;

  if (!serverUrl) {
    try {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17-alpine').start();
      serverUrl = container.getConnectionUri();
      stopContainer = () => container.stop();
    } catch {
      // No container runtime here: embedded PGlite below.
    }
  }

  if (serverUrl) {
    const template = `ff_template_${runId}`;
    try {
      await adminQuery(serverUrl, `create database ${template}`);
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but the PostgreSQL server cannot be used: ${(error as Error).message}`);
    }
    const handle = await openPostgres(withDatabase(serverUrl, template), 2);
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    const adminUrl = serverUrl;
    return {
      source: { kind: 'server', adminUrl, template },
      teardown: async () => {
        await adminQuery(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
        await stopContainer?.();
      },
    };
  }

  const pglite = new PGlite({ ...pgliteOptions });
  const handle = wrapPGlite(pglite);
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('none');
  const templateFile = path.join(os.tmpdir(), `ff-pglite-template-${runId}.tar`);
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return {
    source: { kind: 'pglite', templateFile },
    teardown: async () => {
      await import('node:fs/promises').then((fs) => fs.rm(templateFile, { force: true }));
    },
  };
}

export interface TestDatabase extends DatabaseHandle {
  /** A connection string for a second process or app instance (server databases only). */
  url?: string;
  /** Closes the handle and drops the database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(source: TestDatabaseSource): Promise<TestDatabase> {
  if (source.kind === 'server') {
    const name = `ff_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(source.adminUrl, `create database ${name} template ${source.template}`);
    return openServerDatabase(source.adminUrl, name);
  }
  const bytes = await readFile(source.templateFile);
  const pglite = new PGlite({ loadDataDir: new Blob([bytes]), ...pgliteOptions });
  await pglite.waitReady;
  const handle = wrapPGlite(pglite);
  return { ...handle, dispose: () => handle.close() };
}

/**
 * A migrated database of its own on the given PostgreSQL server, whatever the suite's source: for the
 * tests that cut, terminate or kill the server's connections (decision 024). Fails, with the server's
 * address, when the server cannot be reached.
 */
export async function createServerDatabase(serverUrl: string, prefix = 'ff_server'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(serverUrl, `create database ${name}`);
  } catch (error) {
    throw new Error(
      `This test needs the PostgreSQL server at ${serverUrl}, which cannot be used: ${(error as Error).message}`,
    );
  }
  const database = await openServerDatabase(serverUrl, name);
  await migrateToLatest(database.db);
  return database;
}

/** A handle on database `name` of the server, whose dispose() drops it. */
async function openServerDatabase(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = withDatabase(serverUrl, name);
  const handle = await openPostgres(url);
  let disposed = false;
  return {
    ...handle,
    url,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close().catch(() => {});
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
