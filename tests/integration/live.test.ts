import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../api/app.ts';
import type { LiveEvent, LiveServerMessage, PresenceViewer } from '../../api/contracts/live.ts';
import { type DatabaseHandle, openPostgres } from '../../api/db/database.ts';
import type { Role } from '../../api/db/schema.ts';
import { RUN_ORDER_STREAM_TYPE, runOrderStreamId, type Slots } from '../../api/domain/run-orders/events.ts';
import { append, type NewEvent, streamVersion } from '../../api/event-store/store.ts';
import { PRESENCE_CHANNEL } from '../../api/modules/live/presence.ts';
import { createLiveSocket, type WebSocketConstructor } from '../../web/lib/live-socket.ts';
import {
  createTestApp,
  sessionsWritten,
  TEST_JWT_SECRET,
  type TestApp,
  testConfig,
  withTestSessions,
} from '../support/app.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';
import { LiveTestClient, liveUrl } from '../support/live-client.ts';

/**
 * Short enough for quick tests, long enough that a busy machine does not make a healthy socket miss a
 * ping: the test's clients share the server's event loop, where a long embedded-database query runs.
 */
const HEARTBEAT_MS = '500';

/**
 * WebSocket /api/live end to end: a real app on a real port, the real database of the pass, real `ws`
 * clients, events appended through the real event store. No timing assertions: every wait is for a
 * message (or a condition) with a generous timeout.
 */

const onServer = inject('testDatabase').kind === 'server';

let t: TestApp;
let url: string;
let adminA: { id: number; role: Role; first_name: string; last_name: string };
let adminB: { id: number; role: Role; first_name: string; last_name: string };
let plainUser: { id: number; role: Role };
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = liveUrl(t.app);
  const { db } = t.database;
  adminA = await insertUser(db, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
  adminB = await insertUser(db, { role: 'super-admin', first_name: 'Bea', last_name: 'Boss' });
  plainUser = await insertUser(db, { role: 'user' });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await t?.close();
});

async function connect(to = url): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(to);
  clients.push(client);
  return client;
}

/** A token whose session is written (decision 025) before it goes over a socket. */
async function tokenFor(app: FastifyInstance, user: { id: number; role: Role }, expiresInSeconds?: number) {
  const token = app.jwt.sign(
    { sub: user.id, role: user.role },
    expiresInSeconds === undefined ? {} : { expiresIn: expiresInSeconds },
  );
  await sessionsWritten(app);
  return token;
}

async function signIn(client: LiveTestClient, user: { id: number; role: Role }, app = t.app) {
  return client.request(
    { type: 'auth', token: await tokenFor(app, user) },
    (m) => m.type === 'authenticated' || m.type === 'error',
  );
}

async function newRun(): Promise<number> {
  const event = await insertEvent(t.database.db);
  return (await insertRun(t.database.db, event.id)).id;
}

const slotsAfter = (version: number): Slots => [version, version + 1000, null, version + 2000, null, null];

