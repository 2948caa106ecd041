import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveServerMessage } from '../../api/contracts/live.ts';
import type { Role } from '../../api/db/schema.ts';
import { RUN_ORDER_STREAM_TYPE, runOrderStreamId } from '../../api/domain/run-orders/events.ts';
import { append, streamVersion } from '../../api/event-store/store.ts';
import { appOn, sessionsWritten, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';
import { LiveTestClient, liveUrl } from '../support/live-client.ts';
import { type CountedDatabase, countStatements } from '../support/statements.ts';

/**
 * The live socket's access over time and its bounds per client address (docs/decisions/071): a
 * subscription ends when the account that opened it may no longer follow the run, nothing of a run whose
 * results are held reaches the public, one address has a bounded number of sockets and subscriptions,
 * and a catch-up read of a stream is shared by the sockets that ask for it. Real app, real sockets, the
 * real database of the pass; statements are counted through the app's own Kysely.
 */

let database: TestDatabase;
let counted: CountedDatabase<TestDatabase>;
const apps: FastifyInstance[] = [];
let app: FastifyInstance;
let url: string;
let admin: { id: number; role: Role };
const clients: LiveTestClient[] = [];

async function startApp(env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance; url: string }> {
  const started = await appOn(counted.handle, { env });
  apps.push(started);
  await started.listen({ port: 0, host: '127.0.0.1' });
  return { app: started, url: liveUrl(started) };
}

beforeAll(async () => {
  database = await testDatabase();
  counted = countStatements(database);
  ({ app, url } = await startApp());
  admin = await insertUser(database.db, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  for (const started of apps) await started.close();
  await database?.dispose();
});

async function connect(to = url): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(to);
  clients.push(client);
  return client;
}

async function tokenFor(on: FastifyInstance, user: { id: number; role: Role }, expiresInSeconds?: number) {
  const token = on.jwt.sign(
    { sub: user.id, role: user.role },
    expiresInSeconds === undefined ? {} : { expiresIn: expiresInSeconds },
  );
  await sessionsWritten(on);
  return token;
}

async function signIn(client: LiveTestClient, user: { id: number; role: Role }, on = app, expiresIn?: number) {
  return client.request(
    { type: 'auth', token: await tokenFor(on, user, expiresIn) },
    (m) => m.type === 'authenticated' || m.type === 'error',
  );
}

async function runOf(status: 'Draft' | 'Confirmed' = 'Confirmed'): Promise<number> {
  const event = await insertEvent(database.db, { status });
  return (await insertRun(database.db, event.id)).id;
}

/** Appends `count` run-order events to the run's stream. */
async function appendEvents(runId: number, count = 1): Promise<number> {
  const streamId = runOrderStreamId(runId);
  return database.db.transaction().execute(async (trx) => {
    const current = await streamVersion(trx, streamId);
    const events = Array.from({ length: count }, (_, i) =>
      current + i === 0
        ? { type: 'RunOrderCreated', data: { heatSize: 3, slots: [1, null, null], createdBy: admin.id } }
        : { type: 'HeatSizeChanged', data: { heatSize: 3 + current + i, changedBy: admin.id } },
    );
    const result = await append(trx, {
      streamId,
      streamType: RUN_ORDER_STREAM_TYPE,
      expectedVersion: current,
      events,
      metadata: { actorId: admin.id, requestId: 'live-access-test' },
    });
    return result.version;
  });
}

const subscribe = (client: LiveTestClient, runId: number, stream?: 'results' | 'registrations') =>
  client.request(
    { type: 'subscribe', runId, ...(stream ? { stream } : {}) },
    (m) => (m.type === 'subscribed' || m.type === 'error') && m.runId === runId && m.stream === stream,
  );

const ended = (client: LiveTestClient, runId: number, stream?: string, from = 0) =>
  client.waitFor((m) => m.type === 'error' && m.code === 'RUN_NOT_FOUND' && m.runId === runId && m.stream === stream, {
    from,
  });

async function recordResult(runId: number): Promise<number> {
  const person = await insertUser(database.db, { first_name: 'Runner', last_name: 'One' });
  const registrationId = (await insertRegistration(database.db, { runId, userId: person.id })).id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/results',
    headers: { authorization: `Bearer ${await tokenFor(app, admin)}` },
    payload: { expectedVersion: 0, registrationId, rawTime: '1:47.32' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return registrationId;
}

describe('live: a subscription ends with the right to it (finding 1)', () => {
  it("ends an admin's subscriptions to a draft event's runs when the socket signs out; public ones go on", async () => {
    const hidden = await runOf('Draft');
    const open = await runOf('Confirmed');
    await appendEvents(hidden, 1);
    await appendEvents(open, 1);
    await recordResult(hidden);
    const client = await connect();
    await signIn(client, admin);
    expect(await subscribe(client, hidden)).toMatchObject({ type: 'subscribed', access: 'admin' });
    expect(await subscribe(client, hidden, 'results')).toMatchObject({ type: 'subscribed', access: 'admin' });
    expect(await subscribe(client, hidden, 'registrations')).toMatchObject({ type: 'subscribed', access: 'admin' });
    expect(await subscribe(client, open)).toMatchObject({ type: 'subscribed', access: 'admin' });

    const from = client.mark();
    client.send({ type: 'auth', token: 'not-a-token' });
    await client.waitFor((m) => m.type === 'error' && m.code === 'UNAUTHORIZED', { from });
    await ended(client, hidden, undefined, from);
    await ended(client, hidden, 'results', from);
    await ended(client, hidden, 'registrations', from);
    expect(await client.waitFor((m) => m.type === 'subscribed' && m.runId === open, { from })).toMatchObject({
      access: 'public',
    });

    // The draft run's new events go nowhere; the public run's still come, public.
    await appendEvents(hidden, 1);
    await appendEvents(open, 1);
    await client.waitForVersion(open, 2, { from });
    const after = client.messages.slice(from);
    expect(after.some((m) => m.type === 'event' && m.runId === hidden)).toBe(false);
    expect(after.some((m) => m.type === 'subscribed' && m.runId === hidden)).toBe(false);
  });

  it('ends them when the token expires, and when the account is demoted, within a heartbeat', async () => {
    // A heartbeat short enough to wait for, long enough for a busy machine to answer its pings.
    const b = await startApp({ LIVE_HEARTBEAT_MS: '1000' });
    const demotedUser = await insertUser(database.db, { role: 'admin', first_name: 'Sol', last_name: 'Soon' });
    const hidden = await runOf('Draft');
    await appendEvents(hidden, 1);

    const expiring = await connect(b.url);
    await signIn(expiring, admin, b.app, 2);
    expect(await subscribe(expiring, hidden)).toMatchObject({ access: 'admin' });
    const demoted = await connect(b.url);
    await signIn(demoted, demotedUser, b.app);
    expect(await subscribe(demoted, hidden, 'results')).toMatchObject({ access: 'admin' });

    const fromDemoted = demoted.mark();
    await database.db.updateTable('users').set({ role: 'user' }).where('id', '=', demotedUser.id).execute();
    await demoted.waitFor((m) => m.type === 'authenticated' && m.role === 'user', { from: fromDemoted });
    await ended(demoted, hidden, 'results', fromDemoted);

    await expiring.waitFor((m) => m.type === 'error' && m.code === 'TOKEN_EXPIRED');
    await ended(expiring, hidden);
    await appendEvents(hidden, 1);
    // A public run subscribed afterwards proves the socket is still served, and heard nothing of the draft.
    const open = await runOf('Confirmed');
    await appendEvents(open, 1);
    expect(await subscribe(expiring, open)).toMatchObject({ access: 'public' });
    expect(expiring.versions(hidden)).toEqual([1]);
    expect(
      expiring.messages.filter((m) => m.type === 'subscribed' && m.runId === hidden).map((m) => m.type),
    ).toHaveLength(1);
  });
});

describe('live: nothing of a held run reaches the public (finding 6)', () => {
  it("lists no entrant in a public `subscribed`, also after an admin's socket signs out", async () => {
    const runId = await runOf('Confirmed');
    const registrationId = await recordResult(runId);
    const held = await app.inject({
      method: 'PUT',
      url: `/api/results/run/${runId}/hold`,
      headers: { authorization: `Bearer ${await tokenFor(app, admin)}` },
      payload: { held: true },
    });
    expect(held.statusCode, held.body).toBe(200);

    const display = await connect();
    expect(await subscribe(display, runId, 'results')).toEqual({
      type: 'subscribed',
      stream: 'results',
      runId,
      version: 0,
      versions: {},
      access: 'public',
    });

    const official = await connect();
    await signIn(official, admin);
    expect(await subscribe(official, runId, 'results')).toMatchObject({
      access: 'admin',
      versions: { [String(registrationId)]: 1 },
    });
    const from = official.mark();
    official.send({ type: 'auth', token: 'not-a-token' });
    expect(await official.waitFor((m) => m.type === 'subscribed' && m.stream === 'results', { from })).toMatchObject({
      access: 'public',
      versions: {},
    });
  });
});

describe('live: bounded work per client address (finding 3)', () => {
  it('refuses a socket beyond the per-address limit with a clear message, and takes one again once another closed', async () => {
    const b = await startApp({ LIVE_SOCKETS_PER_ADDRESS: '2' });
    const first = await connect(b.url);
    await connect(b.url);
    // Refused: told why, then closed (no `ready`).
    const refused = new WebSocket(b.url);
    const said: LiveServerMessage[] = [];
    refused.on('message', (data) => said.push(JSON.parse(data.toString()) as LiveServerMessage));
    const code = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Not closed; got ${JSON.stringify(said)}`)), 15_000);
      refused.once('close', (closeCode) => {
        clearTimeout(timer);
        resolve(closeCode);
      });
      refused.once('error', reject);
    });
    expect(code).toBe(1008);
    expect(said).toEqual([
      { type: 'error', code: 'TOO_MANY_SOCKETS', message: expect.stringContaining('At most 2 live connections') },
    ]);
    first.close();
    await first.waitForClose();
    const again = await connect(b.url);
    expect(await again.request({ type: 'ping' }, (m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });

  it("refuses subscriptions beyond the per-address limit across the address's sockets; admins are not held back", async () => {
    const b = await startApp({ LIVE_SUBSCRIPTIONS_PER_ADDRESS: '3' });
    const runs = [await runOf(), await runOf(), await runOf(), await runOf()];
    const [r1, r2, r3, r4] = runs as [number, number, number, number];
    const phone = await connect(b.url);
    const otherPhone = await connect(b.url);
    expect(await subscribe(phone, r1)).toMatchObject({ type: 'subscribed' });
    expect(await subscribe(phone, r2, 'results')).toMatchObject({ type: 'subscribed' });
    expect(await subscribe(otherPhone, r3)).toMatchObject({ type: 'subscribed' });
    expect(await subscribe(otherPhone, r4)).toMatchObject({
      type: 'error',
      code: 'TOO_MANY_SUBSCRIPTIONS',
      message: expect.stringContaining('3'),
    });
    // Subscribing again to a run already followed is no new subscription.
    expect(await subscribe(phone, r1)).toMatchObject({ type: 'subscribed' });
    const board = await connect(b.url);
    await signIn(board, admin, b.app);
    expect(await subscribe(board, r4)).toMatchObject({ type: 'subscribed', access: 'admin' });
    // One unsubscribe frees a place.
    otherPhone.send({ type: 'unsubscribe', runId: r3 });
    expect(await subscribe(otherPhone, r4)).toMatchObject({ type: 'subscribed' });
  });

  it("serves one stream's catch-up to many sockets from one read of the log", async () => {
    const runId = await runOf();
    await appendEvents(runId, 5);
    const readsOfRun = () =>
      counted.statements.filter((sql) => sql.includes('"event_log"') && !sql.includes('max(')).length;
    const sockets = await Promise.all(Array.from({ length: 12 }, () => connect()));
    counted.reset();
    // One after the other: nothing is at the same time, yet the log is read once.
    for (const socket of sockets) {
      expect(await subscribe(socket, runId)).toMatchObject({ type: 'subscribed', version: 5 });
      expect(socket.versions(runId)).toEqual([1, 2, 3, 4, 5]);
    }
    expect(readsOfRun()).toBe(1);

    // A new event is read once more for all of them, and a socket that comes after is served from it.
    await appendEvents(runId, 1);
    await Promise.all(sockets.map((socket) => socket.waitForVersion(runId, 6)));
    const late = await connect();
    await subscribe(late, runId);
    expect(late.versions(runId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(readsOfRun()).toBe(2);
  });
});
