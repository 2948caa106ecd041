import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Department, EventRow, Run, User } from '../../api/db/schema.ts';
import { foldRunOrder } from '../../api/domain/run-orders/evolve.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { readStream } from '../../api/event-store/store.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { callAs, createTestApp, type Method, type TestApp } from '../support/app.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/** Run orders through HTTP on the real app and database: every command, its rules, its history. */

let t: TestApp;
let admin: User;
let otherAdmin: User;
let user: User;
let event: EventRow;
let departments: Department[];

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  otherAdmin = await insertUser(db(), { role: 'super-admin', first_name: 'Sam', last_name: 'Lee' });
  user = await insertUser(db(), { role: 'user' });
  event = await insertEvent(db(), { name: 'Kamloops Challenge' });
  departments = [
    await insertDepartment(db(), { name: 'Kamloops Fire' }),
    await insertDepartment(db(), { name: 'Halifax Fire' }),
  ];
});
afterAll(async () => {
  await t?.close();
});

/** A relay run with `count` confirmed team registrations, alternating departments. */
async function runWith(count: number, overrides: Partial<Run> = {}) {
  const run = await insertRun(db(), event.id, {
    type: 'relay',
    category: 'Men',
    participant_limit: 1000,
    ...overrides,
  });
  const registrations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const captain = await insertUser(db());
    const team = await insertTeam(db(), {
      captain_id: captain.id,
      name: `Engine ${i + 1}`,
      department_id: departments[i % 2]?.id ?? null,
      run_type: 'relay',
    });
    registrations.push((await insertRegistration(db(), { runId: run.id, teamId: team.id })).id);
  }
  return { run, registrations };
}

const base = (runId: number) => `/api/run-orders/run/${runId}`;
/** A call as `caller` (admin unless told; null: anonymous). */
const send = (method: Method, url: string, payload?: unknown, caller: User | null = admin) =>
  callAs(t.app, method, url, caller ?? undefined, payload);

async function view(runId: number): Promise<RunOrderView> {
  const res = await send('GET', `${base(runId)}/full`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A command that must succeed; answers the new view. */
async function ok(
  method: Method,
  runId: number,
  path: string,
  body: Record<string, unknown> = {},
  caller: User = admin,
): Promise<RunOrderView> {
  const version = body.expectedVersion ?? (await view(runId)).version;
  const res = await send(method, `${base(runId)}${path}`, { ...body, expectedVersion: version }, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function refused(
  method: Method,
  runId: number,
  path: string,
  body: Record<string, unknown>,
  status: number,
  code: string,
) {
  const version = (await view(runId)).version;
  const res = await send(method, `${base(runId)}${path}`, { expectedVersion: version, ...body });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json();
}

describe('creating and generating', () => {
  it('starts with no order; create-empty makes whole pairs for the confirmed entries', async () => {
    const { run, registrations } = await runWith(5);
    const before = await view(run.id);
    expect(before).toMatchObject({
      exists: false,
      version: 0,
      slots: [],
      runName: run.name,
      eventName: 'Kamloops Challenge',
    });
    expect(before.unplaced.map((e) => e.registrationId).sort()).toEqual([...registrations].sort());

    const created = await ok('POST', run.id, '/create-empty');
    expect(created).toMatchObject({
      exists: true,
      version: 1,
      heatSize: 3,
      slots: [null, null, null, null, null, null],
    });
    expect(created.positions[0]).toMatchObject({
      position: 1,
      pair: 1,
      heat: 1,
      lane: 'left',
      entry: null,
      locked: false,
    });
    expect(created.positions[1]).toMatchObject({ position: 2, pair: 1, lane: 'right' });
    expect(created.lastChange).toMatchObject({
      type: 'RunOrderCreated',
      version: 1,
      actor: { id: admin.id, name: 'Alex Morgan' },
    });
    await refused('POST', run.id, '/create-empty', {}, 409, 'RUN_ORDER_EXISTS');
  });

  it('generates every confirmed entry exactly once, reproducibly with a seed, and records the rule', async () => {
    const { run, registrations } = await runWith(9);
    const first = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 42 }, heatSize: 2 });
    expect(first.slots).toHaveLength(10);
    expect(first.slots.filter((id) => id !== null).sort()).toEqual([...registrations].sort());
    expect(first).toMatchObject({ heatSize: 2, seeding: { rule: 'random', seed: 42 }, unplaced: [] });
    expect(first.heats.map((h) => h.pairs)).toEqual([[1, 2], [3, 4], [5]]);
    expect(first.positions.find((p) => p.entry)?.entry).toMatchObject({
      category: 'Men',
      status: 'confirmed',
      departmentName: expect.any(String),
    });

    const { run: twin } = await runWith(0);
    expect(twin.id).not.toBe(run.id);
    const again = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 42 } });
    expect(again.slots).toEqual(first.slots);
    expect(again.version).toBe(first.version + 1);
  });

  it('generate keeps locked positions where they are', async () => {
    const { run } = await runWith(8);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 1 } });
    await ok('PATCH', run.id, '/positions/lock', { positions: [3] });
    await ok('PATCH', run.id, '/pairs/4/lock');
    const regenerated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 999 } });
    for (const p of [3, 7, 8]) expect(regenerated.slots[p - 1]).toBe(generated.slots[p - 1]);
    expect(regenerated.positions[2]).toMatchObject({ locked: true, lockedVia: 'position' });
    expect(regenerated.positions[6]).toMatchObject({ locked: true, lockedVia: 'pair' });
  });
});

