import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import type { Department, EventRow, NewUser, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { callAs, createTestApp, type Method, type TestApp } from '../support/app.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * A command id belongs to the actor who sent it and to that kind of command (docs/decisions/028): the
 * same actor retrying the same command gets the earlier outcome; another actor, or another kind of
 * command with the same id, gets 409 COMMAND_ID_REUSED and nothing of the first command.
 */

let t: TestApp;
let department: Department;
let admin: User;
let otherAdmin: User;
let event: EventRow;

const db = () => t.database.db;
const call = (method: Method, url: string, caller: User, payload?: unknown) =>
  callAs(t.app, method, url, caller, payload);
const today = todayIn('America/Toronto');
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: department.id, date_of_birth: '1991-04-12', gender: 'male', ...overrides });
const eventCount = async () =>
  Number(
    (
      await db()
        .selectFrom('event_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A 409 COMMAND_ID_REUSED whose body shows nothing of the first command. */
function expectReused(res: { statusCode: number; body: string; json(): unknown }, ...secrets: string[]) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'COMMAND_ID_REUSED' });
  for (const secret of secrets) expect(res.body).not.toContain(secret);
}

beforeAll(async () => {
  t = await createTestApp();
  department = await insertDepartment(db());
  admin = await insertUser(db(), { role: 'admin' });
  otherAdmin = await insertUser(db(), { role: 'admin' });
  event = await insertEvent(db(), {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('registrations', () => {
  it("another person's command id on submit gets 409, never the first person's registration and notes", async () => {
    const run = await insertRun(db(), event.id, { participant_limit: 20 });
    const alice = await person({ first_name: 'Alice', last_name: 'Secret' });
    const mallory = await person();
    const first = await call('POST', '/api/registrations', alice, {
      runId: run.id,
      notes: 'Asthma inhaler in locker 12',
      commandId: 'shared-submit-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    const mine: RegistrationDto = first.json();

    const before = await eventCount();
    const stolen = await call('POST', '/api/registrations', mallory, { runId: run.id, commandId: 'shared-submit-1' });
    expectReused(stolen, 'Asthma', 'Alice', 'Secret');
    expect(stolen.json().details).toEqual({ commandId: 'shared-submit-1' });
    // Mallory is not registered either: nothing was appended.
    expect(await eventCount()).toBe(before);
    expect((await call('GET', `/api/registrations/user/${mallory.id}`, mallory)).json().meta.total).toBe(0);

    // Even an admin reusing it gets 409, not Alice's registration.
    const byAdmin = await call('POST', '/api/registrations', admin, {
      runId: run.id,
      userId: mallory.id,
      commandId: 'shared-submit-1',
    });
    expectReused(byAdmin, 'Asthma');

    // Alice's own retry still answers her registration, once.
    const retry = await call('POST', '/api/registrations', alice, {
      runId: run.id,
      notes: 'Asthma inhaler in locker 12',
      commandId: 'shared-submit-1',
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ id: mine.id, notes: 'Asthma inhaler in locker 12' });
    expect(await eventCount()).toBe(before);
  });

  it("an admin reusing the registrant's command id on the same registration gets 409; nothing changes", async () => {
    const run = await insertRun(db(), event.id, { participant_limit: 20 });
    const me = await person();
    const mine = await insertRegistration(db(), { runId: run.id, userId: me.id });
    const noted = await call('PUT', `/api/registrations/${mine.id}`, me, {
      notes: 'Private note',
      commandId: 'notes-by-me',
      expectedVersion: 1,
    });
    expect(noted.statusCode, noted.body).toBe(200);

    const reused = await call('PUT', `/api/registrations/${mine.id}`, admin, {
      notes: 'Admin note',
      commandId: 'notes-by-me',
    });
    expectReused(reused, 'Private note');
    const again = await call('PUT', `/api/registrations/${mine.id}`, me, {
      notes: 'Private note',
      commandId: 'notes-by-me',
      expectedVersion: 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ notes: 'Private note', version: 2 });
  });

  it('the same id for another kind of command is 409, not a silent replay of the first', async () => {
    const run = await insertRun(db(), event.id, { participant_limit: 20 });
    const me = await person();
    const mine = await insertRegistration(db(), { runId: run.id, userId: me.id });
    const noted = await call('PUT', `/api/registrations/${mine.id}`, me, { notes: 'One', commandId: 'my-cmd-1' });
    expect(noted.statusCode, noted.body).toBe(200);
    const cancel = await call('PATCH', `/api/registrations/${mine.id}/cancel`, me, { commandId: 'my-cmd-1' });
    expectReused(cancel);
    const after = (await call('GET', `/api/registrations/${mine.id}`, me)).json();
    expect(after).toMatchObject({ status: 'confirmed', version: 2, notes: 'One' });
    // A new registration of mine cannot take it either.
    const other = await insertRun(db(), event.id, { participant_limit: 20 });
    expectReused(await call('POST', '/api/registrations', me, { runId: other.id, commandId: 'my-cmd-1' }));
  });

  it("a batch's command id answers only the admin who sent it", async () => {
    const relay = await insertRun(db(), event.id, { type: 'relay', participant_limit: 20 });
    const people = [await person(), await person(), await person()];
    const [captain, ...rest] = people as [User, ...User[]];
    const team = await insertTeam(
      db(),
      { captain_id: captain.id, department_id: department.id, run_type: 'relay', name: 'Engine Secret' },
      rest.map((p) => p.id),
    );
    const once = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: [team.id],
      commandId: 'batch-shared',
    });
    expect(once.statusCode, once.body).toBe(201);
    const reused = await call('POST', '/api/registrations/batch-register', otherAdmin, {
      runId: relay.id,
      teamIds: [team.id],
      commandId: 'batch-shared',
    });
    expectReused(reused, 'Engine Secret');
    const retry = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: [team.id],
      commandId: 'batch-shared',
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.map((r: RegistrationDto) => r.id)).toEqual(
      once.json().data.map((r: RegistrationDto) => r.id),
    );
  });
});

describe('run orders', () => {
  it("another admin's, or another command's, reuse of a command id gets 409; the sender's retry the earlier view", async () => {
    const run = await insertRun(db(), event.id, { type: 'relay', participant_limit: 100 });
    for (let i = 0; i < 4; i += 1) {
      const captain = await insertUser(db());
      const team = await insertTeam(db(), { captain_id: captain.id, run_type: 'relay', department_id: department.id });
      await insertRegistration(db(), { runId: run.id, teamId: team.id });
    }
    const url = `/api/run-orders/run/${run.id}`;
    const generated = await call('POST', `${url}/generate`, admin, {
      seeding: { rule: 'random', seed: 3 },
      expectedVersion: 0,
      commandId: 'ro-shared-1',
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().version).toBe(1);

    expectReused(
      await call('POST', `${url}/generate`, otherAdmin, {
        seeding: { rule: 'random', seed: 3 },
        expectedVersion: 0,
        commandId: 'ro-shared-1',
      }),
    );
    // The same admin, the same id, another command: refused rather than answered as if done.
    expectReused(await call('POST', `${url}/create-empty`, admin, { expectedVersion: 1, commandId: 'ro-shared-1' }));
    expectReused(
      await call('PATCH', `${url}/positions/move`, admin, {
        sourcePosition: 1,
        targetPosition: 2,
        expectedVersion: 1,
        commandId: 'ro-shared-1',
      }),
    );
    const retry = await call('POST', `${url}/generate`, admin, {
      seeding: { rule: 'random', seed: 3 },
      expectedVersion: 0,
      commandId: 'ro-shared-1',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ version: 1, slots: generated.json().slots });
  });
});
