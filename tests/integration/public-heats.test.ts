import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitorHeats, DepartmentHeats, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Department, EventRow, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { callAs, createTestApp, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * Follow a competitor or a department (docs/decisions/067): their entries in public events that are not
 * over, where they stand in the run order; public, public fields only, hostile ids refused.
 */
let t: TestApp;
let admin: User;
let kamloops: Department;
let riley: User;
let quinn: User;
let loner: User;
let today: EventRow;
let orderedRunId: number;

const db = () => t.database.db;
const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin' });
  kamloops = await insertDepartment(db(), { name: 'Kamloops Fire Rescue' });
  const person = (first: string, last: string, departmentId: number | null = kamloops.id) =>
    insertUser(db(), {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}@private.example`,
      department_id: departmentId,
      date_of_birth: '1990-04-12',
      gender: 'male',
    });
  riley = await person('Riley', 'Chen');
  quinn = await person('Quinn', 'Fair');
  loner = await person('Lone', 'Wolf', null);
  const day = todayIn(t.app.config.siteTimeZone);
  today = await insertEvent(db(), { name: 'Kamloops Cup', status: 'In Progress', start_date: day, end_date: day });
  const ordered = await insertRun(db(), today.id, { name: 'Open Men', participant_limit: 50 });
  orderedRunId = ordered.id;
  for (const user of [riley, quinn, ...(await Promise.all([1, 2, 3, 4].map((i) => person(`Other${i}`, 'X'))))])
    await insertRegistration(db(), { runId: ordered.id, userId: user.id });
  const generated = await callAs(t.app, 'POST', `/api/run-orders/run/${ordered.id}/generate`, admin, {
    expectedVersion: 0,
    heatSize: 1,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  // A run without an order yet, a team relay of the department, and entries nobody may see.
  const unordered = await insertRun(db(), today.id, { name: 'Open Men 2', participant_limit: 50 });
  await insertRegistration(db(), { runId: unordered.id, userId: riley.id });
  const relay = await insertRun(db(), today.id, { name: 'Relay', type: 'relay', participant_limit: 50 });
  const team = await insertTeam(db(), {
    name: 'Kamloops Blue',
    captain_id: riley.id,
    department_id: kamloops.id,
    run_type: 'relay',
  });
  await insertRegistration(db(), { runId: relay.id, teamId: team.id });
  const draft = await insertEvent(db(), { name: 'Secret Draft', status: 'Draft', start_date: day, end_date: day });
  await insertRegistration(db(), { runId: (await insertRun(db(), draft.id)).id, userId: riley.id });
  const past = await insertEvent(db(), {
    name: 'Last Year',
    status: 'Completed',
    start_date: addDays(day, -365),
    end_date: addDays(day, -365),
  });
  await insertRegistration(db(), { runId: (await insertRun(db(), past.id)).id, userId: riley.id });
  await insertRegistration(db(), { runId: (await insertRun(db(), past.id)).id, userId: loner.id });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/run-orders/public/competitors/{userId}/heats', () => {
  it('answers signed out: own and team entries of events not over, placed or not, no private fields', async () => {
    const res = await get(`/api/run-orders/public/competitors/${riley.id}/heats`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as CompetitorHeats;
    expect(body).toMatchObject({ userId: riley.id, name: 'Riley Chen', departmentName: 'Kamloops Fire Rescue' });
    expect(body.heats.map((h) => [h.eventName, h.runName, h.entrantName])).toEqual(
      expect.arrayContaining([
        ['Kamloops Cup', 'Open Men', 'Riley Chen'],
        ['Kamloops Cup', 'Open Men 2', 'Riley Chen'],
        ['Kamloops Cup', 'Relay', 'Kamloops Blue'],
      ]),
    );
    expect(body.heats).toHaveLength(3);
    const placed = body.heats.find((h) => h.runName === 'Open Men');
    expect(placed).toMatchObject({ runId: orderedRunId, started: false, done: false, mark: null, heatCount: 3 });
    expect(placed?.heat).toBeGreaterThanOrEqual(1);
    expect(placed?.pair).toBe(placed?.heat); // one pair a heat: pairs are numbered through the order
    expect(['left', 'right']).toContain(placed?.lane);
    expect(placed?.version).toBeGreaterThan(0);
    const unplaced = body.heats.find((h) => h.runName === 'Open Men 2');
    expect(unplaced).toMatchObject({ heat: null, pair: null, lane: null, version: 0, estimatedStart: null });
    expect(res.body).not.toContain('@private.example');
    expect(res.body).not.toContain('Secret Draft');
    expect(res.body).not.toContain('Last Year');
    expect(res.body).not.toContain('registrationId');
  });

  it('says which heats are over once the board moves on', async () => {
    const view = (await callAs(t.app, 'GET', `/api/run-orders/run/${orderedRunId}/full`, admin)).json() as RunOrderView;
    const moved = await callAs(t.app, 'PATCH', `/api/run-orders/run/${orderedRunId}/current-heat`, admin, {
      expectedVersion: view.version,
      heat: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await get(`/api/run-orders/public/departments/${kamloops.id}/heats`)).json() as DepartmentHeats;
    const ordered = after.heats.filter((h) => h.runId === orderedRunId);
    expect(ordered.map((h) => h.heat).sort()).toEqual([1, 1, 2, 2, 3, 3]);
    for (const heat of ordered) {
      expect(heat.currentHeat).toBe(3);
      expect(heat.done).toBe((heat.heat ?? 0) < 3);
      if (heat.done) expect(heat.estimatedStart).toBeNull();
    }
  });

  it('refuses hostile ids with the envelope, and answers 404 for someone never entered in a public event not over', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1%27%20or%201=1'])
      expectEnvelope(await get(`/api/run-orders/public/competitors/${id}/heats`), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/run-orders/public/competitors/2147480000/heats'), 404, 'COMPETITOR_NOT_FOUND');
    // An admin with no entry is no public competitor.
    expectEnvelope(await get(`/api/run-orders/public/competitors/${admin.id}/heats`), 404, 'COMPETITOR_NOT_FOUND');
    // Someone entered in a public event that is over: known, nothing upcoming.
    const lone = await get(`/api/run-orders/public/competitors/${loner.id}/heats`);
    expect(lone.statusCode).toBe(200);
    expect(lone.json()).toMatchObject({ name: 'Lone Wolf', departmentId: null, heats: [] });
  });
});

describe('GET /api/run-orders/public/departments/{departmentId}/heats', () => {
  it("answers its members' and teams' entries signed out", async () => {
    const res = await get(`/api/run-orders/public/departments/${kamloops.id}/heats`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DepartmentHeats;
    expect(body.departmentName).toBe('Kamloops Fire Rescue');
    const names = body.heats.map((h) => h.entrantName);
    expect(names).toEqual(expect.arrayContaining(['Riley Chen', 'Quinn Fair', 'Kamloops Blue']));
    expect(names).not.toContain('Lone Wolf');
    expect(res.body).not.toContain('@private.example');
    expect(res.body).not.toContain('Secret Draft');
  });

  it('refuses hostile ids and unknown, inactive or deleted departments', async () => {
    for (const id of ['abc', '0', '1e3', '99999999999'])
      expectEnvelope(await get(`/api/run-orders/public/departments/${id}/heats`), 400, 'VALIDATION_FAILED');
    const inactive = await insertDepartment(db(), { is_active: false });
    const deleted = await insertDepartment(db(), { deleted_at: new Date() });
    for (const id of [inactive.id, deleted.id, 2147480000])
      expectEnvelope(await get(`/api/run-orders/public/departments/${id}/heats`), 404, 'DEPARTMENT_NOT_FOUND');
  });
});
