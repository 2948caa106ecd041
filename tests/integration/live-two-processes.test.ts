import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { User } from '../../api/db/schema.ts';
import { startApiProcess } from '../support/api-process.ts';
import { bearer, createTestApp, sessionsWritten, TEST_JWT_SECRET, type TestApp, testConfig } from '../support/app.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';
import { LiveTestClient } from '../support/live-client.ts';

/**
 * Two API instances on one database deliver each other's run-order changes to their sockets. On a
 * PostgreSQL server they are two real `api/server.ts` processes, each with its own pool and LISTEN
 * connection; an embedded PGlite belongs to one process, so there they are two app instances sharing it.
 * The test body is the same either way: commands over HTTP to one, sockets on the other.
 */

const onServer = inject('testDatabase').kind === 'server';

interface Instance {
  base: string;
  close(): Promise<void>;
}

let t: TestApp;
let instances: Instance[] = [];
let admin: User;
let runId: number;

/**
 * `node --import tsx api/server.ts` on the test's database; resolves with its address once it listens.
 * The sources, not a compiled tree: only the processes project builds one, and this file needs the
 * integration projects' server database.
 */
async function startProcess(databaseUrl: string): Promise<Instance> {
  const started = await startApiProcess(databaseUrl, {}, { kind: 'source' });
  return { base: started.base, close: () => started.stop() };
}

async function startInProcess(): Promise<Instance> {
  const app = await buildApp({
    config: testConfig(),
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    webRoot: '/nonexistent-web-root',
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `127.0.0.1:${port}`, close: () => app.close() };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await insertUser(db, { role: 'admin', first_name: 'Pat', last_name: 'Two' });
  const event = await insertEvent(db);
  const run = await insertRun(db, event.id, { participant_limit: 100 });
  runId = run.id;
  for (let i = 0; i < 6; i++) await insertRegistration(db, { runId, userId: (await insertUser(db)).id });
  const url = t.database.url;
  instances =
    onServer && url
      ? await Promise.all([startProcess(url), startProcess(url)])
      : [await startInProcess(), await startInProcess()];
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await t?.close();
});

async function command(
  instance: Instance,
  path: string,
  body: Record<string, unknown>,
  method = 'PATCH',
): Promise<RunOrderView> {
  const signedIn = bearer(t.app, admin);
  await sessionsWritten(t.app); // the token leaves the process: its session first (decision 025)
  const res = await fetch(`http://${instance.base}/api/run-orders/run/${runId}${path}`, {
    method,
    headers: { ...signedIn, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RunOrderView;
}

describe(onServer ? 'two API processes on one PostgreSQL' : 'two API instances on one embedded database', () => {
  it("deliver each other's changes to their sockets, in order, once", async () => {
    const [a, b] = instances as [Instance, Instance];
    const onA = await LiveTestClient.connect(`ws://${a.base}/api/live`);
    const onB = await LiveTestClient.connect(`ws://${b.base}/api/live`);
    const token = bearer(t.app, admin).authorization.slice('Bearer '.length);
    await sessionsWritten(t.app);
    for (const socket of [onA, onB]) {
      await socket.request({ type: 'auth', token }, (m) => m.type === 'authenticated' || m.type === 'error');
      expect(await socket.subscribe(runId, 0)).toMatchObject({ type: 'subscribed', access: 'admin' });
    }

    // Through A, seen on B (and on A).
    const generated = await command(
      a,
      '/generate',
      { expectedVersion: 0, seeding: { rule: 'random', seed: 5 } },
      'POST',
    );
    await onB.waitForVersion(runId, generated.version);
    expect(onB.events(runId).at(-1)).toMatchObject({
      type: 'RunOrderGenerated',
      actorId: admin.id,
      data: { slots: generated.slots },
    });

    // Through B, seen on A; then alternating, each event once and in order on both.
    let version = generated.version;
    for (let i = 0; i < 6; i++) {
      const through = i % 2 === 0 ? b : a;
      version = (
        await command(through, '/positions/move', {
          expectedVersion: version,
          sourcePosition: 1 + (i % 6),
          targetPosition: 6 - (i % 6),
        })
      ).version;
    }
    for (const socket of [onA, onB]) {
      await socket.waitForVersion(runId, version);
      expect(socket.versions(runId)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
      socket.close();
    }
  });
});