describe('moving, inserting, removing', () => {
  it('moves a position; the ones between shift and a locked one stays; the actor is the signed-in admin', async () => {
    const { run } = await runWith(6);
    const start = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 7 } });
    const [a, b, c, d, e, f] = start.slots;
    await ok('PATCH', run.id, '/positions/lock', { positions: [3] });
    const moved = await ok('PATCH', run.id, '/positions/move', {
      sourcePosition: 1,
      targetPosition: 5,
      movedBy: 999999,
    });
    expect(moved.slots).toEqual([b, d, c, e, a, f]);
    const last = (await readStream(db(), `run-order:${run.id}`)).at(-1);
    expect(last).toMatchObject({
      type: 'PositionMoved',
      data: { sourcePosition: 1, targetPosition: 5, movedBy: admin.id },
      metadata: { actorId: admin.id },
    });

    await refused('PATCH', run.id, '/positions/move', { sourcePosition: 3, targetPosition: 1 }, 409, 'POSITION_LOCKED');
    await refused(
      'PATCH',
      run.id,
      '/positions/move',
      { sourcePosition: 1, targetPosition: 7 },
      422,
      'POSITION_OUT_OF_RANGE',
    );
    const error = await refused(
      'PATCH',
      run.id,
      '/positions/move',
      { sourcePosition: 1, targetPosition: 3 },
      409,
      'POSITION_LOCKED',
    );
    expect(error.message).toBe('Position 3 is locked; unlock it first.');
  });

  it('moves whole heats, refusing when a locked position is in the way', async () => {
    const { run } = await runWith(8);
    const start = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 3 }, heatSize: 1 });
    const moved = await ok('PATCH', run.id, '/heats/move', { sourceHeatNumber: 4, targetHeatNumber: 1 });
    expect(moved.slots).toEqual([...start.slots.slice(6, 8), ...start.slots.slice(0, 6)]);
    await ok('PATCH', run.id, '/pairs/2/lock');
    const error = await refused(
      'PATCH',
      run.id,
      '/heats/move',
      { sourceHeatNumber: 1, targetHeatNumber: 3 },
      409,
      'PAIR_LOCKED',
    );
    expect(error.details).toMatchObject({ pair: 2 });
    await refused(
      'PATCH',
      run.id,
      '/heats/move',
      { sourceHeatNumber: 1, targetHeatNumber: 9 },
      422,
      'HEAT_OUT_OF_RANGE',
    );
  });

  it('inserts confirmed registrations only, once; removes leave the position empty', async () => {
    const { run, registrations } = await runWith(3);
    await ok('POST', run.id, '/create-empty', { positions: 4 });
    const [r1, r2, r3] = registrations as [number, number, number];
    expect((await ok('POST', run.id, `/registrations/${r1}/insert`)).slots).toEqual([r1, null, null, null]);
    expect((await ok('POST', run.id, `/registrations/${r2}/insert`, { position: 1 })).slots).toEqual([
      r2,
      r1,
      null,
      null,
    ]);
    await refused('POST', run.id, `/registrations/${r1}/insert`, {}, 409, 'ALREADY_PLACED');

    const waiting = await insertRegistration(db(), {
      runId: run.id,
      userId: (await insertUser(db())).id,
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    await refused('POST', run.id, `/registrations/${waiting.id}/insert`, {}, 422, 'REGISTRATION_NOT_CONFIRMED');
    const { registrations: elsewhere } = await runWith(1);
    await refused('POST', run.id, `/registrations/${elsewhere[0]}/insert`, {}, 404, 'REGISTRATION_NOT_FOUND');

    const removed = await ok('POST', run.id, `/registrations/${r2}/remove`);
    expect(removed.slots).toEqual([null, r1, null, null]);
    expect(removed.unplaced.map((e) => e.registrationId).sort()).toEqual([r2, r3].sort());
    await refused('POST', run.id, `/registrations/${r2}/remove`, {}, 409, 'NOT_PLACED');
  });

  it('reorders with every position, the same registrations only', async () => {
    const { run, registrations } = await runWith(4);
    const start = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 11 } });
    const reversed = [...start.slots].reverse();
    expect((await ok('POST', run.id, '/reorder', { positions: reversed })).slots).toEqual(reversed);
    await refused('POST', run.id, '/reorder', { positions: reversed.slice(1) }, 422, 'REORDER_MISMATCH');
    await refused(
      'POST',
      run.id,
      '/reorder',
      { positions: [registrations[0], registrations[0], registrations[1], registrations[2]] },
      422,
      'REORDER_MISMATCH',
    );
  });
});

