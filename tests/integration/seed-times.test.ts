import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Department, User } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * Seed times (best times, docs/decisions/017 "Addendum: seed times"): set and cleared through the team
 * and user updates, validated, refused to those who may not, and used by best-time generation.
 */

let t: TestApp;
let admin: User;
let superAdmin: User;
let captain: User;
let member: User;
let stranger: User;
let department: Department;

const { db, call } = callsOn(() => t);
const teamSeed = async (id: number) =>
  (await db().selectFrom('teams').select('seed_time_ms').where('id', '=', id).executeTakeFirstOrThrow()).seed_time_ms;
const userSeed = async (id: number) =>
  (await db().selectFrom('users').select('seed_time_ms').where('id', '=', id).executeTakeFirstOrThrow()).seed_time_ms;
const SEED_MESSAGE = 'seedTimeMs must be a whole number of milliseconds from 1 to 3600000 (60:00.00), or null';

beforeAll(async () => {
  t = await createTestApp();
  department = await insertDepartment(db(), { name: 'Seed Fire Department' });
  admin = await insertUser(db(), { role: 'admin' });
  superAdmin = await insertUser(db(), { role: 'super-admin' });
  captain = await insertUser(db(), { department_id: department.id });
  member = await insertUser(db(), { department_id: department.id });
  stranger = await insertUser(db(), { department_id: department.id });
});
afterAll(() => t.close());

