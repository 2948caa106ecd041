import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, pgliteOptions, wrapPGlite } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

/**
 * Where a test project's PostgreSQL comes from (docs/architecture.md "Tests"). Each project names the
 * kind it runs on (`databaseKind` in tests/vitest.config.ts): `pglite`, embedded; `server`, a PostgreSQL
 * server, which is TEST_DATABASE_URL when set, else a container started through testcontainers
 * (TEST_POSTGRES_IMAGE, default the official postgres:17-alpine), else the machine's server at
 * 127.0.0.1:5432. TEST_CONTAINERS=required (CI) makes the container the only way: a broken container
 * runtime then fails the run instead of falling back. The global setup prepares a migrated template
 * once per project; every test file then gets its own copy of it.
 */
export type DatabaseKind = 'pglite' | 'server';

export type TestDatabaseSource =
  | { kind: 'server'; adminUrl: string; template: string }
  | { kind: 'pglite'; templateFile: string };

/** The machine's own server: the outage and several-instance tests always use it (decision 024). */
export const MACHINE_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const DEFAULT_TEST_POSTGRES_IMAGE = 'postgres:17-alpine';

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

/**
 * A PostgreSQL server in a container, through testcontainers. Podman runs no health checks without
 * systemd, so the wait is on the port instead of the module's health check: the official image's
 * first-start server listens on no TCP port, so an open port means the final server is up.
 */
async function startPostgresContainer(): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { Wait } = await import('testcontainers');
  const image = process.env.TEST_POSTGRES_IMAGE || DEFAULT_TEST_POSTGRES_IMAGE;
  const container = await new PostgreSqlContainer(image)
    .withWaitStrategy(Wait.forListeningPorts())
    .withStartupTimeout(60_000)
    .start();
  return { url: container.getConnectionUri(), stop: () => container.stop() };
}

/**
 * Podman's service now and then refuses a container with a bare "500 ... exit status 1" while another
 * starts beside it (the two server projects and the image test start theirs at once in CI): a short
 * pause and another try get one; only the third refusal counts.
 */
async function startContainerRetrying(): Promise<{ url: string; stop: () => Promise<unknown> }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPostgresContainer();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`PostgreSQL container, attempt ${attempt}: ${(error as Error).message}; trying again`);
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
}

/** The server the `server` projects use, and how to let it go. */
async function serverForTests(): Promise<{ url: string; stop?: () => Promise<unknown> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL };
  const required = process.env.TEST_CONTAINERS === 'required';
  try {
    const started = await startContainerRetrying();
    for (let attempt = 0; ; attempt++) {
      // The port can open a moment before the server accepts logins.
      try {
        await adminQuery(started.url, 'select 1');
        return started;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } catch (error) {
    if (required) {
      throw new Error(
        `TEST_CONTAINERS=required, but no PostgreSQL container could be started (${(error as Error).message}). ` +
          'Run `eval "$(bash .ci/containers.sh)"` first (README "Containers").',
      );
    }
    return { url: MACHINE_SERVER_URL };
  }
}

/** Called once per test project by its global setup. Returns the source and a teardown. */
export async function prepareTestDatabases(
  kind: DatabaseKind,
): Promise<{ source: TestDatabaseSource; teardown: () => Promise<void> }> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;

  if (kind === 'server') {
    const server = await serverForTests();
    const template = `ff_template_${runId}`;
    try {
      await adminQuery(server.url, `create database ${template}`);
    } catch (error) {
      await server.stop?.();
      throw new Error(`The PostgreSQL server at ${server.url} cannot be used for tests: ${(error as Error).message}`);
    }
    const handle = await openPostgres(withDatabase(server.url, template), 2);
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    return {
      source: { kind: 'server', adminUrl: server.url, template },
      teardown: async () => {
        await adminQuery(server.url, `drop database if exists ${template} with (force)`).catch(() => {});
        await server.stop?.();
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
    teardown: () => rm(templateFile, { force: true }),
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
