import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import { type DatabaseHandle, openPostgres } from '../../api/db/database.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { appOn, bearer, sessionsWritten } from '../support/app.ts';
import { createServerDatabase, type TestDatabase } from '../support/database.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';
import { LiveTestClient } from '../support/live-client.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';

/**
 * The database goes away under a running API (docs/decisions/024-database-outages.md): a TCP proxy in
 * front of the PostgreSQL server that the test cuts and restores, and pg_terminate_backend of the
 * app's backend while it waits on a lock. These need a real server whatever the suite's database is,
 * so this file always uses the one at SERVER_URL, and fails when it cannot reach it.
 */
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

let database: TestDatabase;
let proxy: TcpProxy;
/** An app on the database directly (never cut): it signs tokens and writes while the other is cut off. */
let direct: FastifyInstance;
let admin: User;
let people: User[];
let run: Run;
let boardRun: Run;

/** The app on a real port. */
async function listening(handle: DatabaseHandle): Promise<FastifyInstance> {
  const app = await appOn(handle);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

async function call(base: string, method: string, path: string, caller?: User, body?: unknown) {
  const authorization = caller ? bearer(direct, caller) : {};
  await sessionsWritten(direct); // the token's session is written before it leaves the process
  const res = await fetch(`http://${base}${path}`, {
    method,
    headers: {
      ...authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The backend of `database` that waits on a lock (the app's request), once there is one. */
async function lockWaiter(): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`.execute(database.db);
    if (rows[0]) return rows[0].pid;
    if (Date.now() > deadline) throw new Error('no request ever waited on the lock');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Holds the run's row lock in a transaction of the test's own until release() is called. */
async function holdRunLock(runId: number): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {});
  await client.connect();
  await client.query('begin');
  await client.query('select id from runs where id = $1 for update', [runId]);
  return {
    async release() {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

beforeAll(async () => {
  database = await createServerDatabase(SERVER_URL, 'ff_outage');
  proxy = await TcpProxy.start('127.0.0.1', Number(new URL(SERVER_URL).port));
  direct = await listening(database);
  const db = database.db;
  admin = await insertUser(db, { role: 'admin' });
  people = [];
  for (let i = 0; i < 6; i++) people.push(await insertUser(db, { date_of_birth: '1987-04-05' }));
  const today = todayIn('America/Toronto');
  const event = await insertEvent(db, {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
  run = await insertRun(db, event.id, { participant_limit: 50 });
  boardRun = await insertRun(db, event.id, { participant_limit: 50 });
  for (let i = 0; i < 6; i++) await insertRegistration(db, { runId: boardRun.id, userId: (await insertUser(db)).id });
}, 60_000);
afterAll(async () => {
  await direct?.close();
  await proxy?.close();
  await database?.dispose();
});

describe('while the database is unreachable', () => {
  it('database-backed calls answer 503 DATABASE_UNAVAILABLE, /api/ready fails, /api/health stays up; all works again once it is back', async () => {
    const handle = await openPostgres(proxy.url(database.url as string));
    const app = await listening(handle);
    const base = baseOf(app);
    try {
      expect((await call(base, 'GET', '/api/ready')).status).toBe(200);
      expect((await call(base, 'GET', '/api/users', admin)).status).toBe(200);

      await proxy.cut();
      for (const [method, path, caller, body] of [
        ['GET', '/api/users', admin, undefined],
        ['GET', '/api/events/available-years', undefined, undefined],
        ['POST', '/api/registrations', people[0], { runId: run.id }],
      ] as const) {
        const res = await call(base, method, path, caller, body);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
        expect(res.body.message).toMatch(/database is not answering/i);
        expect(res.headers.get('retry-after')).toBe('5');
      }
      const ready = await call(base, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.code).toBe('DATABASE_UNAVAILABLE');
      expect((await call(base, 'GET', '/api/health')).status).toBe(200);

      await proxy.restore();
      expect((await call(base, 'GET', '/api/ready')).status).toBe(200);
      expect((await call(base, 'GET', '/api/users', admin)).status).toBe(200);
      const registered = await call(base, 'POST', '/api/registrations', people[0], { runId: run.id });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    } finally {
      await proxy.restore();
      await app.close();
      await handle.close();
    }
  });
});

describe('a connection that dies during a request', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApiProcess(proxy.url(database.url as string));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  /** The request whose connection died got 503 DATABASE_UNAVAILABLE, and the process is still up. */
  async function answeredUnavailable(res: Awaited<ReturnType<typeof call>>): Promise<void> {
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    await new Promise((resolve) => setTimeout(resolve, 200)); // the socket's end arrives after the error
    expect(api.alive(), api.output()).toBe(true);
  }

  it('terminated by pg_terminate_backend, cut by the network, or stalled then closed: 503, the process stays up and the next request works', async () => {
    // A backend terminated while the request waits on the run's row lock (held by the test).
    const lock = await holdRunLock(run.id);
    try {
      const pending = call(api.base, 'POST', '/api/registrations', people[1], { runId: run.id });
      const pid = await lockWaiter();
      await sql`select pg_terminate_backend(${pid})`.execute(database.db);
      await answeredUnavailable(await pending);
      expect((await call(api.base, 'GET', '/api/health')).status).toBe(200);

      // The network cut while the request waits on the same lock.
      const second = call(api.base, 'POST', '/api/registrations', people[2], { runId: run.id });
      await lockWaiter();
      await proxy.cut();
      await answeredUnavailable(await second);
      await proxy.restore();

      // A stall of a second that then closes, under a request that is reading.
      expect((await call(api.base, 'GET', '/api/users', admin)).status).toBe(200);
      proxy.stall();
      const stalled = call(api.base, 'GET', '/api/users', admin);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await proxy.cut();
      await answeredUnavailable(await stalled);
    } finally {
      await proxy.restore();
      await lock.release();
    }

    for (const person of [people[1], people[2]] as User[]) {
      const res = await call(api.base, 'POST', '/api/registrations', person, { runId: run.id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect((await call(api.base, 'GET', '/api/ready')).status).toBe(200);
    expect(api.alive()).toBe(true);
  });

  it('the LISTEN connection terminated: the process stays up and listens again', async () => {
    const listeners = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where datname = current_database() and application_name = 'firefit-live-hub'`.execute(database.db)
      ).rows.map((r) => r.pid);
    /** Polls until the listeners satisfy `ok` (they reconnect with backoff), or 15 s have passed. */
    const settled = async (ok: (pids: number[]) => boolean) => {
      const deadline = Date.now() + 15_000;
      let pids = await listeners();
      while (!ok(pids) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        pids = await listeners();
      }
      return pids;
    };
    // The process's and the in-process app's (which the test cannot tell apart), once both are back
    // from the earlier cuts: all terminated.
    const before = await settled((pids) => pids.length === 2);
    expect(before).toHaveLength(2);
    await sql`select pg_terminate_backend(pid) from unnest(${before}::int[]) pid`.execute(database.db);
    const renewed = (pids: number[]) => pids.length === before.length && pids.every((p) => !before.includes(p));
    const after = await settled(renewed);
    expect(renewed(after), `before ${before}, after ${after}`).toBe(true);
    expect(api.alive(), api.output()).toBe(true);
  });
});

describe('live sockets across an outage', () => {
  it('resume and catch up on what was committed while the LISTEN connection was down', async () => {
    const handle = await openPostgres(proxy.url(database.url as string));
    const app = await listening(handle);
    const socket = await LiveTestClient.connect(`ws://${baseOf(app)}/api/live`);
    try {
      const token = bearer(direct, admin).authorization.slice('Bearer '.length);
      await sessionsWritten(direct);
      await socket.request({ type: 'auth', token }, (m) => m.type === 'authenticated' || m.type === 'error');
      expect(await socket.subscribe(boardRun.id, 0)).toMatchObject({ type: 'subscribed', access: 'admin' });

      const command = async (path: string, body: Record<string, unknown>, method = 'PATCH') => {
        const res = await call(baseOf(direct), method, `/api/run-orders/run/${boardRun.id}${path}`, admin, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as RunOrderView;
      };
      let version = (await command('/generate', { expectedVersion: 0, seeding: { rule: 'random', seed: 3 } }, 'POST'))
        .version;
      await socket.waitForVersion(boardRun.id, version);

      // Committed through the other instance while this one cannot reach the database: no notification
      // reaches it, and its stream reads fail.
      await proxy.cut();
      for (let i = 0; i < 3; i++) {
        version = (
          await command('/positions/move', { expectedVersion: version, sourcePosition: 1 + i, targetPosition: 6 - i })
        ).version;
      }
      expect((await call(baseOf(app), 'GET', '/api/ready')).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.restore();

      await socket.waitForVersion(boardRun.id, version, { timeoutMs: 25_000 });
      expect(socket.versions(boardRun.id)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
      expect(socket.closed).toBeUndefined();
    } finally {
      socket.close();
      await proxy.restore();
      await app.close();
      await handle.close();
    }
  });
});

describe('a database that never answers (decision 029)', () => {
  it('a statement past DATABASE_STATEMENT_TIMEOUT_MS, or a network that stalls without closing: 503, then the next request works', async () => {
    // One connection, so the stalled one is the one every request must use.
    const handle = await openPostgres(proxy.url(database.url as string), 1, { statementTimeoutMs: 1000 });
    const app = await listening(handle);
    const base = baseOf(app);
    const lockedRun = await insertRun(database.db, run.event_id, { participant_limit: 50 });
    try {
      expect((await call(base, 'GET', '/api/users', admin)).status).toBe(200);

      // A request that waits on a row lock the test never lets go of: the server cancels it.
      const lock = await holdRunLock(lockedRun.id);
      try {
        const res = await call(base, 'POST', '/api/registrations', people[3], { runId: lockedRun.id });
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      } finally {
        await lock.release();
      }
      const registered = await call(base, 'POST', '/api/registrations', people[3], { runId: lockedRun.id });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);

      // The network stalls and never closes: no answer ever comes, so the client gives up on its own.
      proxy.stall();
      const stalled = await call(base, 'GET', '/api/users', admin);
      expect(stalled.status, JSON.stringify(stalled.body)).toBe(503);
      expect(stalled.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(stalled.headers.get('retry-after')).toBe('5');
      await proxy.cut();
      await proxy.restore();
      expect((await call(base, 'GET', '/api/users', admin)).status).toBe(200);
      expect((await call(base, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      await proxy.restore();
      await app.close();
      await handle.close();
    }
  });
});