describe('locks, undo, redo, saved states', () => {
  it('a locked order takes no arrangement change; locks are history, not undone', async () => {
    const { run } = await runWith(4);
    await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 5 } });
    await ok('PATCH', run.id, '/lock');
    const error = await refused(
      'PATCH',
      run.id,
      '/positions/move',
      { sourcePosition: 1, targetPosition: 2 },
      409,
      'ORDER_LOCKED',
    );
    expect(error.message).toContain('locked');
    await refused('POST', run.id, '/undo', {}, 409, 'ORDER_LOCKED');
    const unlocked = await ok('PATCH', run.id, '/unlock');
    expect(unlocked.orderLocked).toBe(false);
    // Locking what is locked changes nothing and appends nothing.
    const v = unlocked.version;
    await ok('PATCH', run.id, '/positions/lock', { positions: [1] });
    expect((await ok('PATCH', run.id, '/positions/lock', { positions: [1] })).version).toBe(v + 1);
  });

  it('undo and redo step through arrangement changes; a new change clears redo; an undo over a lock is refused', async () => {
    const { run } = await runWith(4);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 9 } });
    const moved = await ok('PATCH', run.id, '/positions/move', { sourcePosition: 1, targetPosition: 4 });
    expect(moved.canUndo).toBe(true);
    const undone = await ok('POST', run.id, '/undo');
    expect(undone.slots).toEqual(generated.slots);
    expect(undone.canRedo).toBe(true);
    const redone = await ok('POST', run.id, '/redo');
    expect(redone.slots).toEqual(moved.slots);
    await refused('POST', run.id, '/redo', {}, 409, 'NOTHING_TO_REDO');

    await ok('POST', run.id, '/undo');
    await ok('PATCH', run.id, '/positions/move', { sourcePosition: 2, targetPosition: 3 });
    expect((await view(run.id)).canRedo).toBe(false);

    await ok('PATCH', run.id, '/positions/lock', { positions: [2] });
    await refused('POST', run.id, '/undo', {}, 409, 'POSITION_LOCKED');
  });

  it('saves, lists and applies named states, keeping locks', async () => {
    const { run } = await runWith(4);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 21 } });
    const saved = await ok('POST', run.id, '/states', { name: 'Published' });
    expect(saved.savedStates).toEqual([
      { name: 'Published', version: saved.version, savedBy: { id: admin.id, name: 'Alex Morgan' } },
    ]);
    await ok('POST', run.id, '/reorder', { positions: [...generated.slots].reverse() });
    await ok('PATCH', run.id, '/positions/lock', { positions: [1] });
    const locked = (await view(run.id)).slots[0];
    const applied = await ok('PATCH', run.id, '/apply-state', { name: 'Published', appliedBy: 12345 }, otherAdmin);
    expect(applied.slots[0]).toBe(locked);
    expect(applied.slots.filter((id) => id !== null).sort()).toEqual(
      generated.slots.filter((id) => id !== null).sort(),
    );
    expect(applied.lastChange).toMatchObject({ type: 'StateApplied', actor: { id: otherAdmin.id, name: 'Sam Lee' } });
    await refused('PATCH', run.id, '/apply-state', { name: 'Nope' }, 404, 'SAVED_STATE_NOT_FOUND');
  });
});

