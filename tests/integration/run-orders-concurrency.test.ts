import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import { openPostgres } from '../../api/db/database.ts';
import type { User } from '../../api/db/schema.ts';
import { foldRunOrder } from '../../api/domain/run-orders/evolve.ts';
import { readStream } from '../../api/event-store/store.ts';
import { bearer, createTestApp, sessionsWritten, type TestApp, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';
import { LiveTestClient, liveUrl } from '../support/live-client.ts';

/**
 * Admins edit one run order at once, random commands each, every command against the version the admin
 * last saw. Nothing may be lost: each accepted command's events are in the log exactly once, each
 * refused one got a 409 (a stale version, or a lock or empty undo stack met at that version), and every
 * admin's live socket ends holding exactly the server's arrangement.
 *
 * On a PostgreSQL server, eight admins with 200 commands each, and a pool wider than the admins, so their
 * transactions really run side by side. PGlite has one connection, so there it proves ordering only, on a
 * few commands: sent at once at one version, exactly one applies and the others get 409 VERSION_CONFLICT;
 * then a short random mix with the same checks.
 */

const onServer = inject('testDatabase').kind === 'server';
const ADMINS = onServer ? 8 : 4;
const COMMANDS_EACH = onServer ? 200 : 10;

let t: TestApp;
let admins: User[];
let runId: number;

beforeAll(async () => {
  const own = await testDatabase();
  let database: TestDatabase = own;
  if (own.url) {
    const wide = await openPostgres(own.url, ADMINS * 2 + 4);
    await own.close();
    database = { ...wide, url: own.url, dispose: () => wide.close().then(() => own.dispose()) };
  }
  t = await createTestApp({ database });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;
  admins = [];
  for (let i = 0; i < ADMINS; i++)
    admins.push(await insertUser(db, { role: i % 2 ? 'admin' : 'super-admin', first_name: `Admin${i}` }));
  const event = await insertEvent(db);
  const run = await insertRun(db, event.id, { type: 'relay', category: 'Men', participant_limit: 1000 });
  runId = run.id;
  const departments = [
    await insertDepartment(db, { name: 'North Fire' }),
    await insertDepartment(db, { name: 'South Fire' }),
  ];
  for (let i = 0; i < 24; i++) {
    const captain = await insertUser(db);
    const team = await insertTeam(db, {
      captain_id: captain.id,
      name: `Crew ${i + 1}`,
      department_id: departments[i % 2]?.id ?? null,
      run_type: 'relay',
    });
    await insertRegistration(db, { runId, teamId: team.id });
  }
});
afterAll(async () => {
  await t?.close();
});

/** A small seeded random source, so a failing run can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Step = { method: 'POST' | 'PATCH'; path: string; body: Record<string, unknown> };

/** A command that is valid for the arrangement the admin sees (positions, heats and entries in range). */
function randomStep(view: RunOrderView, next: () => number): Step {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const length = view.slots.length;
  const position = () => 1 + Math.floor(next() * length);
  const placed = view.slots.filter((id): id is number => id !== null);
  const choices: Array<() => Step> = [
    () => ({
      method: 'PATCH',
      path: '/positions/move',
      body: { sourcePosition: position(), targetPosition: position() },
    }),
    () => ({
      method: 'PATCH',
      path: '/positions/move',
      body: { sourcePosition: position(), targetPosition: position() },
    }),
    () => ({ method: 'PATCH', path: '/positions/lock', body: { positions: [position()] } }),
    () => ({
      method: 'PATCH',
      path: '/positions/unlock',
      body: { positions: view.lockedPositions.length ? [pick(view.lockedPositions)] : [position()] },
    }),
    () => ({ method: 'PATCH', path: `/pairs/${1 + Math.floor(next() * Math.ceil(length / 2))}/lock`, body: {} }),
    () => ({
      method: 'PATCH',
      path: `/pairs/${view.lockedPairs.length ? pick(view.lockedPairs) : 1}/unlock`,
      body: {},
    }),
    () => ({
      method: 'PATCH',
      path: '/heats/move',
      body: {
        sourceHeatNumber: 1 + Math.floor(next() * view.heats.length),
        targetHeatNumber: 1 + Math.floor(next() * view.heats.length),
      },
    }),
    () => ({ method: 'POST', path: '/undo', body: {} }),
    () => ({ method: 'POST', path: '/redo', body: {} }),
    () =>
      view.unplaced.length
        ? { method: 'POST', path: `/registrations/${pick(view.unplaced).registrationId}/insert`, body: {} }
        : { method: 'POST', path: '/undo', body: {} },
    () =>
      placed.length
        ? { method: 'POST', path: `/registrations/${pick(placed)}/remove`, body: {} }
        : { method: 'POST', path: '/redo', body: {} },
  ];
  return pick(choices)();
}

/** What the admins send, and what it did: each accepted change with the versions its answer moved between. */
interface Edits {
  accepted: Array<{ commandId: string; from: number; to: number }>;
}

const base = () => `/api/run-orders/run/${runId}`;
const as = (admin: User) => bearer(t.app, admin);

/** An empty board of 20 positions (version 1), and a live socket per admin following it from the start. */
async function boardWithSockets(): Promise<{ created: RunOrderView; sockets: LiveTestClient[] }> {
  const created = await t.app.inject({
    method: 'POST',
    url: `${base()}/create-empty`,
    headers: as(admins[0] as User),
    payload: { expectedVersion: 0, positions: 20 },
  });
  expect(created.statusCode, created.body).toBe(200);
  const sockets: LiveTestClient[] = [];
  for (const admin of admins) {
    const socket = await LiveTestClient.connect(liveUrl(t.app));
    const token = as(admin).authorization.slice('Bearer '.length);
    await sessionsWritten(t.app); // the token leaves the process: its session first (decision 025)
    await socket.request({ type: 'auth', token }, (m) => m.type === 'authenticated' || m.type === 'error');
    expect(await socket.subscribe(runId, 0)).toMatchObject({ type: 'subscribed', access: 'admin' });
    sockets.push(socket);
  }
  return { created: created.json(), sockets };
}

/** Every admin sends COMMANDS_EACH random commands, all at once, each at the version it last saw. */
async function randomEdits(start: RunOrderView, edits: Edits): Promise<void> {
  const refusals: Record<string, number> = {};
  const unexpected: string[] = [];
  let unchanged = 0;
  const accepted: Edits['accepted'] = [];

  await Promise.all(
    admins.map(async (admin, index) => {
      const next = random(1000 + index);
      let view: RunOrderView = start;
      for (let i = 0; i < COMMANDS_EACH; i++) {
        const step = randomStep(view, next);
        const commandId = `admin${index}-cmd${i}`;
        const res = await t.app.inject({
          method: step.method,
          url: `${base()}${step.path}`,
          headers: as(admin),
          payload: { ...step.body, expectedVersion: view.version, commandId },
        });
        if (res.statusCode === 200) {
          const after: RunOrderView = res.json();
          if (after.version > view.version) accepted.push({ commandId, from: view.version, to: after.version });
          else unchanged++;
          view = after;
          continue;
        }
        if (res.statusCode !== 409) {
          unexpected.push(`${res.statusCode} ${step.method} ${step.path} ${JSON.stringify(step.body)}: ${res.body}`);
        } else {
          const code = res.json().code as string;
          refusals[code] = (refusals[code] ?? 0) + 1;
        }
        const fresh = await t.app.inject({ method: 'GET', url: `${base()}/full`, headers: as(admin) });
        view = fresh.json();
      }
    }),
  );

  expect(unexpected).toEqual([]);
  // Every command was either accepted (changing something or nothing) or refused with a 409.
  const refused = Object.values(refusals).reduce((n, k) => n + k, 0);
  expect(accepted.length + unchanged + refused).toBe(ADMINS * COMMANDS_EACH);
  expect(accepted.length).toBeGreaterThan(0);
  expect(refusals.VERSION_CONFLICT ?? 0).toBeGreaterThan(0);
  edits.accepted.push(...accepted);
}

/** Each accepted change is in the log once, in order, and every socket ends with the server arrangement. */
async function nothingLost(edits: Edits, sockets: LiveTestClient[]): Promise<void> {
  // Every accepted change is in the log once, at the versions its answer named, under its command id.
  const log = await readStream(t.database.db, `run-order:${runId}`);
  expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
  const byCommand = new Map<string, number[]>();
  for (const event of log) {
    const id = event.metadata.commandId;
    if (typeof id === 'string') byCommand.set(id, [...(byCommand.get(id) ?? []), event.version]);
  }
  for (const change of edits.accepted) {
    expect(byCommand.get(change.commandId), change.commandId).toEqual(
      Array.from({ length: change.to - change.from }, (_, k) => change.from + k + 1),
    );
  }
  expect(log.length).toBe(1 + edits.accepted.reduce((n, c) => n + (c.to - c.from), 0));

  const final: RunOrderView = (
    await t.app.inject({ method: 'GET', url: `${base()}/full`, headers: as(admins[0] as User) })
  ).json();
  expect(final.version).toBe(log.length);
  for (const socket of sockets) {
    await socket.waitForVersion(runId, final.version, { timeoutMs: 60_000 });
    const versions = socket.versions(runId);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    const folded = foldRunOrder(socket.events(runId).map((e) => ({ type: e.type, data: e.data, version: e.version })));
    expect(folded.slots).toEqual(final.slots);
    expect(folded.lockedPositions).toEqual(final.lockedPositions);
    expect(folded.lockedPairs).toEqual(final.lockedPairs);
    socket.close();
  }
}

// The test set is chosen by the database at collection time: each project runs every test it collects.
if (onServer) {
  describe('eight admins on one board', () => {
    it('lose no change, refuse only with 409, and every socket ends with the server arrangement', async () => {
      const { created, sockets } = await boardWithSockets();
      const edits: Edits = { accepted: [] };
      await randomEdits(created, edits);
      await nothingLost(edits, sockets);
      // 1,600 commands plus the refreshes after each refusal: minutes on a busy machine, never a measurement.
    }, 300_000);
  });
} else {
  describe("four admins on one board, on PGlite's one connection", () => {
    it('commands sent at once apply one after another: one per version, the others refused, none lost', async () => {
      const { created, sockets } = await boardWithSockets();
      const edits: Edits = { accepted: [] };
      // Rounds of one change per admin (each places a different team), all sent at once at the same
      // version: exactly one applies, at the next version; the others are refused as stale.
      let version = created.version;
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          admins.map((admin, index) => {
            const team = created.unplaced[round * ADMINS + index]?.registrationId;
            return t.app.inject({
              method: 'POST',
              url: `${base()}/registrations/${team}/insert`,
              headers: as(admin),
              payload: { expectedVersion: version, commandId: `round${round}-admin${index}` },
            });
          }),
        );
        const statuses = answers.map((res) => `${res.statusCode} ${res.json().code ?? res.json().version}`);
        const won = answers.flatMap((res, index) => (res.statusCode === 200 ? [index] : []));
        expect(won, statuses.join(', ')).toHaveLength(1);
        const winner = answers[won[0] as number];
        expect(winner?.json().version).toBe(version + 1);
        for (const res of answers.filter((r) => r !== winner)) {
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: version + 1 } });
        }
        edits.accepted.push({ commandId: `round${round}-admin${won[0]}`, from: version, to: version + 1 });
        version++;
      }
      const current: RunOrderView = (
        await t.app.inject({ method: 'GET', url: `${base()}/full`, headers: as(admins[0] as User) })
      ).json();
      await randomEdits(current, edits);
      await nothingLost(edits, sockets);
    });
  });
}
