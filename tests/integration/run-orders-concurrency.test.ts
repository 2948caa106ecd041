import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Eight admins edit one run order at once, 200 random commands each, every command against the version
 * the admin last saw. Nothing may be lost: each accepted command's events are in the log exactly once,
 * each refused one got a 409 (a stale version, or a lock or empty undo stack met at that version), and
 * every admin's live socket ends holding exactly the server's arrangement. On a PostgreSQL server the
 * app gets a pool wider than the admins, so their transactions really run side by side.
 */

const ADMINS = 8;
const COMMANDS_EACH = 200;

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

describe('eight admins on one board', () => {
  it('lose no change, refuse only with 409, and every socket ends with the server arrangement', async () => {
    const base = `/api/run-orders/run/${runId}`;
    const as = (admin: User) => bearer(t.app, admin);
    const first = admins[0] as User;
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/create-empty`,
      headers: as(first),
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

    const accepted: Array<{ commandId: string; from: number; to: number }> = [];
    const refusals: Record<string, number> = {};
    const unexpected: string[] = [];
    let unchanged = 0;

    await Promise.all(
      admins.map(async (admin, index) => {
        const next = random(1000 + index);
        let view: RunOrderView = created.json();
        for (let i = 0; i < COMMANDS_EACH; i++) {
          const step = randomStep(view, next);
          const commandId = `admin${index}-cmd${i}`;
          const res = await t.app.inject({
            method: step.method,
            url: `${base}${step.path}`,
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
          const fresh = await t.app.inject({ method: 'GET', url: `${base}/full`, headers: as(admin) });
          view = fresh.json();
        }
      }),
    );

    expect(unexpected).toEqual([]);
    // Every accepted change is in the log once, at the versions its answer named, under its command id.
    const log = await readStream(t.database.db, `run-order:${runId}`);
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    const byCommand = new Map<string, number[]>();
    for (const event of log) {
      const id = event.metadata.commandId;
      if (typeof id === 'string') byCommand.set(id, [...(byCommand.get(id) ?? []), event.version]);
    }
    for (const change of accepted) {
      expect(byCommand.get(change.commandId), change.commandId).toEqual(
        Array.from({ length: change.to - change.from }, (_, k) => change.from + k + 1),
      );
    }
    expect(log.length).toBe(1 + accepted.reduce((n, c) => n + (c.to - c.from), 0));
    // Every command was either accepted (changing something or nothing) or refused with a 409.
    const refused = Object.values(refusals).reduce((n, k) => n + k, 0);
    expect(accepted.length + unchanged + refused).toBe(ADMINS * COMMANDS_EACH);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refusals.VERSION_CONFLICT ?? 0).toBeGreaterThan(0);

    const final: RunOrderView = (await t.app.inject({ method: 'GET', url: `${base}/full`, headers: as(first) })).json();
    expect(final.version).toBe(log.length);
    for (const socket of sockets) {
      await socket.waitForVersion(runId, final.version, { timeoutMs: 60_000 });
      const versions = socket.versions(runId);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      const folded = foldRunOrder(
        socket.events(runId).map((e) => ({ type: e.type, data: e.data, version: e.version })),
      );
      expect(folded.slots).toEqual(final.slots);
      expect(folded.lockedPositions).toEqual(final.lockedPositions);
      expect(folded.lockedPairs).toEqual(final.lockedPairs);
      socket.close();
    }
    // 1,600 commands plus the refreshes after each refusal: minutes on a busy machine, never a measurement.
  }, 300_000);
});