describe('versions, idempotency, history', () => {
  it('a stale version is a 409 with the current version and the events since', async () => {
    const { run } = await runWith(4);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 2 } });
    await ok(
      'PATCH',
      run.id,
      '/positions/move',
      { sourcePosition: 1, targetPosition: 2, expectedVersion: generated.version },
      otherAdmin,
    );
    const stale = await send('PATCH', `${base(run.id)}/positions/move`, {
      sourcePosition: 3,
      targetPosition: 4,
      expectedVersion: generated.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: {
        currentVersion: generated.version + 1,
        expectedVersion: generated.version,
        events: [{ version: generated.version + 1, type: 'PositionMoved', actorId: otherAdmin.id }],
      },
    });
    expect((await view(run.id)).version).toBe(generated.version + 1);
  });

  it('the same command id never appends twice', async () => {
    const { run } = await runWith(4);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 4 } });
    const body = {
      sourcePosition: 1,
      targetPosition: 3,
      expectedVersion: generated.version,
      commandId: `move-${run.id}`,
    };
    const first = await send('PATCH', `${base(run.id)}/positions/move`, body);
    const retry = await send('PATCH', `${base(run.id)}/positions/move`, body);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().version).toBe(first.json().version);
    expect(retry.json().slots).toEqual(first.json().slots);
    expect(await readStream(db(), `run-order:${run.id}`)).toHaveLength(generated.version + 1);
  });

  it('history names who did what, newest first; any past arrangement can be read', async () => {
    const { run } = await runWith(4);
    const generated = await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 8 } });
    await ok('PATCH', run.id, '/positions/move', { sourcePosition: 1, targetPosition: 2 }, otherAdmin);
    await ok('PATCH', run.id, '/pairs/1/lock');
    const history = await send('GET', `${base(run.id)}/history?perPage=2`);
    expect(history.statusCode).toBe(200);
    expect(history.json().meta).toEqual({ total: 3, page: 1, perPage: 2 });
    expect(history.json().data.map((h: { type: string }) => h.type)).toEqual(['PairLocked', 'PositionMoved']);
    expect(history.json().data[1]).toMatchObject({
      version: 2,
      actor: { id: otherAdmin.id, name: 'Sam Lee' },
      summary: expect.stringMatching(/position 1.*2/i),
    });
    const past = await send('GET', `${base(run.id)}/at?version=1`);
    expect(past.json()).toMatchObject({ version: 1, slots: generated.slots });
    expect((await send('GET', `${base(run.id)}/at?version=99`)).statusCode).toBe(404);
  });
});