/** Appends `count` run-order events (RunOrderCreated first on a new stream) in one transaction; returns the new version. */
async function appendEvents(
  runId: number,
  count = 1,
  actorId: number | null = adminA.id,
  database: DatabaseHandle = t.database,
  slotsOf: (version: number) => Slots = slotsAfter,
): Promise<number> {
  const streamId = runOrderStreamId(runId);
  return database.db.transaction().execute(async (trx) => {
    const current = await streamVersion(trx, streamId);
    const events: NewEvent[] = [];
    for (let i = 1; i <= count; i++) {
      const version = current + i;
      events.push(
        version === 1
          ? { type: 'RunOrderCreated', data: { heatSize: 3, slots: slotsOf(version), createdBy: actorId } }
          : {
              type: 'PositionMoved',
              data: { slots: slotsOf(version), sourcePosition: 1, targetPosition: 2, movedBy: actorId },
            },
      );
    }
    const result = await append(trx, {
      streamId,
      streamType: RUN_ORDER_STREAM_TYPE,
      expectedVersion: current,
      events,
      metadata: { actorId, requestId: 'live-test' },
    });
    return result.version;
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Resolves when the condition holds; fails after a generous timeout. */
async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const names = (viewers: PresenceViewer[]) => viewers.map((v) => v.name);

/** A second API instance on the same database: the same PGlite handle, or its own pool on the server. */
async function startInstance(
  env: NodeJS.ProcessEnv = {},
): Promise<{ app: FastifyInstance; url: string; database: DatabaseHandle; close(): Promise<void> }> {
  const database = t.database.url ? await openPostgres(t.database.url, 4) : t.database;
  const app = await buildApp({
    config: testConfig(env),
    database,
    jwtSecret: TEST_JWT_SECRET,
    webRoot: '/nonexistent-web-root',
    logger: false,
  });
  withTestSessions(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: liveUrl(app),
    database,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

describe('live: catch-up and live events', () => {
  it('sends the events after fromVersion, then `subscribed`, then each new event once, in order', async () => {
    const runId = await newRun();
    await appendEvents(runId, 3);
    const client = await connect();
    const subscribed = await client.subscribe(runId, 1);
    expect(subscribed).toEqual({ type: 'subscribed', runId, version: 3, access: 'public' });
    // The catch-up came before `subscribed`.
    const subscribedAt = client.messages.indexOf(subscribed);
    expect(
      client.messages.slice(0, subscribedAt).flatMap((m) => (m.type === 'event' ? [m.event.version] : [])),
    ).toEqual([2, 3]);

    await appendEvents(runId, 2);
    await appendEvents(runId, 1);
    await client.waitForVersion(runId, 6);
    expect(client.versions(runId)).toEqual([2, 3, 4, 5, 6]);
  });

  it('serves two subscribers of one run from their own versions', async () => {
    const runId = await newRun();
    await appendEvents(runId, 4);
    const early = await connect();
    const late = await connect();
    await early.subscribe(runId, 0);
    await late.subscribe(runId, 3);
    await appendEvents(runId, 2);
    await early.waitForVersion(runId, 6);
    await late.waitForVersion(runId, 6);
    expect(early.versions(runId)).toEqual(range(1, 6));
    expect(late.versions(runId)).toEqual([4, 5, 6]);
  });

  it('tells a client that is ahead of the log where the log really is', async () => {
    const runId = await newRun();
    await appendEvents(runId, 2);
    const client = await connect();
    expect(await client.subscribe(runId, 10)).toMatchObject({ type: 'subscribed', version: 2 });
    await appendEvents(runId, 1);
    await client.waitForVersion(runId, 3);
    expect(client.versions(runId)).toEqual([3]);
  });

  it('subscribes to a run without events at version 0 and delivers its first event', async () => {
    const runId = await newRun();
    const client = await connect();
    expect(await client.subscribe(runId, 0)).toEqual({ type: 'subscribed', runId, version: 0, access: 'public' });
    await appendEvents(runId, 1);
    const first = await client.waitForVersion(runId, 1);
    expect(first).toMatchObject({ event: { version: 1, type: 'RunOrderCreated' } });
  });

  it('stops sending a run after unsubscribe', async () => {
    const runA = await newRun();
    const runB = await newRun();
    const client = await connect();
    await client.subscribe(runA, 0);
    await client.subscribe(runB, 0);
    client.send({ type: 'unsubscribe', runId: runA });
    await client.request({ type: 'ping' }, (m) => m.type === 'pong');
    await appendEvents(runA, 1);
    await appendEvents(runB, 1);
    await client.waitForVersion(runB, 1);
    const witness = await connect();
    await witness.subscribe(runA, 0);
    expect(witness.versions(runA)).toEqual([1]);
    expect(client.versions(runA)).toEqual([]);
  });

  it('keeps every event exactly once when a socket drops and reconnects while events keep coming', async () => {
    const runId = await newRun();
    const total = 40;
    let appended = await appendEvents(runId, 1);
    const appender = (async () => {
      while (appended < total) {
        appended = await appendEvents(runId, 1);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const first = await connect();
    first.send({ type: 'subscribe', runId, fromVersion: 0 });
    await first.waitForVersion(runId, 3);
    first.terminate();
    const before = first.versions(runId);
    const last = before.at(-1) ?? 0;

    const second = await connect();
    second.send({ type: 'subscribe', runId, fromVersion: last });
    await appender;
    await second.waitForVersion(runId, total);
    expect([...before, ...second.versions(runId)]).toEqual(range(1, total));
  });

  it('lets the browser client ride out a dropped connection without gaps or duplicates', async () => {
    const runId = await newRun();
    const total = 30;
    let appended = await appendEvents(runId, 2);
    const received: number[] = [];
    const statuses: string[] = [];
    const live = createLiveSocket({
      url,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onEvent: (id, event) => {
        if (id === runId) received.push(event.version);
      },
      onStatus: (status) => statuses.push(status),
    });
    try {
      live.subscribe(runId, 1);
      await until(() => received.length >= 1, 'the catch-up');
      const appender = (async () => {
        while (appended < total) {
          appended = await appendEvents(runId, 1);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await until(() => received.length >= 5, 'some live events');
      // Cut every socket of the server: the client must reconnect and resubscribe from its last version.
      for (const socket of t.app.websocketServer.clients) socket.terminate();
      await until(() => statuses.includes('reconnecting'), 'the client to notice');
      await appender;
      await until(() => received.at(-1) === total, 'every event');
      expect(received).toEqual(range(2, total));
      expect(statuses.at(-1)).toBe('open');
    } finally {
      live.close();
    }
  });
});

describe('live: back-pressure (decision 056)', () => {
  it('holds events back from a client that stopped reading, then catches it up: every event once, in order', async () => {
    const runId = await newRun();
    // Run orders of 2,000 positions: about 14 kB an event, so the socket's buffers fill in a few hundred.
    const bigSlots = (version: number): Slots => Array.from({ length: 2000 }, (_, i) => version * 10_000 + i);
    const appendBig = (count: number) => appendEvents(runId, count, adminA.id, t.database, bigSlots);
    let last = await appendBig(1);
    const phone = await connect();
    const screen = await connect();
    await phone.subscribe(runId, 0);
    await screen.subscribe(runId, 0);
    phone.ws.pause(); // a phone that stops reading: the server's send buffers fill up

    // Until the hub holds the phone's events back (each batch is one commit and one notification).
    while (t.app.liveHub.stats().congested === 0) {
      if (last > 3000) throw new Error('the socket never went over its soft limit');
      last = await appendBig(20);
      await screen.waitForVersion(runId, last);
    }
    // Held back: the reading socket still gets these at once; the phone gets them when it drains.
    last = await appendBig(20);
    await screen.waitForVersion(runId, last);
    expect(t.app.liveHub.stats().congested).toBe(1);

    phone.ws.resume();
    await phone.waitForVersion(runId, last, { timeoutMs: 60_000 });
    await until(() => t.app.liveHub.stats().congested === 0, 'the phone to drain');
    expect(phone.versions(runId)).toEqual(range(1, last));
    expect(screen.versions(runId)).toEqual(range(1, last));
    expect(phone.closed).toBeUndefined();
  });
});

describe('live: admin and public access', () => {
  it('sends admins whole events with the actor, and everyone else only the public fields', async () => {
    const runId = await newRun();
    await appendEvents(runId, 2, adminA.id);
    const adminClient = await connect();
    expect(await signIn(adminClient, adminA)).toMatchObject({
      type: 'authenticated',
      userId: adminA.id,
      role: 'admin',
      // Every access token expires (decision 025).
      expiresAt: expect.any(String),
    });
    expect(await adminClient.subscribe(runId, 0)).toMatchObject({ access: 'admin', version: 2 });
    const display = await connect();
    expect(await display.subscribe(runId, 0)).toMatchObject({ access: 'public', version: 2 });

    const [created, moved] = adminClient.events(runId) as [LiveEvent, LiveEvent];
    expect(created).toMatchObject({
      version: 1,
      type: 'RunOrderCreated',
      actorId: adminA.id,
      data: { heatSize: 3, createdBy: adminA.id },
    });
    expect(moved).toMatchObject({
      version: 2,
      type: 'PositionMoved',
      actorId: adminA.id,
      data: { movedBy: adminA.id, sourcePosition: 1, targetPosition: 2 },
    });
    expect(typeof moved.recordedAt).toBe('string');

    const [publicCreated, publicMoved] = display.events(runId) as [LiveEvent, LiveEvent];
    expect(publicCreated).toEqual({
      version: 1,
      type: 'RunOrderCreated',
      recordedAt: created.recordedAt,
      data: { heatSize: 3, slots: slotsAfter(1) },
    });
    expect(publicMoved).toEqual({
      version: 2,
      type: 'PositionMoved',
      recordedAt: moved.recordedAt,
      data: { slots: slotsAfter(2), sourcePosition: 1, targetPosition: 2 },
    });
    expect(JSON.stringify(display.messages)).not.toContain('movedBy');
    expect(display.messages.some((m) => m.type === 'presence')).toBe(false);
  });

  it('gives a signed-in non-admin public access', async () => {
    const runId = await newRun();
    await appendEvents(runId, 1);
    const client = await connect();
    expect(await signIn(client, plainUser)).toMatchObject({
      type: 'authenticated',
      userId: plainUser.id,
      role: 'user',
    });
    expect(await client.subscribe(runId, 0)).toMatchObject({ access: 'public' });
    expect(client.events(runId)[0]).not.toHaveProperty('actorId');
    const refused = await client.request({ type: 'presence', runId, dragging: null }, (m) => m.type === 'error');
    expect(refused).toMatchObject({ code: 'FORBIDDEN', runId });
  });

  it('refuses a bad token, a token of a deactivated account and a stale role, and public access still works', async () => {
    const runId = await newRun();
    await appendEvents(runId, 1);
    const client = await connect();
    expect(await client.request({ type: 'auth', token: 'not-a-token' }, (m) => m.type === 'error')).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const [header, payload] = t.app.jwt.sign({ sub: adminA.id, role: 'admin' }).split('.');
    const otherSignature = createHmac('sha256', 'another-secret-that-is-long-enough-to-sign')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const forged = `${header}.${payload}.${otherSignature}`;
    expect(await client.request({ type: 'auth', token: forged }, (m) => m.type === 'error')).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const gone = await insertUser(t.database.db, { role: 'admin', is_active: false });
    expect(await signIn(client, gone)).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect(await client.subscribe(runId, 0)).toMatchObject({ type: 'subscribed', access: 'public' });
    expect(client.events(runId)).toHaveLength(1);

    // The role is read from the account, not from the token.
    const demoted = await insertUser(t.database.db, { role: 'user' });
    expect(await signIn(client, { id: demoted.id, role: 'admin' })).toMatchObject({
      type: 'authenticated',
      role: 'user',
    });
    expect(client.messages.filter((m) => m.type === 'subscribed' && m.runId === runId)).toHaveLength(1);
  });

  it('upgrades existing subscriptions when an admin signs in, and downgrades them when the token expires', async () => {
    const runId = await newRun();
    await appendEvents(runId, 1);
    const watcher = await connect();
    await signIn(watcher, adminB);
    await watcher.subscribe(runId, 0);

    const client = await connect();
    expect(await client.subscribe(runId, 0)).toMatchObject({ access: 'public' });
    let from = client.mark();
    client.send({ type: 'auth', token: await tokenFor(t.app, adminA, 3) });
    const authenticated = await client.waitFor((m) => m.type === 'authenticated', { from });
    expect(authenticated).toMatchObject({ userId: adminA.id, expiresAt: expect.any(String) });
    expect(await client.waitFor((m) => m.type === 'subscribed', { from })).toEqual({
      type: 'subscribed',
      runId,
      version: 1,
      access: 'admin',
    });
    await watcher.waitForPresence(runId, (v) => names(v).includes('Ada Admin'));

    await appendEvents(runId, 1);
    expect(await client.waitForVersion(runId, 2)).toMatchObject({ event: { actorId: adminA.id } });

    // No fresh token before exp: admin access ends, public events go on.
    from = client.mark();
    expect(await client.waitFor((m) => m.type === 'error', { from, timeoutMs: 20_000 })).toMatchObject({
      code: 'TOKEN_EXPIRED',
    });
    expect(await client.waitFor((m) => m.type === 'subscribed', { from })).toEqual({
      type: 'subscribed',
      runId,
      version: 2,
      access: 'public',
    });
    await watcher.waitForPresence(runId, (v) => !names(v).includes('Ada Admin'));
    await appendEvents(runId, 1);
    const third = (await client.waitForVersion(runId, 3)) as Extract<LiveServerMessage, { type: 'event' }>;
    expect(third.event).not.toHaveProperty('actorId');
    expect(third.event.data).not.toHaveProperty('movedBy');
    const presenceAfter = client.messages.slice(from).filter((m) => m.type === 'presence');
    expect(presenceAfter).toEqual([]);

    // A fresh token brings admin access back.
    from = client.mark();
    client.send({ type: 'auth', token: await tokenFor(t.app, adminA, 600) });
    expect(await client.waitFor((m) => m.type === 'subscribed', { from })).toMatchObject({
      access: 'admin',
      version: 3,
    });
    await watcher.waitForPresence(runId, (v) => names(v).includes('Ada Admin'));
  });
});

describe('live: protocol errors', () => {
  it('answers bad JSON and unknown messages with BAD_MESSAGE and keeps the socket open', async () => {
    const client = await connect();
    expect(await client.request('{not json', (m) => m.type === 'error')).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await client.request({ type: 'shout', text: 'hi' }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
    });
    expect(await client.request({ type: 'subscribe', runId: 'seven' }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
    });
    expect(await client.request({ type: 'ping', extra: true }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
    });
    const binary = client.mark();
    client.ws.send(Buffer.from([1, 2, 3]));
    expect(await client.waitFor((m) => m.type === 'error', { from: binary })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await client.request({ type: 'ping' }, (m) => m.type === 'pong')).toEqual({ type: 'pong' });
    expect(client.closed).toBeUndefined();
  });

  it('refuses a NUL anywhere in a message as BAD_MESSAGE naming the field, as HTTP bodies do (decision 027)', async () => {
    const client = await connect();
    // A token with a NUL is a bad message, not a sign-in attempt that fails.
    expect(await client.request({ type: 'auth', token: 'abc\u0000def' }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
      message: expect.stringMatching(/token must not contain the NUL character/),
    });
    expect(await client.request({ type: 'ping\u0000' }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
      message: expect.stringMatching(/type must not contain the NUL character/),
    });
    expect(await client.request({ type: 'ping', '\u0000': 1 }, (m) => m.type === 'error')).toMatchObject({
      code: 'BAD_MESSAGE',
      message: expect.stringMatching(/NUL character/),
    });
    expect(await client.request({ type: 'ping' }, (m) => m.type === 'pong')).toEqual({ type: 'pong' });
    expect(client.closed).toBeUndefined();
  });

  it('answers RUN_NOT_FOUND for a run that does not exist or was deleted', async () => {
    const client = await connect();
    expect(await client.subscribe(2_000_000_000, 0)).toMatchObject({
      type: 'error',
      code: 'RUN_NOT_FOUND',
      runId: 2_000_000_000,
    });
    const deleted = await newRun();
    await t.database.db.updateTable('runs').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    expect(await client.subscribe(deleted, 0)).toMatchObject({ type: 'error', code: 'RUN_NOT_FOUND', runId: deleted });
  });

  it('limits the runs one socket follows', async () => {
    const client = await connect();
    const runs: number[] = [];
    for (let i = 0; i < 21; i++) runs.push(await newRun());
    for (const runId of runs.slice(0, 20))
      expect(await client.subscribe(runId, 0)).toMatchObject({ type: 'subscribed' });
    expect(await client.subscribe(runs[20] as number, 0)).toMatchObject({
      type: 'error',
      code: 'TOO_MANY_SUBSCRIPTIONS',
    });
    // Subscribing again to a followed run is a restart, not a new subscription.
    expect(await client.subscribe(runs[0] as number, 0)).toMatchObject({ type: 'subscribed' });
  });

  it('refuses presence on a run the socket does not follow', async () => {
    const runId = await newRun();
    const client = await connect();
    await signIn(client, adminA);
    expect(await client.request({ type: 'presence', runId, dragging: null }, (m) => m.type === 'error')).toMatchObject({
      code: 'NOT_SUBSCRIBED',
      runId,
    });
  });

  it('answers a plain HTTP GET with 426 in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/live' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ statusCode: 426, code: 'UPGRADE_REQUIRED' });
  });
});

describe('live: presence', () => {
  it('shows admins on the same run to each other, with what they drag, and drops the one who leaves', async () => {
    const runId = await newRun();
    const ada = await connect();
    await signIn(ada, adminA);
    await ada.subscribe(runId, 0);
    await ada.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin');

    const bea = await connect();
    await signIn(bea, adminB);
    await bea.subscribe(runId, 0);
    await bea.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
    await ada.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');

    bea.send({ type: 'presence', runId, dragging: { kind: 'position', number: 4 } });
    await ada.waitForPresence(runId, (v) =>
      v.some((x) => x.userId === adminB.id && x.dragging?.kind === 'position' && x.dragging.number === 4),
    );
    ada.send({ type: 'presence', runId, dragging: { kind: 'heat', number: 2 } });
    await bea.waitForPresence(runId, (v) => v.some((x) => x.userId === adminA.id && x.dragging?.kind === 'heat'));
    bea.send({ type: 'presence', runId, dragging: null });
    await ada.waitForPresence(runId, (v) => v.every((x) => x.userId !== adminB.id || x.dragging === null));

    // Unsubscribing leaves; so does closing the socket.
    bea.send({ type: 'unsubscribe', runId });
    await ada.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin');
    await bea.subscribe(runId, 0);
    await ada.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
    bea.close();
    await ada.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin');
  });

  it('never sends presence to public subscribers', async () => {
    const runId = await newRun();
    const display = await connect();
    await display.subscribe(runId, 0);
    const ada = await connect();
    await signIn(ada, adminA);
    await ada.subscribe(runId, 0);
    ada.send({ type: 'presence', runId, dragging: { kind: 'heat', number: 1 } });
    await ada.waitForPresence(runId, (v) => v[0]?.dragging !== null);
    await appendEvents(runId, 1);
    await display.waitForVersion(runId, 1);
    expect(display.messages.some((m) => m.type === 'presence')).toBe(false);
  });
});

describe('live: several API instances on one database', () => {
  it('delivers an event appended through instance A to a socket on instance B, and shares presence both ways', async () => {
    const b = await startInstance();
    try {
      const runId = await newRun();
      await appendEvents(runId, 1, adminA.id, t.database);
      const onB = await connect(b.url);
      await signIn(onB, adminB, b.app);
      expect(await onB.subscribe(runId, 0)).toMatchObject({ version: 1, access: 'admin' });
      await appendEvents(runId, 2, adminA.id, t.database);
      await onB.waitForVersion(runId, 3);
      expect(onB.versions(runId)).toEqual([1, 2, 3]);
      // And the other way round, through B's own connection.
      const onA = await connect();
      await signIn(onA, adminA);
      await onA.subscribe(runId, 3);
      await appendEvents(runId, 1, adminB.id, b.database);
      await onA.waitForVersion(runId, 4);
      expect(onA.events(runId)).toMatchObject([{ version: 4, actorId: adminB.id }]);

      await onA.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
      await onB.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
      onB.send({ type: 'presence', runId, dragging: { kind: 'heat', number: 3 } });
      await onA.waitForPresence(runId, (v) =>
        v.some((x) => x.userId === adminB.id && x.dragging?.kind === 'heat' && x.dragging.number === 3),
      );
      onA.send({ type: 'presence', runId, dragging: { kind: 'position', number: 1 } });
      await onB.waitForPresence(runId, (v) => v.some((x) => x.userId === adminA.id && x.dragging?.kind === 'position'));
      onB.close();
      await onA.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin');
    } finally {
      await b.close();
    }
  });

  it('learns the viewers an instance already had when it starts, and forgets them when it stops', async () => {
    const runId = await newRun();
    const onA = await connect();
    await signIn(onA, adminA);
    await onA.subscribe(runId, 0);
    const b = await startInstance();
    let closed = false;
    try {
      const onB = await connect(b.url);
      await signIn(onB, adminB, b.app);
      await onB.subscribe(runId, 0);
      await onB.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
      await onA.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
      await b.close();
      closed = true;
      await onA.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin');
    } finally {
      if (!closed) await b.close();
    }
  });

  it("expires another instance's viewers when it stops announcing them", async () => {
    const b = await startInstance({ LIVE_HEARTBEAT_MS: HEARTBEAT_MS });
    try {
      const runId = await newRun();
      const onB = await connect(b.url);
      await signIn(onB, adminB, b.app);
      await onB.subscribe(runId, 0);
      // An instance that announces a viewer once and then dies without a word.
      const ghost = {
        instanceId: 'ghost-instance',
        runId,
        seq: 1,
        viewers: [{ userId: 999_999, name: 'Gone Ghost', dragging: null }],
      };
      const from = onB.mark();
      await sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(ghost)})`.execute(t.database.db);
      await onB.waitFor(
        (m) => m.type === 'presence' && m.runId === runId && names(m.viewers).join() === 'Bea Boss,Gone Ghost',
        { from },
      );
      await onB.waitForPresence(runId, (v) => names(v).join() === 'Bea Boss');
    } finally {
      await b.close();
    }
  });

  // Notifications can be lost: on a server when the LISTEN connection drops (cut here for real), in
  // embedded mode only when the log is written without NOTIFY (done here by hand). Either way the next
  // pump reads the stream from each socket's last version, so nothing is missed and nothing repeats.
  it('keeps delivering, without gaps, after notifications were lost', async () => {
    const b = await startInstance();
    try {
      const runId = await newRun();
      const onB = await connect(b.url);
      await onB.subscribe(runId, 0);
      await appendEvents(runId, 1);
      await onB.waitForVersion(runId, 1);
      if (onServer) {
        const killed = await sql<{ killed: boolean }>`
          select pg_terminate_backend(pid) as killed from pg_stat_activity
          where application_name = 'firefit-live-hub' and datname = current_database()`.execute(t.database.db);
        expect(killed.rows.length).toBeGreaterThanOrEqual(2);
        // Appended while the hubs have no LISTEN connection: the re-read after reconnecting delivers them.
        await appendEvents(runId, 2);
      } else {
        // Two events whose announcements never happen (written past the event store, without NOTIFY).
        for (const version of [2, 3]) {
          await sql`insert into event_log (stream_id, stream_type, version, type, data, metadata)
            values (${runOrderStreamId(runId)}, ${RUN_ORDER_STREAM_TYPE}, ${version}, 'PositionMoved',
                    ${JSON.stringify({ slots: slotsAfter(version), sourcePosition: 1, targetPosition: 2, movedBy: adminA.id })}::jsonb, '{}'::jsonb)`.execute(
            t.database.db,
          );
        }
      }
      await appendEvents(runId, 1);
      await onB.waitForVersion(runId, 4);
      expect(onB.versions(runId)).toEqual([1, 2, 3, 4]);
    } finally {
      await b.close();
    }
  });
});

describe('live: public access to non-public events', () => {
  it("does not let the display follow a draft event's run; an admin still can", async () => {
    const draft = await insertEvent(t.database.db, { status: 'Draft' });
    const runId = (await insertRun(t.database.db, draft.id)).id;
    const anonymous = await connect();
    expect(await anonymous.subscribe(runId, 0)).toMatchObject({ type: 'error', code: 'RUN_NOT_FOUND', runId });
    const admin = await connect();
    await signIn(admin, adminA);
    expect(await admin.subscribe(runId, 0)).toMatchObject({ type: 'subscribed', access: 'admin' });
  });
});

describe('live: heartbeats and shutdown', () => {
  it('answers the client ping with pong', async () => {
    const client = await connect();
    expect(await client.request({ type: 'ping' }, (m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('cuts a socket that stops answering pings, and it leaves presence', async () => {
    const b = await startInstance({ LIVE_HEARTBEAT_MS: HEARTBEAT_MS });
    try {
      const runId = await newRun();
      const silent = await connect(b.url);
      await signIn(silent, adminA, b.app);
      await silent.subscribe(runId, 0);
      const healthy = await connect(b.url);
      await signIn(healthy, adminB, b.app);
      await healthy.subscribe(runId, 0);
      await healthy.waitForPresence(runId, (v) => names(v).join() === 'Ada Admin,Bea Boss');
      silent.answerPings = false;
      const closed = await silent.waitForClose();
      expect(closed.code).toBe(1006); // cut, no close handshake
      await healthy.waitForPresence(runId, (v) => names(v).join() === 'Bea Boss');
      expect(healthy.closed).toBeUndefined();
    } finally {
      await b.close();
    }
  });

  it('applies a changed role or a deactivation to open sockets within a heartbeat', async () => {
    const b = await startInstance({ LIVE_HEARTBEAT_MS: HEARTBEAT_MS });
    try {
      const runId = await newRun();
      const soonUser = await insertUser(t.database.db, { role: 'admin', first_name: 'Sol', last_name: 'Soon' });
      const soonGone = await insertUser(t.database.db, { role: 'admin', first_name: 'Gil', last_name: 'Gone' });
      const demoted = await connect(b.url);
      await signIn(demoted, soonUser, b.app);
      expect(await demoted.subscribe(runId, 0)).toMatchObject({ access: 'admin' });
      const deactivated = await connect(b.url);
      await signIn(deactivated, soonGone, b.app);
      expect(await deactivated.subscribe(runId, 0)).toMatchObject({ access: 'admin' });

      const fromDemoted = demoted.mark();
      const fromDeactivated = deactivated.mark();
      await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', soonUser.id).execute();
      await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', soonGone.id).execute();
      expect(await demoted.waitFor((m) => m.type === 'authenticated', { from: fromDemoted })).toMatchObject({
        role: 'user',
      });
      expect(await demoted.waitFor((m) => m.type === 'subscribed', { from: fromDemoted })).toMatchObject({
        runId,
        access: 'public',
      });
      expect(await deactivated.waitFor((m) => m.type === 'error', { from: fromDeactivated })).toMatchObject({
        code: 'UNAUTHORIZED',
      });
      expect(await deactivated.waitFor((m) => m.type === 'subscribed', { from: fromDeactivated })).toMatchObject({
        runId,
        access: 'public',
      });
      await appendEvents(runId, 1);
      const event = (await deactivated.waitForVersion(runId, 1)) as Extract<LiveServerMessage, { type: 'event' }>;
      expect(event.event).not.toHaveProperty('actorId');
    } finally {
      await b.close();
    }
  });

  it('closes its sockets with 1001 when the app closes', async () => {
    const b = await startInstance();
    const client = await connect(b.url);
    const runId = await newRun();
    await client.subscribe(runId, 0);
    await b.close();
    expect(await client.waitForClose()).toMatchObject({ code: 1001 });
  });
});

describe('live: results (every result stream of a run)', () => {
  /** A run with `count` confirmed entrants (plain registrations; results need no run order). */
  async function resultsRun(count: number) {
    const { insertRegistration } = await import('../support/factories.ts');
    const runId = await newRun();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const person = await insertUser(t.database.db, { first_name: 'Runner', last_name: `${i + 1}` });
      ids.push((await insertRegistration(t.database.db, { runId, userId: person.id })).id);
    }
    return { runId, ids };
  }
  const call = async (method: 'POST' | 'PUT', path: string, payload: object, user = adminA) => {
    const res = await t.app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${await tokenFor(t.app, user)}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { version: number };
  };
  const resultEvents = (client: LiveTestClient, runId: number, registrationId: number) =>
    client.messages.flatMap((m) =>
      m.type === 'event' && m.stream === 'results' && m.runId === runId && m.registrationId === registrationId
        ? [m.event]
        : [],
    );
  const subscribeResults = (client: LiveTestClient, runId: number, versions?: Record<string, number>) =>
    client.request(
      { type: 'subscribe', stream: 'results', runId, ...(versions ? { versions } : {}) },
      (m) => (m.type === 'subscribed' || m.type === 'error') && m.runId === runId && m.stream === 'results',
    );

  it('sends admins whole events and the display only public fields, and follows a result recorded later', async () => {
    const { runId, ids } = await resultsRun(2);
    const [first, second] = ids as [number, number];
    await call('POST', '/api/results', { expectedVersion: 0, registrationId: first, rawTime: '1:47.32' });

    const admin = await connect();
    await signIn(admin, adminA);
    expect(await subscribeResults(admin, runId)).toMatchObject({
      access: 'admin',
      versions: { [String(first)]: 1 },
    });
    const display = await connect();
    expect(await subscribeResults(display, runId)).toMatchObject({
      access: 'public',
      versions: { [String(first)]: 1 },
    });

    expect(resultEvents(admin, runId, first)).toMatchObject([
      { version: 1, type: 'ResultRecorded', actorId: adminA.id, data: { rawTimeMs: 107_320, enteredBy: adminA.id } },
    ]);
    const [publicRecorded] = resultEvents(display, runId, first);
    expect(publicRecorded).toMatchObject({ version: 1, type: 'ResultRecorded', data: { rawTimeMs: 107_320 } });
    expect(publicRecorded?.data).not.toHaveProperty('enteredBy');
    expect(publicRecorded).not.toHaveProperty('actorId');

    // A first result of another entrant: a new stream of the run, followed from its first event.
    await call('POST', '/api/results', { expectedVersion: 0, registrationId: second, rawTime: '1:50.00' });
    await admin.waitFor((m) => m.type === 'event' && m.registrationId === second);
    await display.waitFor((m) => m.type === 'event' && m.registrationId === second);

    // A validation by a second official: admins see who; the display sees that it happened.
    await call('POST', `/api/results/${first}/validate`, { expectedVersion: 1 }, adminB);
    await admin.waitFor((m) => m.type === 'event' && m.registrationId === first && m.event.version === 2);
    await display.waitFor((m) => m.type === 'event' && m.registrationId === first && m.event.version === 2);
    expect(resultEvents(admin, runId, first)[1]).toMatchObject({
      type: 'ResultValidated',
      data: { validatedBy: adminB.id },
    });
    expect(resultEvents(display, runId, first)[1]).toMatchObject({ type: 'ResultValidated', data: {} });

    // Corrections carry a reason: never public.
    await call('PUT', `/api/results/${second}`, { expectedVersion: 1, rawTime: '1:49.00', reason: 'Printout' });
    await display.waitFor((m) => m.type === 'event' && m.registrationId === second && m.event.version === 2);
    await admin.waitFor((m) => m.type === 'event' && m.registrationId === second && m.event.version === 2);
    expect(JSON.stringify(display.messages)).not.toContain('Printout');
    expect(JSON.stringify(display.messages)).not.toContain('correctedBy');
    expect(resultEvents(admin, runId, second).map((e) => e.version)).toEqual([1, 2]);
    expect(resultEvents(display, runId, second).map((e) => e.version)).toEqual([1, 2]);
  });

  it('sends the public nothing while the run is held; admins still get every change', async () => {
    const { runId, ids } = await resultsRun(1);
    const [id] = ids as [number];
    await call('POST', '/api/results', { expectedVersion: 0, registrationId: id, rawTime: '2:00.00' });
    const admin = await connect();
    await signIn(admin, adminA);
    await subscribeResults(admin, runId);
    const display = await connect();
    await subscribeResults(display, runId);
    await display.waitFor((m) => m.type === 'event' && m.registrationId === id);

    await call('PUT', `/api/results/run/${runId}/hold`, { held: true });
    await call('POST', `/api/results/${id}/penalties`, { expectedVersion: 1, infraction: 'false-start' });
    await admin.waitFor((m) => m.type === 'event' && m.registrationId === id && m.event.version === 2);
    await call('PUT', `/api/results/run/${runId}/hold`, { held: false });
    await call('POST', `/api/results/${id}/penalties`, { expectedVersion: 2, infraction: 'false-start' });
    await display.waitFor((m) => m.type === 'event' && m.registrationId === id && m.event.version === 3);
    expect(resultEvents(display, runId, id).map((e) => e.version)).toEqual([1, 3]);
    expect(resultEvents(admin, runId, id).map((e) => e.version)).toEqual([1, 2, 3]);
  });

  it('catches up from the versions a client holds after it refetched its view', async () => {
    const { runId, ids } = await resultsRun(2);
    const [a, b] = ids as [number, number];
    await call('POST', '/api/results', { expectedVersion: 0, registrationId: a, rawTime: '1:40.00' });
    await call('POST', `/api/results/${a}/penalties`, { expectedVersion: 1, infraction: 'target-missed' });
    await call('POST', '/api/results', { expectedVersion: 0, registrationId: b, rawTime: '1:41.00' });
    const client = await connect();
    await signIn(client, adminA);
    // The client's view had a at version 1 and no result for b.
    expect(await subscribeResults(client, runId, { [String(a)]: 1 })).toMatchObject({
      versions: { [String(a)]: 2, [String(b)]: 1 },
    });
    expect(resultEvents(client, runId, a).map((e) => e.version)).toEqual([2]);
    expect(resultEvents(client, runId, b).map((e) => e.version)).toEqual([1]);
    // A run-order subscription of the same run is a separate one.
    expect(await client.subscribe(runId, 0)).toMatchObject({ type: 'subscribed', version: 0 });
    expect(client.messages.some((m) => m.type === 'subscribed' && m.runId === runId && !('stream' in m))).toBe(true);
  });

  it("refuses the display a draft event's results, as its run order", async () => {
    const draft = await insertEvent(t.database.db, { status: 'Draft' });
    const runId = (await insertRun(t.database.db, draft.id)).id;
    const display = await connect();
    expect(await subscribeResults(display, runId)).toMatchObject({ type: 'error', code: 'RUN_NOT_FOUND' });
  });
});

describe("live: a run's registrations (the board's and the display's entries, decision 043)", () => {
  const subscribeEntries = (client: LiveTestClient, runId: number, versions?: Record<string, number>) =>
    client.request(
      { type: 'subscribe', stream: 'registrations', runId, ...(versions ? { versions } : {}) },
      (m) => (m.type === 'subscribed' || m.type === 'error') && m.runId === runId && m.stream === 'registrations',
    );
  const entryEvents = (client: LiveTestClient, runId: number, registrationId: number) =>
    client.messages.flatMap((m) =>
      m.type === 'event' && m.stream === 'registrations' && m.runId === runId && m.registrationId === registrationId
        ? [m.event]
        : [],
    );

  it('starts from now, then tells the board and the display of a cancellation and of a new registration', async () => {
    const runId = await newRun();
    const person = await insertUser(t.database.db, { first_name: 'Placed', last_name: 'Runner' });
    const placed = await insertRegistration(t.database.db, { runId, userId: person.id });

    const board = await connect();
    await signIn(board, adminA);
    expect(await subscribeEntries(board, runId)).toMatchObject({
      access: 'admin',
      versions: { [String(placed.id)]: 1 },
    });
    const display = await connect();
    expect(await subscribeEntries(display, runId)).toMatchObject({ access: 'public' });
    // From now: the registration's history before the subscription is not sent again.
    expect(entryEvents(board, runId, placed.id)).toEqual([]);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/registrations/${placed.id}/cancel`,
      headers: { authorization: `Bearer ${await tokenFor(t.app, adminA)}` },
      payload: { reason: 'Injured in warm-up' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await board.waitFor((m) => m.type === 'event' && m.stream === 'registrations' && m.registrationId === placed.id);
    await display.waitFor((m) => m.type === 'event' && m.stream === 'registrations' && m.registrationId === placed.id);
    expect(entryEvents(board, runId, placed.id)).toMatchObject([{ version: 2, type: 'RegistrationCancelled' }]);
    // The public hears that something changed, never who or why.
    expect(entryEvents(display, runId, placed.id)).toMatchObject([
      { version: 2, type: 'RegistrationCancelled', data: {} },
    ]);
    expect(JSON.stringify(display.messages)).not.toContain('Injured');
    expect(entryEvents(display, runId, placed.id)[0]).not.toHaveProperty('actorId');

    // A new registration of the run: a new stream, followed from its first event.
    const newcomer = await insertUser(t.database.db, { first_name: 'Late', last_name: 'Comer' });
    const late = await insertRegistration(t.database.db, { runId, userId: newcomer.id });
    await board.waitFor((m) => m.type === 'event' && m.stream === 'registrations' && m.registrationId === late.id);
    await display.waitFor((m) => m.type === 'event' && m.stream === 'registrations' && m.registrationId === late.id);
    expect(entryEvents(board, runId, late.id)).toMatchObject([{ version: 1, type: 'RegistrationSubmitted' }]);
  });

  it('catches up from the versions a client holds after a reconnection', async () => {
    const runId = await newRun();
    const person = await insertUser(t.database.db, {});
    const entry = await insertRegistration(t.database.db, { runId, userId: person.id });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/registrations/${entry.id}/cancel`,
      headers: { authorization: `Bearer ${await tokenFor(t.app, adminA)}` },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = await connect();
    expect(await subscribeEntries(client, runId, { [String(entry.id)]: 1 })).toMatchObject({
      versions: { [String(entry.id)]: 2 },
    });
    expect(entryEvents(client, runId, entry.id).map((e) => e.version)).toEqual([2]);
  });

  it("refuses the display a draft event's registrations, as its run order", async () => {
    const draft = await insertEvent(t.database.db, { status: 'Draft' });
    const runId = (await insertRun(t.database.db, draft.id)).id;
    const display = await connect();
    expect(await subscribeEntries(display, runId)).toMatchObject({ type: 'error', code: 'RUN_NOT_FOUND' });
  });
});