describe('a team seed time', () => {
  it('is set and cleared by the captain or an admin, and every team read carries it', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: department.id }, [member.id]);
    const read = await call('GET', `/api/teams/${team.id}`, captain);
    expect(read.json()).toMatchObject({ seedTimeMs: null });

    const set = await call('PUT', `/api/teams/${team.id}`, captain, { seedTimeMs: 107_320 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: team.id, seedTimeMs: 107_320, name: team.name });
    expect(await teamSeed(team.id)).toBe(107_320);
    const listed = await call('GET', '/api/teams?mine=true', captain);
    expect(listed.json().data.find((x: { id: number }) => x.id === team.id)).toMatchObject({ seedTimeMs: 107_320 });

    const corrected = await call('PUT', `/api/teams/${team.id}`, admin, { seedTimeMs: 3_600_000 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().seedTimeMs).toBe(3_600_000);

    const otherFields = await call('PUT', `/api/teams/${team.id}`, captain, { name: `${team.name} B` });
    expect(otherFields.json().seedTimeMs).toBe(3_600_000);

    const cleared = await call('PUT', `/api/teams/${team.id}`, captain, { seedTimeMs: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().seedTimeMs).toBeNull();
    expect(await teamSeed(team.id)).toBeNull();
  });

  it('refuses a time outside 1..3,600,000 ms or not a whole number with 400 naming the field', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: department.id, seed_time_ms: 90_000 });
    for (const seedTimeMs of [0, -5, 3_600_001, 1.5, '1:47.32', true]) {
      const res = await call('PUT', `/api/teams/${team.id}`, captain, { seedTimeMs });
      expect(res.statusCode, `${JSON.stringify(seedTimeMs)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'body.seedTimeMs', message: SEED_MESSAGE }],
      });
    }
    expect(await teamSeed(team.id)).toBe(90_000);
  });

  it('is refused (403) to a member who is not the captain and to anyone else, and stays as it was', async () => {
    const team = await insertTeam(
      db(),
      { captain_id: captain.id, department_id: department.id, seed_time_ms: 90_000 },
      [member.id],
    );
    for (const caller of [member, stranger]) {
      const res = await call('PUT', `/api/teams/${team.id}`, caller, { seedTimeMs: 60_000 });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await call('PUT', `/api/teams/${team.id}`, undefined, { seedTimeMs: 60_000 })).statusCode).toBe(401);
    expect(await teamSeed(team.id)).toBe(90_000);
  });
});

describe("a person's seed time", () => {
  it('is declared by its owner, corrected by an admin and cleared; every account read carries it', async () => {
    const person = await insertUser(db(), { department_id: department.id });
    expect((await call('GET', `/api/users/${person.id}`, person)).json()).toMatchObject({ seedTimeMs: null });

    const own = await call('PUT', `/api/users/${person.id}`, person, { seedTimeMs: 98_100 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: person.id, seedTimeMs: 98_100 });
    expect((await call('GET', '/api/auth/me', person)).json()).toMatchObject({ seedTimeMs: 98_100 });

    const corrected = await call('PUT', `/api/users/${person.id}`, admin, { seedTimeMs: 99_990 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().seedTimeMs).toBe(99_990);
    const listed = await call('GET', `/api/users/search?query=${encodeURIComponent(person.email)}`, admin);
    expect(listed.json().data).toMatchObject([{ id: person.id, seedTimeMs: 99_990 }]);

    const cleared = await call('PUT', `/api/users/${person.id}`, person, { seedTimeMs: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().seedTimeMs).toBeNull();
    expect(await userSeed(person.id)).toBeNull();
  });

  it('refuses a time out of range with 400 naming the field', async () => {
    const person = await insertUser(db(), { seed_time_ms: 90_000 });
    for (const seedTimeMs of [0, 3_600_001, 47.5, 'fast']) {
      const res = await call('PUT', `/api/users/${person.id}`, person, { seedTimeMs });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'body.seedTimeMs', message: SEED_MESSAGE }],
      });
    }
    expect(await userSeed(person.id)).toBe(90_000);
  });

  it("is refused (403) on someone else's account to a plain user, and on a super-admin's to an admin", async () => {
    const person = await insertUser(db(), { seed_time_ms: 90_000 });
    expect((await call('PUT', `/api/users/${person.id}`, stranger, { seedTimeMs: 60_000 })).statusCode).toBe(403);
    expect(await userSeed(person.id)).toBe(90_000);
    expect((await call('PUT', `/api/users/${superAdmin.id}`, admin, { seedTimeMs: 60_000 })).statusCode).toBe(403);
    expect(await userSeed(superAdmin.id)).toBeNull();
  });
});

describe('best-time generation', () => {
  const generate = async (runId: number) => {
    const full = await call('GET', `/api/run-orders/run/${runId}/full`, admin);
    const res = await call('POST', `/api/run-orders/run/${runId}/generate`, admin, {
      expectedVersion: (full.json() as RunOrderView).version,
      seeding: { rule: 'best-time', fastest: 'last', separateDepartments: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RunOrderView).slots.filter((id): id is number => id !== null);
  };

  it('orders team entries by the times their captains entered, fastest last', async () => {
    const event = await insertEvent(db());
    const run = await insertRun(db(), event.id, { type: 'relay', category: 'Men', participant_limit: 100 });
    const entries: Array<{ registration: number; time: number }> = [];
    for (const time of [120_000, 95_500, 107_320, 101_000]) {
      const teamCaptain = await insertUser(db(), { department_id: department.id });
      const team = await insertTeam(db(), {
        captain_id: teamCaptain.id,
        department_id: department.id,
        run_type: 'relay',
      });
      expect((await call('PUT', `/api/teams/${team.id}`, teamCaptain, { seedTimeMs: time })).statusCode).toBe(200);
      entries.push({ registration: (await insertRegistration(db(), { runId: run.id, teamId: team.id })).id, time });
    }
    const slowestFirst = [...entries].sort((a, b) => b.time - a.time).map((e) => e.registration);
    expect(await generate(run.id)).toEqual(slowestFirst);
  });

  it("orders individual entries by each person's own time (an admin's correction counts), fastest last", async () => {
    const event = await insertEvent(db());
    const run = await insertRun(db(), event.id, { type: 'individual', category: 'Men', participant_limit: 100 });
    const slow = await insertUser(db());
    const fast = await insertUser(db());
    const middle = await insertUser(db());
    expect((await call('PUT', `/api/users/${slow.id}`, slow, { seedTimeMs: 130_000 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${fast.id}`, fast, { seedTimeMs: 150_000 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${fast.id}`, admin, { seedTimeMs: 88_000 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${middle.id}`, admin, { seedTimeMs: 110_000 })).statusCode).toBe(200);
    const reg = async (user: User) => (await insertRegistration(db(), { runId: run.id, userId: user.id })).id;
    const [fastReg, slowReg, middleReg] = [await reg(fast), await reg(slow), await reg(middle)];
    expect(await generate(run.id)).toEqual([slowReg, middleReg, fastReg]);
  });
});
