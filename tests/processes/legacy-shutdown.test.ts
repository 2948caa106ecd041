import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../api/db/schema.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { appOn, bearer, sessionsWritten } from '../support/app.ts';
import { createServerDatabase, type TestDatabase } from '../support/database.ts';
import { insertUser } from '../support/factories.ts';
import { createMariaDbDatabase, type MariaDbDatabase } from '../support/mariadb.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';

/**
 * SIGTERM to a real server while a legacy request waits on a MariaDB whose network stopped passing
 * bytes (decision 072): the process exits, by the shutdown deadline when the legacy query may wait
 * longer than it, cleanly when the query's own bound ends the request first. The main database is the
 * machine's PostgreSQL server (as in database-outage.test.ts), so the test can sign an admin in.
 */
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

let database: TestDatabase;
let maria: MariaDbDatabase;
let proxy: TcpProxy;
/** An app on the same database, in the test's process: it signs the tokens. */
let direct: FastifyInstance;
let admin: User;
const started: ApiProcess[] = [];

beforeAll(async () => {
  database = await createServerDatabase(SERVER_URL, 'ff_legacy_stop');
  maria = await createMariaDbDatabase('ff_legacy_stop');
  await insertLegacyRows(maria.db, legacyRows({ users: 3, invoices: 5 }));
  direct = await appOn(database);
  admin = await insertUser(database.db, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  for (const api of started) await api.stop();
  await direct?.close();
  await proxy?.close();
  await maria?.drop();
  await database?.dispose();
});

async function get(api: ApiProcess, path: string): Promise<{ status: number; code?: string }> {
  const headers = bearer(direct, admin);
  await sessionsWritten(direct);
  const res = await fetch(`http://${api.base}${path}`, { headers });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

/** The server on the database, its legacy source behind a fresh proxy, with the given bounds. */
async function serverBehindProxy(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  await proxy?.close();
  proxy = await TcpProxy.start('127.0.0.1', 3306);
  const api = await startApiProcess(database.url, { LEGACY_DATABASE_URL: proxy.url(maria.url), ...env });
  started.push(api);
  return api;
}

/** How the process exited, or 'still running' after a net that is no measure (a live process fails the test). */
const exitOf = (api: ApiProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'>((resolve) => {
    if (api.child.exitCode !== null || api.child.signalCode !== null)
      resolve({ code: api.child.exitCode, signal: api.child.signalCode });
    else api.child.once('exit', (code, signal) => resolve({ code, signal }));
    setTimeout(() => resolve('still running'), 60_000).unref();
  });

/** A legacy request sent once the network holds, given time to reach its stalled query. */
async function stalledRequest(api: ApiProcess) {
  expect(await get(api, '/api/legacy/invoices/years')).toMatchObject({ status: 200 });
  proxy.hold();
  const pending = get(api, '/api/legacy/payments/filter').catch((error: Error) => ({ status: 0, code: error.message }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return pending;
}

describe('SIGTERM during a stalled legacy request', { timeout: 180_000 }, () => {
  it('exits by SHUTDOWN_TIMEOUT_MS when the legacy query may wait longer, naming the setting', async () => {
    const api = await serverBehindProxy({ LEGACY_QUERY_TIMEOUT_MS: '120000', SHUTDOWN_TIMEOUT_MS: '500' });
    const pending = await stalledRequest(api);
    const exited = exitOf(api);
    api.child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(api.output()).toContain('SHUTDOWN_TIMEOUT_MS');
    // The stalled request's connection was closed with the process: it got no answer.
    expect((await pending).status).not.toBe(200);
  });

  it('exits cleanly when the legacy query bound answers the request first: 503 LEGACY_UNAVAILABLE', async () => {
    const api = await serverBehindProxy({ LEGACY_QUERY_TIMEOUT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '120000' });
    const pending = await stalledRequest(api);
    const exited = exitOf(api);
    api.child.kill('SIGTERM');
    expect(await pending).toEqual({ status: 503, code: 'LEGACY_UNAVAILABLE' });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain('Stopped cleanly.');
  });
});
