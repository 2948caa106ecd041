import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import type { Department, EventRow, NewRun, NewUser, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import type { Caller } from '../support/calls.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/** Every registration route and rule, through HTTP on a real database (docs/decisions/014). */

let t: TestApp;
let department: Department;
let admin: User;
let event: EventRow;

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST';

const db = () => t.database.db;
const call = (method: Method, url: string, caller?: Caller, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(caller ? { authorization: `Bearer ${t.app.jwt.sign({ sub: caller.id, role: caller.role })}` } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const today = todayIn('America/Toronto');
/** An eligible competitor: 35 at the event, verified, active. */
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: department.id, date_of_birth: '1991-04-12', gender: 'male', ...overrides });
/** An individual run of the open event. */
const run = (overrides: Partial<NewRun> = {}) => insertRun(db(), event.id, { participant_limit: 20, ...overrides });
/** A relay team of three eligible people from the department; the captain is the first. */
async function relayTeam(
  size = 3,
  overrides: { run_type?: 'relay' | 'tech2' | 'individual'; is_hybrid?: boolean } = {},
) {
  const people = [];
  for (let i = 0; i < size; i++) people.push(await person());
  const [captain, ...rest] = people as [User, ...User[]];
  const team = await insertTeam(
    db(),
    { captain_id: captain.id, department_id: department.id, run_type: 'relay', ...overrides },
    rest.map((p) => p.id),
  );
  return { team, captain, members: rest };
}
async function register(caller: Caller, body: Record<string, unknown>): Promise<RegistrationDto> {
  const res = await call('POST', '/api/registrations', caller, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = async (id: number): Promise<RegistrationDto> => {
  const res = await call('GET', `/api/registrations/${id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const waitlistOf = async (runId: number) =>
  (
    (await call('GET', `/api/registrations/waitlist?runId=${runId}&limit=100`, admin)).json().data as RegistrationDto[]
  ).map((r) => [r.id, r.waitlistPosition]);
const eventCount = async () =>
  Number(
    (
      await db()
        .selectFrom('event_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  department = await insertDepartment(db());
  admin = await insertUser(db(), { role: 'admin' });
  event = await insertEvent(db(), {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('registering', () => {
  it('registers a person for an individual run, confirmed, with names in the answer; once per run', async () => {
    const r = await run({ name: 'Individual: Open Men' });
    const me = await person({ first_name: 'Alex', last_name: 'Tremblay' });
    const mine = await register(me, { runId: r.id, notes: 'First time' });
    expect(mine).toMatchObject({
      runId: r.id,
      runName: 'Individual: Open Men',
      eventId: event.id,
      eventName: event.name,
      userId: me.id,
      userName: 'Alex Tremblay',
      entrantName: 'Alex Tremblay',
      teamId: null,
      registeredBy: me.id,
      status: 'confirmed',
      waitlistPosition: null,
      notes: 'First time',
      version: 1,
      confirmedAt: expect.any(String),
    });
    const again = await call('POST', '/api/registrations', me, { runId: r.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REGISTERED',
      message: expect.stringContaining('Registration rule'),
    });
  });

  it('fills the run, then waitlists in arrival order; a cancellation promotes the first and renumbers the rest', async () => {
    const r = await run({ participant_limit: 2 });
    const people = [await person(), await person(), await person(), await person(), await person()];
    const regs: RegistrationDto[] = [];
    for (const p of people) regs.push(await register(p, { runId: r.id }));
    expect(regs.map((x) => [x.status, x.waitlistPosition])).toEqual([
      ['confirmed', null],
      ['confirmed', null],
      ['waitlisted', 1],
      ['waitlisted', 2],
      ['waitlisted', 3],
    ]);
    const [a, , c, d, e] = regs as [
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
    ];

    const cancelled = await call('PATCH', `/api/registrations/${a.id}/cancel`, people[0], { reason: 'Injured' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String), version: 2 });
    expect(await get(c.id)).toMatchObject({ status: 'confirmed', waitlistPosition: null });
    expect(await waitlistOf(r.id)).toEqual([
      [d.id, 1],
      [e.id, 2],
    ]);

    // Cancelling is idempotent; a waitlisted one cancelling closes the gap without promoting anyone.
    expect((await call('PATCH', `/api/registrations/${a.id}/cancel`, people[0])).json()).toMatchObject({
      status: 'cancelled',
      version: 2,
    });
    expect((await call('PATCH', `/api/registrations/${d.id}/cancel`, admin, {})).statusCode).toBe(200);
    expect(await waitlistOf(r.id)).toEqual([[e.id, 1]]);

    // The run's list: confirmed first, then the waitlist, then cancelled.
    const list = (await call('GET', `/api/registrations/run/${r.id}`, admin)).json();
    expect(list.meta).toEqual({ total: 5, page: 1, perPage: 20 });
    expect(list.data.map((x: RegistrationDto) => x.status)).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'cancelled',
      'cancelled',
    ]);
  });

  it('moves a waitlist position and renumbers the others without gaps', async () => {
    const r = await run({ participant_limit: 1 });
    const regs: RegistrationDto[] = [];
    for (let i = 0; i < 5; i++) regs.push(await register(admin, { runId: r.id, userId: (await person()).id }));
    const [first, w1, w2, w3, w4] = regs as [
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
      RegistrationDto,
    ];
    const moved = await call('PATCH', `/api/registrations/${w4.id}/waitlist-position`, admin, { position: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ waitlistPosition: 2 });
    expect(await waitlistOf(r.id)).toEqual([
      [w1.id, 1],
      [w4.id, 2],
      [w2.id, 3],
      [w3.id, 4],
    ]);
    const outOfRange = await call('PATCH', `/api/registrations/${w1.id}/waitlist-position`, admin, { position: 5 });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().code).toBe('INVALID_WAITLIST_POSITION');
    const confirmed = await call('PATCH', `/api/registrations/${first.id}/waitlist-position`, admin, { position: 1 });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().code).toBe('NOT_WAITLISTED');
    expect(
      (await call('PATCH', `/api/registrations/${w1.id}/waitlist-position`, admin, { position: 0 })).statusCode,
    ).toBe(400);
  });

  it('confirm: RUN_FULL on a full run, promotes into a free place, is idempotent, and takes back a cancelled one', async () => {
    const r = await run({ participant_limit: 1 });
    const a = await register(admin, { runId: r.id, userId: (await person()).id });
    const b = await register(admin, { runId: r.id, userId: (await person()).id });
    const c = await register(admin, { runId: r.id, userId: (await person()).id });
    const full = await call('PATCH', `/api/registrations/${c.id}/confirm`, admin);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('RUN_FULL');

    // Lowering the limit never removes anyone; raising it frees a place the admin can give to anyone waiting.
    await db().updateTable('runs').set({ participant_limit: 2 }).where('id', '=', r.id).execute();
    const promoted = await call('PATCH', `/api/registrations/${c.id}/confirm`, admin, {});
    expect(promoted.json()).toMatchObject({ status: 'confirmed', waitlistPosition: null });
    expect(await waitlistOf(r.id)).toEqual([[b.id, 1]]);
    const again = await call('PATCH', `/api/registrations/${c.id}/confirm`, admin);
    expect(again.json()).toMatchObject({ status: 'confirmed', version: promoted.json().version });

    await db().updateTable('runs').set({ participant_limit: 1 }).where('id', '=', r.id).execute();
    expect((await call('GET', `/api/registrations/run/${r.id}?status=confirmed`, admin)).json().meta.total).toBe(2);
    await call('PATCH', `/api/registrations/${a.id}/cancel`, admin);
    // Still at the limit (1 of 1 after a's cancellation): nobody moves up.
    expect(await waitlistOf(r.id)).toEqual([[b.id, 1]]);
    const back = await call('PATCH', `/api/registrations/${a.id}/confirm`, admin);
    expect(back.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });

    const user = await person();
    const forbidden = await call('PATCH', `/api/registrations/${a.id}/confirm`, user);
    expect(forbidden.statusCode).toBe(403);
  });

  it('soft-delete frees a place for the waitlist and hides the registration; restore puts it back', async () => {
    const r = await run({ participant_limit: 1 });
    const owner = await person();
    const a = await register(owner, { runId: r.id });
    const b = await register(admin, { runId: r.id, userId: (await person()).id });
    const deleted = await call('POST', `/api/registrations/${a.id}/soft-delete`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deletedAt: expect.any(String), waitlistPosition: null });
    expect(await get(b.id)).toMatchObject({ status: 'confirmed' });
    expect(
      (await call('GET', `/api/registrations/run/${r.id}`, admin)).json().data.map((x: RegistrationDto) => x.id),
    ).toEqual([b.id]);
    expect(
      (await call('GET', `/api/registrations?runId=${r.id}&deleted=true`, admin))
        .json()
        .data.map((x: RegistrationDto) => x.id),
    ).toEqual([a.id]);
    expect((await call('GET', `/api/registrations/${a.id}`, owner)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/registrations/${a.id}/cancel`, owner)).statusCode).toBe(404);
    const cancelDeleted = await call('PATCH', `/api/registrations/${a.id}/cancel`, admin);
    expect(cancelDeleted.statusCode).toBe(409);
    expect(cancelDeleted.json().code).toBe('REGISTRATION_DELETED');

    const restored = await call('POST', `/api/registrations/${a.id}/restore`, admin);
    expect(restored.json()).toMatchObject({ deletedAt: null, status: 'waitlisted', waitlistPosition: 1 });
    expect((await call('GET', `/api/registrations/${a.id}`, owner)).statusCode).toBe(200);
  });

  it('hybrid opt-in only where the run allows it', async () => {
    const closedToHybrid = await run();
    const open = await run({ allows_hybrid: true });
    const me = await person();
    const a = await register(me, { runId: closedToHybrid.id });
    const b = await register(me, { runId: open.id });
    const refused = await call('POST', `/api/registrations/${a.id}/hybrid-opt-in`, me);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'HYBRID_NOT_ALLOWED',
      message: expect.stringContaining('Hybrid rule'),
    });
    const ok = await call('POST', `/api/registrations/${b.id}/hybrid-opt-in`, me);
    expect(ok.json()).toMatchObject({ isHybridOptIn: true, version: 2 });
    expect((await call('POST', `/api/registrations/${b.id}/hybrid-opt-in`, me, {})).json()).toMatchObject({
      version: 2,
    });
    expect((await call('POST', `/api/registrations/${b.id}/hybrid-opt-in`, await person())).statusCode).toBe(403);
  });

  it('PUT changes the notes for the owner or an admin only', async () => {
    const r = await run();
    const me = await person();
    const mine = await register(me, { runId: r.id });
    const updated = await call('PUT', `/api/registrations/${mine.id}`, me, { notes: 'Need a medium SCBA mask' });
    expect(updated.json()).toMatchObject({ notes: 'Need a medium SCBA mask', version: 2 });
    expect((await call('PUT', `/api/registrations/${mine.id}`, admin, { notes: null })).json()).toMatchObject({
      notes: null,
      version: 3,
    });
    expect((await call('PUT', `/api/registrations/${mine.id}`, me, {})).json()).toMatchObject({ version: 3 });
    expect((await call('PUT', `/api/registrations/${mine.id}`, await person(), { notes: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/registrations/${mine.id}`, me, { notes: 'x'.repeat(2001) })).statusCode).toBe(400);
  });
});

describe('rules of admission', () => {
  it('names the rule when a run, an event or the window refuses', async () => {
    const me = await person();
    const expectRefusal = async (runId: number, code: string, status = 422, caller: User = me) => {
      const res = await call('POST', '/api/registrations', caller, { runId, userId: me.id });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    // A run a plain user may not see is not found, like no run (api/domain/events/visibility.ts); an
    // admin is told why.
    const inactiveRun = (await run({ is_active: false })).id;
    await expectRefusal(inactiveRun, 'RUN_NOT_FOUND', 404);
    await expectRefusal(inactiveRun, 'RUN_INACTIVE', 422, admin);
    await expectRefusal((await run({ deleted_at: new Date() })).id, 'RUN_NOT_FOUND', 404);
    await expectRefusal(2147483000, 'RUN_NOT_FOUND', 404);
    await expectRefusal(
      (await run({ registration_closes_at: new Date(Date.now() - 60_000) })).id,
      'REGISTRATION_CLOSED',
    );
    await expectRefusal(
      (await run({ registration_opens_at: new Date(Date.now() + 3_600_000) })).id,
      'REGISTRATION_CLOSED',
    );
    const notYet = await insertEvent(db(), {
      start_date: addDays(today, 90),
      registration_opens_on: addDays(today, 10),
    });
    await expectRefusal((await insertRun(db(), notYet.id)).id, 'REGISTRATION_CLOSED');
    const cancelled = await insertEvent(db(), {
      status: 'Cancelled',
      start_date: addDays(today, 90),
      registration_opens_on: addDays(today, -1),
    });
    await expectRefusal((await insertRun(db(), cancelled.id)).id, 'REGISTRATION_CLOSED');
    const inactive = await insertEvent(db(), {
      is_active: false,
      start_date: addDays(today, 90),
      registration_opens_on: addDays(today, -1),
    });
    const hiddenEventRun = (await insertRun(db(), inactive.id)).id;
    await expectRefusal(hiddenEventRun, 'RUN_NOT_FOUND', 404);
    await expectRefusal(hiddenEventRun, 'EVENT_INACTIVE', 422, admin);
    // The run's own window wins over the event's dates.
    const early = await run({
      registration_opens_at: new Date(Date.now() - 60_000),
      registration_closes_at: new Date(Date.now() + 60_000),
    });
    expect((await call('POST', '/api/registrations', me, { runId: early.id })).statusCode).toBe(201);
    await expectRefusal((await run({ type: 'relay' })).id, 'TEAM_REQUIRED');
  });

  it('checks the eligibility of a person', async () => {
    const r = await run();
    const young = await person({ date_of_birth: addDays(today, -365 * 17) });
    const res = await call('POST', '/api/registrations', young, { runId: r.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'TOO_YOUNG', message: expect.stringContaining('Age rule') });
    const unverified = await person({ is_verified: false });
    expect((await call('POST', '/api/registrations', admin, { runId: r.id, userId: unverified.id })).json().code).toBe(
      'ACCOUNT_UNVERIFIED',
    );
    const noBirthday = await person({ date_of_birth: null });
    expect((await call('POST', '/api/registrations', noBirthday, { runId: r.id })).json().code).toBe(
      'DATE_OF_BIRTH_MISSING',
    );
    expect((await call('POST', '/api/registrations', admin, { runId: r.id, userId: 2147483000 })).statusCode).toBe(404);
  });

  it('registers a team through its captain; checks format, once per run, size and members', async () => {
    const relay = await run({ type: 'relay', category: 'Men' });
    const { team, captain, members } = await relayTeam();
    const member = members[0] as User;
    expect((await call('POST', '/api/registrations', member, { runId: relay.id, teamId: team.id })).statusCode).toBe(
      403,
    );
    const reg = await register(captain, { runId: relay.id, teamId: team.id });
    expect(reg).toMatchObject({
      teamId: team.id,
      teamName: team.name,
      entrantName: team.name,
      userId: null,
      status: 'confirmed',
    });
    const twice = await call('POST', '/api/registrations', captain, { runId: relay.id, teamId: team.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_REGISTERED' });

    // Members see it; a member cannot cancel it; a stranger sees nothing.
    expect((await call('GET', `/api/registrations/${reg.id}`, member)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/registrations/team/${team.id}`, member)).json().data.map((x: RegistrationDto) => x.id),
    ).toEqual([reg.id]);
    expect(
      (await call('GET', `/api/registrations/user/${member.id}`, member)).json().data.map((x: RegistrationDto) => x.id),
    ).toEqual([reg.id]);
    expect((await call('PATCH', `/api/registrations/${reg.id}/cancel`, member)).statusCode).toBe(403);
    expect((await call('PUT', `/api/registrations/${reg.id}`, member, {})).statusCode).toBe(403);
    const stranger = await person();
    expect((await call('GET', `/api/registrations/${reg.id}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/registrations/team/${team.id}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/registrations/user/${member.id}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', '/api/registrations/team/2147483000', admin)).statusCode).toBe(404);

    const tech2 = await relayTeam(2, { run_type: 'tech2' });
    const mismatch = await call('POST', '/api/registrations', tech2.captain, {
      runId: relay.id,
      teamId: tech2.team.id,
    });
    expect(mismatch.json()).toMatchObject({
      code: 'TEAM_TYPE_MISMATCH',
      message: expect.stringContaining('Format rule'),
    });
    const small = await relayTeam(2);
    expect(
      (await call('POST', '/api/registrations', small.captain, { runId: relay.id, teamId: small.team.id })).json().code,
    ).toBe('TEAM_TOO_SMALL');
    const hybrid = await relayTeam(3, { is_hybrid: true });
    const elsewhere = await insertDepartment(db(), { name: 'Elsewhere Fire' });
    await db()
      .updateTable('users')
      .set({ department_id: elsewhere.id })
      .where('id', '=', (hybrid.members[0] as User).id)
      .execute();
    expect(
      (await call('POST', '/api/registrations', hybrid.captain, { runId: relay.id, teamId: hybrid.team.id })).json()
        .code,
    ).toBe('HYBRID_NOT_ALLOWED');
    const withYoung = await relayTeam(3);
    await db()
      .updateTable('users')
      .set({ date_of_birth: addDays(today, -365 * 15) })
      .where('id', '=', (withYoung.members[1] as User).id)
      .execute();
    const young = await call('POST', '/api/registrations', withYoung.captain, {
      runId: relay.id,
      teamId: withYoung.team.id,
    });
    expect(young.statusCode).toBe(422);
    expect(young.json()).toMatchObject({
      code: 'TOO_YOUNG',
      details: { problems: [expect.objectContaining({ userId: (withYoung.members[1] as User).id })] },
    });
    expect(
      (await call('POST', '/api/registrations', captain, { runId: relay.id, teamId: 2147483000 })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/registrations', captain, { runId: relay.id, teamId: team.id, userId: captain.id }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/registrations', member, { runId: relay.id, userId: captain.id })).statusCode).toBe(
      403,
    );
  });
});

describe('batch registration', () => {
  it('registers every team, or none with a reason for each refused one', async () => {
    const relay = await run({ type: 'relay', category: 'Men', participant_limit: 2 });
    const teams = [await relayTeam(), await relayTeam(), await relayTeam()];
    const ok = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: teams.map((x) => x.team.id),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.map((x: RegistrationDto) => [x.teamId, x.status, x.waitlistPosition])).toEqual([
      [teams[0]?.team.id, 'confirmed', null],
      [teams[1]?.team.id, 'confirmed', null],
      [teams[2]?.team.id, 'waitlisted', 1],
    ]);

    const fresh = await relayTeam();
    const tech2 = await relayTeam(2, { run_type: 'tech2' });
    const before = await eventCount();
    const refused = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: [
        fresh.team.id,
        (teams[0] as { team: { id: number } }).team.id,
        tech2.team.id,
        2147483000,
        fresh.team.id,
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BATCH_REFUSED',
      details: [
        { teamId: teams[0]?.team.id, code: 'ALREADY_REGISTERED', message: expect.any(String) },
        { teamId: tech2.team.id, code: 'TEAM_TYPE_MISMATCH', message: expect.any(String) },
        { teamId: 2147483000, code: 'TEAM_NOT_FOUND', message: expect.any(String) },
        { teamId: fresh.team.id, code: 'DUPLICATE_IN_BATCH', message: expect.any(String) },
      ],
    });
    expect(await eventCount()).toBe(before);
    expect((await call('GET', `/api/registrations/team/${fresh.team.id}`, admin)).json().meta.total).toBe(0);
    expect(
      (
        await call('POST', '/api/registrations/batch-register', fresh.captain, {
          runId: relay.id,
          teamIds: [fresh.team.id],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/registrations/batch-register', admin, { runId: relay.id, teamIds: [] })).statusCode,
    ).toBe(400);

    // A batch retried with the same command id registers once.
    const once = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: [fresh.team.id],
      commandId: 'batch-1',
    });
    const twice = await call('POST', '/api/registrations/batch-register', admin, {
      runId: relay.id,
      teamIds: [fresh.team.id],
      commandId: 'batch-1',
    });
    expect(twice.statusCode).toBe(201);
    expect(twice.json().data.map((x: RegistrationDto) => x.id)).toEqual(
      once.json().data.map((x: RegistrationDto) => x.id),
    );
  });
});

describe('versions and retries', () => {
  it('refuses a stale expected version with the current one', async () => {
    const r = await run();
    const me = await person();
    const mine = await register(me, { runId: r.id });
    await call('PUT', `/api/registrations/${mine.id}`, me, { notes: 'one', expectedVersion: 1 });
    const stale = await call('PUT', `/api/registrations/${mine.id}`, me, { notes: 'two', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2, expectedVersion: 1 },
    });
    expect((await call('PATCH', `/api/registrations/${mine.id}/cancel`, me, { expectedVersion: 2 })).statusCode).toBe(
      200,
    );
  });

  it('answers a retried command (idempotency-key header or commandId) with the first outcome, once', async () => {
    const r = await run({ participant_limit: 1 });
    const me = await person();
    const first = await call('POST', '/api/registrations', me, { runId: r.id }, { 'idempotency-key': 'reg-key-1' });
    const retry = await call('POST', '/api/registrations', me, { runId: r.id }, { 'idempotency-key': 'reg-key-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect((await call('GET', `/api/registrations/user/${me.id}`, me)).json().meta.total).toBe(1);

    const other = await register(admin, { runId: r.id, userId: (await person()).id });
    const cancel = await call('PATCH', `/api/registrations/${first.json().id}/cancel`, me, {
      commandId: 'cancel-1',
      expectedVersion: 1,
    });
    const cancelAgain = await call('PATCH', `/api/registrations/${first.json().id}/cancel`, me, {
      commandId: 'cancel-1',
      expectedVersion: 1,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancelAgain.statusCode).toBe(200);
    expect(cancelAgain.json().version).toBe(2);
    expect(await get(other.id)).toMatchObject({ status: 'confirmed', version: 2 });
    const reused = await call('PATCH', `/api/registrations/${other.id}/cancel`, admin, { commandId: 'cancel-1' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('COMMAND_ID_REUSED');
    expect(
      (
        await call('PATCH', `/api/registrations/${other.id}/cancel`, admin, undefined, {
          'idempotency-key': 'bad key!',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('reading', () => {
  it('history: who did what and when, including what other registrations caused', async () => {
    const r = await run({ participant_limit: 1 });
    const first = await person({ first_name: 'Jordan', last_name: 'Lee' });
    const a = await register(first, { runId: r.id });
    const b = await register(admin, { runId: r.id, userId: (await person()).id });
    await call('PATCH', `/api/registrations/${a.id}/cancel`, first, { reason: 'Shift swap' });
    const res = await call('GET', `/api/registrations/${b.id}/history`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.meta.total).toBe(2);
    expect(history.data).toEqual([
      expect.objectContaining({
        version: 1,
        type: 'RegistrationSubmitted',
        actorId: admin.id,
        actorName: `${admin.first_name} ${admin.last_name}`,
        summary: expect.stringContaining('waitlist at position 1'),
      }),
      expect.objectContaining({
        version: 2,
        type: 'PromotedFromWaitlist',
        actorId: first.id,
        actorName: 'Jordan Lee',
        recordedAt: expect.any(String),
        summary: `Promoted from waitlist position 1 to a confirmed place (after registration ${a.id} was cancelled)`,
      }),
    ]);
    const own = await call('GET', `/api/registrations/${a.id}/history`, first);
    expect(own.json().data.map((h: { summary: string }) => h.summary)).toEqual([
      'Registered and confirmed',
      'Cancelled: Shift swap',
    ]);
    expect((await call('GET', `/api/registrations/${a.id}/history`, await person())).statusCode).toBe(403);
  });

  it('lists with filters and pagination', async () => {
    const r = await run({ participant_limit: 2 });
    const regs: RegistrationDto[] = [];
    for (let i = 0; i < 5; i++) regs.push(await register(admin, { runId: r.id, userId: (await person()).id }));
    const q = async (query: string) => (await call('GET', `/api/registrations?runId=${r.id}&${query}`, admin)).json();
    expect((await q('')).meta).toEqual({ total: 5, page: 1, perPage: 20 });
    expect((await q('status=waitlisted')).data.map((x: RegistrationDto) => x.id)).toEqual([
      regs[4]?.id,
      regs[3]?.id,
      regs[2]?.id,
    ]);
    expect((await q('hasWaitlistPosition=true')).meta.total).toBe(3);
    expect((await q('hasWaitlistPosition=false')).meta.total).toBe(2);
    expect((await q(`userId=${regs[0]?.userId}`)).data.map((x: RegistrationDto) => x.id)).toEqual([regs[0]?.id]);
    const page2 = await q('limit=2&page=2');
    expect(page2.meta).toEqual({ total: 5, page: 2, perPage: 2 });
    expect(page2.data.map((x: RegistrationDto) => x.id)).toEqual([regs[2]?.id, regs[1]?.id]);
    const filtered = (
      await call('GET', `/api/registrations/filter?eventId=${event.id}&runId=${r.id}&status=confirmed`, admin)
    ).json();
    expect(filtered.meta.total).toBe(2);
    expect((await call('GET', '/api/registrations?hasWaitlistPosition=maybe', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/registrations', await person())).statusCode).toBe(403);
    expect((await call('GET', '/api/registrations/waitlist', admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/registrations/run/${r.id}`, regs[0] && (await person()))).statusCode).toBe(403);
  });

  it('searches the list by the team name or the person name, wildcards taken literally', async () => {
    const r = await run({ type: 'relay', category: 'Men', participant_limit: 5 });
    const kamloops = await relayTeam();
    await db().updateTable('teams').set({ name: 'Kamloops 100% Crew' }).where('id', '=', kamloops.team.id).execute();
    const halifax = await relayTeam();
    await db().updateTable('teams').set({ name: 'Halifax Harbour' }).where('id', '=', halifax.team.id).execute();
    await register(kamloops.captain, { runId: r.id, teamId: kamloops.team.id });
    await register(halifax.captain, { runId: r.id, teamId: halifax.team.id });
    const solo = await run();
    const quinn = await person({ first_name: 'Quinn', last_name: 'Marchetti' });
    const own = await register(quinn, { runId: solo.id });
    const q = async (query: string) =>
      (await call('GET', `/api/registrations?${query}`, admin)).json() as {
        data: RegistrationDto[];
        meta: { total: number };
      };
    expect((await q(`runId=${r.id}&query=kaml`)).data.map((x) => x.teamName)).toEqual(['Kamloops 100% Crew']);
    expect((await q(`runId=${r.id}&query=${encodeURIComponent('100%')}`)).meta.total).toBe(1);
    expect((await q(`runId=${r.id}&query=${encodeURIComponent('0%C')}`)).meta.total).toBe(0);
    expect((await q(`runId=${r.id}&query=%20%20`)).meta.total).toBe(2);
    expect((await q('query=quinn%20march')).data.map((x) => x.id)).toEqual([own.id]);
    expect((await call('GET', `/api/registrations?query=${'x'.repeat(101)}`, admin)).statusCode).toBe(400);
  });

  it("a run's history: every registration's events, newest first, with the entrant and the actor; admins only", async () => {
    const r = await run({ participant_limit: 1 });
    const first = await person({ first_name: 'Robin', last_name: 'Ducharme' });
    const second = await person({ first_name: 'Casey', last_name: 'Nakamura' });
    const a = await register(first, { runId: r.id });
    const b = await register(second, { runId: r.id });
    await call('PATCH', `/api/registrations/${a.id}/cancel`, admin, {});
    await call('POST', `/api/registrations/${a.id}/soft-delete`, admin, {});
    const other = await run();
    await register(await person(), { runId: other.id });

    const res = await call('GET', `/api/registrations/run/${r.id}/history`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.meta).toEqual({ total: 5, page: 1, perPage: 100 });
    expect(history.data.map((h: { registrationId: number; type: string }) => [h.registrationId, h.type])).toEqual([
      [a.id, 'RegistrationSoftDeleted'],
      [b.id, 'PromotedFromWaitlist'],
      [a.id, 'RegistrationCancelled'],
      [b.id, 'RegistrationSubmitted'],
      [a.id, 'RegistrationSubmitted'],
    ]);
    expect(history.data[1]).toMatchObject({
      entrantName: 'Casey Nakamura',
      actorId: admin.id,
      actorName: `${admin.first_name} ${admin.last_name}`,
      summary: `Promoted from waitlist position 1 to a confirmed place (after registration ${a.id} was cancelled)`,
      data: { fromPosition: 1 },
    });
    expect(history.data[4]).toMatchObject({ entrantName: 'Robin Ducharme', actorName: 'Robin Ducharme', version: 1 });

    const page3 = (await call('GET', `/api/registrations/run/${r.id}/history?limit=2&page=3`, admin)).json();
    expect(page3.meta).toEqual({ total: 5, page: 3, perPage: 2 });
    expect(page3.data.map((h: { type: string }) => h.type)).toEqual(['RegistrationSubmitted']);
    expect((await call('GET', `/api/registrations/run/${r.id}/history?page=9`, admin)).json()).toEqual({
      data: [],
      meta: { total: 5, page: 9, perPage: 100 },
    });
    expect((await call('GET', `/api/registrations/run/${r.id}/history`, first)).statusCode).toBe(403);
    expect((await call('GET', '/api/registrations/run/2147483000/history', admin)).json()).toMatchObject({
      code: 'RUN_NOT_FOUND',
    });
    expect((await call('GET', `/api/registrations/run/${r.id}/history?limit=501`, admin)).statusCode).toBe(400);
  });
});