describe('reads and access', () => {
  it('positions, the display (public, no private fields) and the run summary', async () => {
    const { run } = await runWith(3);
    await ok('POST', run.id, '/generate', { seeding: { rule: 'random', seed: 6 } });
    await ok('PATCH', run.id, '/current-heat', { heat: 1 });
    const positions = await send('GET', `${base(run.id)}/positions`);
    expect(positions.json().data).toHaveLength(4);
    const display = await send('GET', `${base(run.id)}/display`, undefined, null);
    expect(display.statusCode).toBe(200);
    expect(display.json()).toMatchObject({
      runId: run.id,
      eventName: 'Kamloops Challenge',
      currentHeat: 1,
      heats: [{ heat: 1 }],
    });
    expect(JSON.stringify(display.json())).not.toMatch(/registrationId|actor|status/);
    const summary = await send('GET', `/api/runs/${run.id}/run-orders`);
    expect(summary.json()).toMatchObject({
      data: [{ runId: run.id, positions: 4, placed: 3, seedingRule: 'random' }],
      meta: { total: 1 },
    });
    await refused('PATCH', run.id, '/current-heat', { heat: 5 }, 422, 'HEAT_OUT_OF_RANGE');
  });

  it("keeps a draft or inactive event's line-up, or an inactive run's, off the public display", async () => {
    for (const hidden of [{ status: 'Draft' as const }, { is_active: false }]) {
      const draft = await insertEvent(db(), { name: 'Not public yet', ...hidden });
      const run = await insertRun(db(), draft.id, { type: 'relay', category: 'Men' });
      await ok('POST', run.id, '/create-empty', { positions: 2 });
      const display = await send('GET', `${base(run.id)}/display`, undefined, null);
      expect(display.statusCode).toBe(404);
      expect(display.json().code).toBe('RUN_NOT_FOUND');
      expect((await send('GET', `${base(run.id)}/full`)).statusCode).toBe(200);
    }
    // A deactivated run of a public event is not public either (api/domain/events/visibility.ts).
    const published = await insertEvent(db(), { name: 'Public, run switched off' });
    const off = await insertRun(db(), published.id, { type: 'relay', category: 'Men', is_active: false });
    await ok('POST', off.id, '/create-empty', { positions: 2 });
    expect((await send('GET', `${base(off.id)}/display`, undefined, null)).json()).toMatchObject({
      statusCode: 404,
      code: 'RUN_NOT_FOUND',
    });
  });

  it('is for admins; bad input is a 400 that changes nothing; unknown runs are 404', async () => {
    const { run } = await runWith(2);
    expect((await send('GET', `${base(run.id)}/full`, undefined, null)).statusCode).toBe(401);
    expect((await send('GET', `${base(run.id)}/full`, undefined, user)).statusCode).toBe(403);
    expect((await send('POST', `${base(run.id)}/create-empty`, { expectedVersion: 0 }, user)).statusCode).toBe(403);
    for (const body of [
      {},
      { expectedVersion: -1 },
      { expectedVersion: 0, positions: 1 },
      { expectedVersion: 0, extra: true },
      { expectedVersion: '0' },
    ]) {
      expect((await send('POST', `${base(run.id)}/create-empty`, body)).statusCode).toBe(400);
    }
    expect((await view(run.id)).exists).toBe(false);
    expect((await send('GET', `${base(2000000000)}/full`)).json().code).toBe('RUN_NOT_FOUND');
    expect((await send('GET', `${base(2000000000)}/display`, undefined, null)).statusCode).toBe(404);
  });
});

describe('read model', () => {
  it('equals the fold of the log, and a rebuild gives it back row for row', async () => {
    const { run } = await runWith(6);
    await ok('POST', run.id, '/generate', { seeding: { rule: 'best-time', fastest: 'last' } });
    await ok('PATCH', run.id, '/positions/move', { sourcePosition: 2, targetPosition: 5 });
    await ok('POST', run.id, '/undo');
    await ok('PATCH', run.id, '/pairs/2/lock');
    await ok('POST', run.id, '/states', { name: 'A' });
    const live = await runOrderState(db(), run.id);
    const folded = foldRunOrder(await readStream(db(), `run-order:${run.id}`));
    expect(folded).toEqual(live);
    await rebuildProjections(db(), PROJECTIONS);
    expect(await runOrderState(db(), run.id)).toEqual(live);
  });
});
