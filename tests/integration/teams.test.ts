import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, EventRow, NewUser, Run, User } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type Caller, callsOn } from '../support/calls.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

let t: TestApp;
let home: Department;
let away: Department;
let closed: Department;
let admin: User;
let superAdmin: User;
let captain: User;
let member: User;
let stranger: User;
let event: EventRow;
let relayRun: Run;

const { db, call } = callsOn(() => t);
/** A competitor who is eligible for open categories at the 2027-06-01 event: 30, verified, in `home`. */
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: home.id, date_of_birth: '1997-03-15', gender: 'male', ...overrides });
const memberIds = async (teamId: number) =>
  (
    await db().selectFrom('team_members').select('user_id').where('team_id', '=', teamId).orderBy('user_id').execute()
  ).map((r) => r.user_id);
const teamRow = (id: number) => db().selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((x) => x.id);
/** A team of the captain's own (captain + member), in the home department. */
const freshTeam = async (values: Parameters<typeof insertTeam>[1] = { captain_id: 0 }, extra: number[] = []) =>
  insertTeam(
    db(),
    { department_id: home.id, ...values, captain_id: values.captain_id || captain.id },
    values.captain_id ? extra : [member.id, ...extra],
  );

async function registerTeam(
  runId: number,
  teamId: number,
  status: 'confirmed' | 'waitlisted' | 'cancelled',
  extra: { waitlist_position?: number; deleted_at?: Date } = {},
) {
  const run = await db().selectFrom('runs').select('event_id').where('id', '=', runId).executeTakeFirstOrThrow();
  const { rows } = await sql<{ id: number }>`select nextval('registration_ids')::int as id`.execute(db());
  const now = new Date();
  await db()
    .insertInto('registrations')
    .values({
      id: rows[0]!.id,
      run_id: runId,
      event_id: run.event_id,
      team_id: teamId,
      status,
      waitlist_position: extra.waitlist_position ?? null,
      submitted_at: now,
      updated_at: now,
      deleted_at: extra.deleted_at ?? null,
      version: 1,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  home = await insertDepartment(db(), { name: 'Home Fire Department' });
  away = await insertDepartment(db(), { name: 'Away Fire Department' });
  closed = await insertDepartment(db(), { name: 'Closed Fire Department', is_active: false });
  admin = await insertUser(db(), { role: 'admin', first_name: 'Ada', last_name: 'Min' });
  superAdmin = await insertUser(db(), { role: 'super-admin' });
  captain = await person({ first_name: 'Cap', last_name: 'Tain' });
  member = await person({ first_name: 'Mem', last_name: 'Ber' });
  stranger = await person({ first_name: 'Stan', last_name: 'Ranger' });
  event = await insertEvent(db(), { start_date: '2027-06-01' });
  relayRun = await insertRun(db(), event.id, { name: 'Relay: Men', type: 'relay', category: 'Men' });
});
afterAll(() => t.close());

describe('who may call the team routes', () => {
  it('declares an access level on every route', () => {
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/teams')).toBe('user');
    expect(access('GET', '/api/teams/filter')).toBe('user');
    expect(access('POST', '/api/teams')).toBe('user');
    expect(access('GET', '/api/teams/department/:id')).toBe('user');
    expect(access('GET', '/api/teams/run/:id')).toBe('user');
    expect(access('GET', '/api/teams/:id/member-count')).toBe('user');
    for (const [method, url] of [
      ['GET', '/api/teams/:id'],
      ['GET', '/api/teams/:id/eligibility'],
      ['PUT', '/api/teams/:id'],
      ['PATCH', '/api/teams/:id/remove-member/:userId'],
      ['GET', '/api/teams/:id/invitations'],
      ['POST', '/api/teams/:id/invitations'],
      ['POST', '/api/teams/:id/invitations/:invitationId/cancel'],
      ['POST', '/api/teams/:id/transfer-ownership/:userId'],
      ['POST', '/api/teams/:id/hybrid'],
      ['POST', '/api/teams/:id/soft-delete'],
      ['POST', '/api/teams/:id/restore'],
    ]) {
      expect(access(method!, url!), `${method} ${url}`).toBe('owner-or-admin');
    }
    // Adding someone directly, or naming the account behind an address: admins only (docs/decisions/026).
    expect(access('PATCH', '/api/teams/:id/add-member/:userId')).toBe('admin');
    expect(access('GET', '/api/teams/:id/candidate')).toBe('admin');
  });

  it('answers 401 to anonymous callers everywhere', async () => {
    const team = await freshTeam();
    for (const [method, url] of [
      ['GET', '/api/teams'],
      ['GET', '/api/teams/filter'],
      ['POST', '/api/teams'],
      ['GET', `/api/teams/department/${home.id}`],
      ['GET', `/api/teams/run/${relayRun.id}`],
      ['GET', `/api/teams/${team.id}`],
      ['GET', `/api/teams/${team.id}/member-count`],
      ['GET', `/api/teams/${team.id}/eligibility?runId=${relayRun.id}`],
      ['PUT', `/api/teams/${team.id}`],
      ['PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`],
      ['PATCH', `/api/teams/${team.id}/remove-member/${member.id}`],
      ['POST', `/api/teams/${team.id}/transfer-ownership/${member.id}`],
      ['POST', `/api/teams/${team.id}/hybrid`],
      ['POST', `/api/teams/${team.id}/soft-delete`],
      ['POST', `/api/teams/${team.id}/restore`],
    ] as const) {
      const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it("refuses another user (403) on a team's captain routes before looking at the body, and changes nothing", async () => {
    const team = await freshTeam();
    for (const [method, url, payload] of [
      ['GET', `/api/teams/${team.id}`, undefined],
      ['GET', `/api/teams/${team.id}/eligibility`, undefined],
      ['PUT', `/api/teams/${team.id}`, { name: 'Taken over' }],
      ['PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`, {}],
      ['PATCH', `/api/teams/${team.id}/remove-member/${member.id}`, {}],
      ['POST', `/api/teams/${team.id}/transfer-ownership/${stranger.id}`, {}],
      ['POST', `/api/teams/${team.id}/hybrid`, { memberIds: 'junk' }],
      ['POST', `/api/teams/${team.id}/soft-delete`, {}],
      ['POST', `/api/teams/${team.id}/restore`, {}],
    ] as const) {
      const res = await call(method, url, stranger, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await memberIds(team.id)).toEqual([captain.id, member.id].sort((a, b) => a - b));
    expect(await teamRow(team.id)).toMatchObject({ name: team.name, captain_id: captain.id, deleted_at: null });
  });

  it('lets a member read the team but not manage it', async () => {
    const team = await freshTeam();
    expect((await call('GET', `/api/teams/${team.id}`, member)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team.id}/eligibility?runId=${relayRun.id}`, member)).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/teams/${team.id}`],
      ['PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`],
      ['PATCH', `/api/teams/${team.id}/remove-member/${captain.id}`],
      ['POST', `/api/teams/${team.id}/transfer-ownership/${member.id}`],
      ['POST', `/api/teams/${team.id}/hybrid`],
      ['POST', `/api/teams/${team.id}/soft-delete`],
    ] as const) {
      const res = await call(method, url, member, method === 'PUT' ? { name: 'Mine now' } : { memberIds: [member.id] });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets admins and super-admins manage any team', async () => {
    const team = await freshTeam();
    expect((await call('GET', `/api/teams/${team.id}`, admin)).statusCode).toBe(200);
    expect((await call('PUT', `/api/teams/${team.id}`, admin, { name: 'Renamed by admin' })).json().name).toBe(
      'Renamed by admin',
    );
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`, superAdmin)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${stranger.id}`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/teams/${team.id}/transfer-ownership/${member.id}`, admin)).json().captainId).toBe(
      member.id,
    );
  });
});

describe('POST /teams', () => {
  it('makes the caller captain and first member, in their department by default', async () => {
    const res = await call('POST', '/api/teams', captain, { name: '  Smoke Eaters  ', runType: 'relay' });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(res.headers.location).toBe(`/api/teams/${team.id}`);
    expect(team).toMatchObject({
      name: 'Smoke Eaters',
      runType: 'relay',
      departmentId: home.id,
      departmentName: 'Home Fire Department',
      captainId: captain.id,
      captainName: 'Cap Tain',
      isHybrid: false,
      isActive: true,
      isDeleted: false,
      memberCount: 1,
      size: { count: 1, min: 3, max: 5, withinLimits: false },
      eligibility: null,
    });
    expect(team.members).toEqual([
      expect.objectContaining({
        userId: captain.id,
        firstName: 'Cap',
        lastName: 'Tain',
        isCaptain: true,
        departmentId: home.id,
        problems: null,
        ageOnEventDate: null,
      }),
    ]);
    expect(await memberIds(team.id)).toEqual([captain.id]);
  });

  it("takes the department named if it is the caller's, and refuses one they are not in (the captain is a member)", async () => {
    expect(
      (await call('POST', '/api/teams', captain, { name: 'Explicit', runType: 'tech2', departmentId: home.id }))
        .statusCode,
    ).toBe(201);
    const elsewhere = await call('POST', '/api/teams', captain, {
      name: 'Elsewhere',
      runType: 'tech2',
      departmentId: away.id,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({
      code: 'HYBRID_REQUIRED',
      message: expect.stringContaining('Department rule'),
    });
    const shut = await call('POST', '/api/teams', captain, {
      name: 'Closed',
      runType: 'tech2',
      departmentId: closed.id,
    });
    expect(shut.json()).toMatchObject({ statusCode: 422, code: 'DEPARTMENT_UNAVAILABLE' });
  });

  it('creates a team without a department for someone without one', async () => {
    const loner = await insertUser(db(), {});
    const res = await call('POST', '/api/teams', loner, { name: 'No department', runType: 'individual' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ departmentId: null, departmentName: null, captainId: loner.id });
  });

  it('answers 400 to malformed bodies and creates nothing', async () => {
    const before = await db()
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      {},
      { name: '', runType: 'relay' },
      { name: 'X', runType: 'sprint' },
      { name: 'X', runType: 'relay', departmentId: 'one' },
      { name: 'X', runType: 'relay', extra: 1 },
    ]) {
      const res = await call('POST', '/api/teams', captain, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const after = await db()
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('lists: GET /teams, /teams/filter, /teams/department/{id}, /teams/run/{id}', () => {
  let listDept: Department;
  let listCaptain: User;
  let alpha: { id: number };
  let bravo: { id: number };
  let charlie: { id: number };
  let hidden: { id: number };
  let gone: { id: number };

  beforeAll(async () => {
    listDept = await insertDepartment(db(), { name: 'List Fire Department' });
    listCaptain = await person({ department_id: listDept.id });
    const mate = await person({ department_id: listDept.id });
    alpha = await insertTeam(
      db(),
      { name: 'Alpha Listers', run_type: 'relay', department_id: listDept.id, captain_id: listCaptain.id },
      [mate.id],
    );
    bravo = await insertTeam(db(), {
      name: 'bravo listers',
      run_type: 'tech2',
      department_id: listDept.id,
      captain_id: listCaptain.id,
      is_hybrid: true,
    });
    charlie = await insertTeam(db(), {
      name: 'Charlie 100%_Listers',
      run_type: 'individual',
      department_id: listDept.id,
      captain_id: mate.id,
    });
    hidden = await insertTeam(db(), {
      name: 'Dormant Listers',
      department_id: listDept.id,
      captain_id: listCaptain.id,
      is_active: false,
    });
    gone = await insertTeam(db(), {
      name: 'Gone Listers',
      department_id: listDept.id,
      captain_id: listCaptain.id,
      deleted_at: new Date(),
    });
  });

  const inDept = (query = '', caller: Caller = stranger) =>
    call('GET', `/api/teams?departmentId=${listDept.id}${query}`, caller);

  it('shows signed-in users the active teams by name, with the default page', async () => {
    const res = await inDept();
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(res.json().meta).toEqual({ total: 3, page: 1, perPage: 20 });
    expect(res.json().data[0]).toMatchObject({
      name: 'Alpha Listers',
      memberCount: 2,
      departmentName: 'List Fire Department',
      isDeleted: false,
    });
  });

  it('shows admins inactive teams too, and the soft-deleted ones only with deleted=true', async () => {
    expect(ids((await inDept('', admin)).json())).toEqual([alpha.id, bravo.id, charlie.id, hidden.id]);
    expect(ids((await inDept('&deleted=true', admin)).json())).toEqual([gone.id]);
    expect(ids((await inDept('&deleted=true')).json())).toEqual([]);
    expect(ids((await inDept('&isActive=false')).json())).toEqual([]);
    expect(ids((await inDept('&isActive=false', admin)).json())).toEqual([hidden.id]);
  });

  it('filters by isHybrid, runType, free text (wildcards taken literally) and mine, on /teams and /teams/filter', async () => {
    for (const path of ['/api/teams', '/api/teams/filter']) {
      const get = async (query: string, caller: Caller = stranger) =>
        ids((await call('GET', `${path}?departmentId=${listDept.id}${query}`, caller)).json());
      expect(await get('&isHybrid=true')).toEqual([bravo.id]);
      expect(await get('&isHybrid=false')).toEqual([alpha.id, charlie.id]);
      expect(await get('&runType=tech2')).toEqual([bravo.id]);
      expect(await get('&query=LISTERS')).toEqual([alpha.id, bravo.id, charlie.id]);
      expect(await get('&query=100%25_')).toEqual([charlie.id]);
      expect(await get('&query=0%25')).toEqual([charlie.id]);
      expect(await get('&query=_L')).toEqual([charlie.id]);
      expect(await get('&mine=true', listCaptain)).toEqual([alpha.id, bravo.id]);
      expect(await get('&mine=true')).toEqual([]);
    }
  });

  it('pages', async () => {
    const res = await inDept('&page=2&limit=2');
    expect(ids(res.json())).toEqual([charlie.id]);
    expect(res.json().meta).toEqual({ total: 3, page: 2, perPage: 2 });
  });

  it('answers 400 to bad filters', async () => {
    for (const query of [
      'isHybrid=yes',
      'isActive=1',
      'departmentId=abc',
      'runType=sprint',
      'page=0',
      'limit=101',
      `query=${'x'.repeat(101)}`,
    ]) {
      const res = await call('GET', `/api/teams?${query}`, stranger);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("lists a department's teams, 404 for an unknown one (or a closed one, except for admins)", async () => {
    const res = await call('GET', `/api/teams/department/${listDept.id}?runType=relay`, stranger);
    expect(ids(res.json())).toEqual([alpha.id]);
    expect(ids((await call('GET', `/api/teams/department/${listDept.id}`, admin)).json())).toEqual([
      alpha.id,
      bravo.id,
      charlie.id,
      hidden.id,
    ]);
    expect((await call('GET', '/api/teams/department/999999', stranger)).json()).toMatchObject({
      statusCode: 404,
      code: 'DEPARTMENT_NOT_FOUND',
    });
    expect((await call('GET', `/api/teams/department/${closed.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/department/${closed.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/teams/department/abc', stranger)).statusCode).toBe(400);
  });

  it('lists the teams registered for a run: not cancelled, not deleted; confirmed first, then the waitlist in order', async () => {
    const run = await insertRun(db(), event.id, { name: 'Relay: Mixed', type: 'relay', category: 'Mixed' });
    const delta = await insertTeam(db(), { name: 'Delta', department_id: listDept.id, captain_id: listCaptain.id });
    const echo = await insertTeam(db(), { name: 'Echo', department_id: listDept.id, captain_id: listCaptain.id });
    await registerTeam(run.id, charlie.id, 'waitlisted', { waitlist_position: 2 });
    await registerTeam(run.id, delta.id, 'waitlisted', { waitlist_position: 1 });
    await registerTeam(run.id, bravo.id, 'confirmed');
    await registerTeam(run.id, alpha.id, 'cancelled');
    await registerTeam(run.id, echo.id, 'confirmed', { deleted_at: new Date() });
    await registerTeam(run.id, hidden.id, 'confirmed');
    await registerTeam(relayRun.id, alpha.id, 'confirmed');

    const res = await call('GET', `/api/teams/run/${run.id}`, stranger);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([bravo.id, delta.id, charlie.id]);
    expect(res.json().meta).toEqual({ total: 3, page: 1, perPage: 20 });
    expect(
      res.json().data.map((d: { registration: { status: string; waitlistPosition: number | null } }) => d.registration),
    ).toEqual([
      expect.objectContaining({ status: 'confirmed', waitlistPosition: null }),
      expect.objectContaining({ status: 'waitlisted', waitlistPosition: 1 }),
      expect.objectContaining({ status: 'waitlisted', waitlistPosition: 2 }),
    ]);
    expect(ids((await call('GET', `/api/teams/run/${run.id}`, admin)).json())).toEqual([
      bravo.id,
      hidden.id,
      delta.id,
      charlie.id,
    ]);
    expect(ids((await call('GET', `/api/teams/run/${run.id}?runType=tech2`, stranger)).json())).toEqual([bravo.id]);
    expect((await call('GET', '/api/teams/run/999999', stranger)).json()).toMatchObject({
      statusCode: 404,
      code: 'RUN_NOT_FOUND',
    });
  });
});

describe('GET /teams/{id}', () => {
  it('shows the members with their department, the captain marked, and the size rule', async () => {
    const team = await freshTeam();
    const res = await call('GET', `/api/teams/${team.id}`, captain);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: team.id,
      memberCount: 2,
      size: { count: 2, min: 3, max: 5, withinLimits: false },
      eligibility: null,
    });
    expect(res.json().members).toEqual([
      expect.objectContaining({ userId: captain.id, isCaptain: true, departmentName: 'Home Fire Department' }),
      expect.objectContaining({ userId: member.id, isCaptain: false }),
    ]);
    expect((await call('GET', '/api/teams/999999', admin)).json()).toMatchObject({
      statusCode: 404,
      code: 'TEAM_NOT_FOUND',
    });
    expect((await call('GET', '/api/teams/999999', stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/teams/0', admin)).statusCode).toBe(400);
  });

  it("with ?runId= adds every member's age on the event date and problems, and the team's", async () => {
    const young = await person({ first_name: 'Young', last_name: 'One', date_of_birth: '2008-06-02' });
    const team = await freshTeam({ captain_id: 0 }, [young.id]);
    const res = await call('GET', `/api/teams/${team.id}?runId=${relayRun.id}`, member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.eligibility).toEqual({
      runId: relayRun.id,
      eventStartDate: '2027-06-01',
      eligible: false,
      teamProblems: [],
    });
    const youngOne = body.members.find((m: { userId: number }) => m.userId === young.id);
    expect(youngOne).toMatchObject({
      ageOnEventDate: 18,
      problems: [expect.objectContaining({ code: 'TOO_YOUNG', rule: 'age', userId: young.id })],
    });
    expect(body.members.find((m: { userId: number }) => m.userId === captain.id)).toMatchObject({
      ageOnEventDate: 30,
      problems: [],
    });
    expect((await call('GET', `/api/teams/${team.id}?runId=999999`, member)).json().code).toBe('RUN_NOT_FOUND');
    expect((await call('GET', `/api/teams/${team.id}?runId=x`, member)).statusCode).toBe(400);
  });
});

describe('PUT /teams/{id}', () => {
  it('renames, and moves a team whose members are all in the new department', async () => {
    const mover = await person({ department_id: away.id });
    const team = await insertTeam(db(), { department_id: away.id, captain_id: mover.id });
    const res = await call('PUT', `/api/teams/${team.id}`, mover, { name: 'Movers', departmentId: away.id });
    expect(res.json()).toMatchObject({ name: 'Movers', departmentId: away.id });
    const refused = await call('PUT', `/api/teams/${team.id}`, mover, { departmentId: home.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'HYBRID_REQUIRED', details: { userIds: [mover.id] } });
    expect((await call('PUT', `/api/teams/${team.id}`, mover, { departmentId: closed.id })).json().code).toBe(
      'DEPARTMENT_UNAVAILABLE',
    );
    expect((await teamRow(team.id)).department_id).toBe(away.id);
  });

  it('lets a hybrid team name any open department, and deactivating takes a team out of the lists for users', async () => {
    const team = await freshTeam({ captain_id: 0 });
    await db().updateTable('teams').set({ is_hybrid: true }).where('id', '=', team.id).execute();
    expect((await call('PUT', `/api/teams/${team.id}`, captain, { departmentId: away.id })).json().departmentId).toBe(
      away.id,
    );
    expect((await call('PUT', `/api/teams/${team.id}`, captain, { isActive: false })).json().isActive).toBe(false);
    expect(ids((await call('GET', `/api/teams?departmentId=${away.id}`, stranger)).json())).not.toContain(team.id);
    expect(ids((await call('GET', `/api/teams?departmentId=${away.id}`, admin)).json())).toContain(team.id);
    expect((await call('GET', `/api/teams/${team.id}`, member)).statusCode).toBe(200);
  });

  it('answers 400 to malformed bodies', async () => {
    const team = await freshTeam();
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { departmentId: 0 },
      { isActive: 'no' },
      { runType: 'relay' },
    ]) {
      expect((await call('PUT', `/api/teams/${team.id}`, captain, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('members: add-member, remove-member, transfer-ownership', () => {
  it('adds members up to the maximum of the run type (admins: captains invite, docs/decisions/026)', async () => {
    const team = await insertTeam(db(), { run_type: 'tech2', department_id: home.id, captain_id: captain.id });
    const res = await call('PATCH', `/api/teams/${team.id}/add-member/${member.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberCount: 2, size: { count: 2, min: 2, max: 2, withinLimits: true } });
    const full = await call('PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`, admin);
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'TEAM_FULL', message: expect.stringContaining('Team size rule') });
    const byCaptain = await call('PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`, captain);
    expect(byCaptain.statusCode).toBe(403);
  });

  it('adds a person once (409 ALREADY_MEMBER), only an active account, only from the department unless hybrid', async () => {
    const team = await freshTeam();
    const again = await call('PATCH', `/api/teams/${team.id}/add-member/${member.id}`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_MEMBER');
    const off = await person({ is_active: false });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${off.id}`, admin)).json()).toMatchObject({
      statusCode: 422,
      code: 'ACCOUNT_INACTIVE',
    });
    const outsider = await person({ department_id: away.id });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${outsider.id}`, admin)).json()).toMatchObject({
      statusCode: 422,
      code: 'HYBRID_REQUIRED',
    });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/999999`, admin)).json()).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
    expect(await memberIds(team.id)).toEqual([captain.id, member.id].sort((a, b) => a - b));
  });

  it('never exceeds the maximum under concurrent additions', async () => {
    const team = await insertTeam(db(), { department_id: home.id, captain_id: captain.id });
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const results = await Promise.all(
      people.map((p) => call('PATCH', `/api/teams/${team.id}/add-member/${p.id}`, admin)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    expect(await memberIds(team.id)).toHaveLength(5);
  });

  it('removes a member (captain, admin, or the member leaving), never the captain', async () => {
    const leaver = await person();
    const kicked = await person();
    const team = await freshTeam({ captain_id: 0 }, [leaver.id, kicked.id]);
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${kicked.id}`, leaver)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${leaver.id}`, leaver)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${kicked.id}`, captain)).json().memberCount).toBe(
      2,
    );
    const self = await call('PATCH', `/api/teams/${team.id}/remove-member/${captain.id}`, captain);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'CAPTAIN_CANNOT_BE_REMOVED',
      message: expect.stringContaining('transfer'),
    });
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${captain.id}`, admin)).json().code).toBe(
      'CAPTAIN_CANNOT_BE_REMOVED',
    );
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${stranger.id}`, captain)).json()).toMatchObject({
      statusCode: 404,
      code: 'MEMBER_NOT_FOUND',
    });
    expect(await memberIds(team.id)).toEqual([captain.id, member.id].sort((a, b) => a - b));
  });

  it('transfers the captaincy to a member only; then the new captain manages and the old one does not', async () => {
    const team = await freshTeam();
    expect(
      (await call('POST', `/api/teams/${team.id}/transfer-ownership/${stranger.id}`, captain)).json(),
    ).toMatchObject({ statusCode: 422, code: 'NOT_A_MEMBER' });
    expect(
      (await call('POST', `/api/teams/${team.id}/transfer-ownership/${captain.id}`, captain)).json().captainId,
    ).toBe(captain.id);
    const res = await call('POST', `/api/teams/${team.id}/transfer-ownership/${member.id}`, captain);
    expect(res.json()).toMatchObject({ captainId: member.id, captainName: 'Mem Ber' });
    expect(res.json().members.find((m: { isCaptain: boolean }) => m.isCaptain).userId).toBe(member.id);
    expect((await call('PUT', `/api/teams/${team.id}`, captain, { name: 'Coup' })).statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${team.id}`, captain)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/teams/${team.id}/remove-member/${captain.id}`, member)).statusCode).toBe(200);
    expect(await memberIds(team.id)).toEqual([member.id]);
  });

  it('refuses the captaincy to a deactivated member', async () => {
    const fading = await person();
    const team = await freshTeam({ captain_id: 0 }, [fading.id]);
    await db().updateTable('users').set({ is_active: false }).where('id', '=', fading.id).execute();
    expect((await call('POST', `/api/teams/${team.id}/transfer-ownership/${fading.id}`, captain)).json()).toMatchObject(
      { statusCode: 422, code: 'ACCOUNT_INACTIVE' },
    );
  });
});

describe('POST /teams/{id}/hybrid', () => {
  it('sets the team hybrid with exactly these members, keeping the joining date of those who stay', async () => {
    const outsider = await person({ department_id: away.id });
    const dropped = await person();
    const team = await freshTeam({ captain_id: 0 }, [dropped.id]);
    const joined = await db()
      .selectFrom('team_members')
      .select('joined_at')
      .where('team_id', '=', team.id)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    // Bringing someone in here is an admin's call; a captain invites them (docs/decisions/026).
    const byCaptain = await call('POST', `/api/teams/${team.id}/hybrid`, captain, {
      memberIds: [captain.id, member.id, outsider.id],
    });
    expect(byCaptain.json()).toMatchObject({ statusCode: 422, code: 'NOT_A_MEMBER' });
    const res = await call('POST', `/api/teams/${team.id}/hybrid`, admin, {
      memberIds: [captain.id, member.id, outsider.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isHybrid: true, memberCount: 3 });
    expect(await memberIds(team.id)).toEqual([captain.id, member.id, outsider.id].sort((a, b) => a - b));
    const kept = await db()
      .selectFrom('team_members')
      .select('joined_at')
      .where('team_id', '=', team.id)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(kept.joined_at).toEqual(joined.joined_at);
    // Now hybrid, anyone may be added.
    const another = await person({ department_id: away.id });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${another.id}`, admin)).statusCode).toBe(200);
  });

  it('refuses unknown or deactivated accounts, a list without the captain, or too many, and changes nothing', async () => {
    const off = await person({ is_active: false });
    const team = await freshTeam();
    const others = await Promise.all(Array.from({ length: 5 }, () => person()));
    for (const [memberIds_, code] of [
      [[captain.id, 999999], 'MEMBERS_NOT_FOUND'],
      [[captain.id, off.id], 'MEMBERS_INACTIVE'],
      [[member.id], 'CAPTAIN_REQUIRED'],
      [[captain.id, ...others.map((o) => o.id)], 'TEAM_TOO_LARGE'],
    ] as const) {
      const res = await call('POST', `/api/teams/${team.id}/hybrid`, admin, { memberIds: memberIds_ });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().code).toBe(code);
    }
    expect(await memberIds(team.id)).toEqual([captain.id, member.id].sort((a, b) => a - b));
    expect((await teamRow(team.id)).is_hybrid).toBe(false);
  });

  it('answers 400 to a malformed member list', async () => {
    const team = await freshTeam();
    for (const body of [
      {},
      { memberIds: [] },
      { memberIds: [captain.id, captain.id] },
      { memberIds: ['1'] },
      { memberIds: [-1] },
      { memberIds: [captain.id], x: 1 },
    ]) {
      expect((await call('POST', `/api/teams/${team.id}/hybrid`, captain, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe('soft-delete and restore', () => {
  it('takes a team out of every list and back, idempotently; a deleted team is read only by its captain and admins', async () => {
    const team = await freshTeam();
    await registerTeam(relayRun.id, team.id, 'confirmed');
    const listed = async () =>
      ids((await call('GET', `/api/teams?departmentId=${home.id}&limit=100`, admin)).json()).includes(team.id);
    const deleted = await call('POST', `/api/teams/${team.id}/soft-delete`, captain);
    expect(deleted.json()).toMatchObject({ isDeleted: true, deletedAt: expect.any(String) });
    const again = await call('POST', `/api/teams/${team.id}/soft-delete`, captain);
    expect(again.json().deletedAt).toBe(deleted.json().deletedAt);
    expect(await listed()).toBe(false);
    expect(ids((await call('GET', `/api/teams/run/${relayRun.id}`, admin)).json())).not.toContain(team.id);
    expect(ids((await call('GET', `/api/teams/department/${home.id}?limit=100`, admin)).json())).not.toContain(team.id);

    expect((await call('GET', `/api/teams/${team.id}`, captain)).json().isDeleted).toBe(true);
    expect((await call('GET', `/api/teams/${team.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team.id}`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}`, stranger)).statusCode).toBe(403);
    expect((await call('POST', `/api/teams/${team.id}/restore`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${team.id}/member-count`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}/member-count`, stranger)).statusCode).toBe(404);
    const edit = await call('PUT', `/api/teams/${team.id}`, captain, { name: 'Zombie' });
    expect(edit.json()).toMatchObject({ statusCode: 409, code: 'TEAM_DELETED' });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${stranger.id}`, admin)).json().code).toBe(
      'TEAM_DELETED',
    );

    const restored = await call('POST', `/api/teams/${team.id}/restore`, captain);
    expect(restored.json()).toMatchObject({ isDeleted: false, deletedAt: null });
    expect((await call('POST', `/api/teams/${team.id}/restore`, admin)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await call('POST', '/api/teams/999999/soft-delete', admin)).statusCode).toBe(404);
  });
});

describe('GET /teams/{id}/member-count', () => {
  it('answers the count against the size rule of the team, or of the run type asked for', async () => {
    const team = await freshTeam();
    expect((await call('GET', `/api/teams/${team.id}/member-count`, stranger)).json()).toEqual({
      teamId: team.id,
      runType: 'relay',
      count: 2,
      min: 3,
      max: 5,
      withinLimits: false,
    });
    expect((await call('GET', `/api/teams/${team.id}/member-count?runType=tech2`, stranger)).json()).toMatchObject({
      runType: 'tech2',
      count: 2,
      min: 2,
      max: 2,
      withinLimits: true,
    });
    expect((await call('GET', `/api/teams/${team.id}/member-count?runType=sprint`, stranger)).statusCode).toBe(400);
    expect((await call('GET', '/api/teams/999999/member-count', stranger)).statusCode).toBe(404);
  });

  it('hides an inactive team from those outside it', async () => {
    const team = await freshTeam({ captain_id: 0, is_active: false });
    expect((await call('GET', `/api/teams/${team.id}/member-count`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}/member-count`, member)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team.id}/member-count`, admin)).statusCode).toBe(200);
  });
});

describe('GET /teams/{id}/eligibility?runId', () => {
  it('is eligible when the team and every member meet every rule', async () => {
    const third = await person();
    const team = await freshTeam({ captain_id: 0 }, [third.id]);
    const res = await call('GET', `/api/teams/${team.id}/eligibility?runId=${relayRun.id}`, captain);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      teamId: team.id,
      runId: relayRun.id,
      eventStartDate: '2027-06-01',
      eligible: true,
      teamProblems: [],
      problems: [],
    });
    expect(res.json().members).toHaveLength(3);
  });

  it('names every problem: size, age boundaries, account, clearance, category, hybrid', async () => {
    const womenRun = await insertRun(db(), event.id, {
      name: 'Relay: Women',
      type: 'relay',
      category: 'Women',
      allows_hybrid: false,
    });
    const lead = await person({ gender: 'female', first_name: 'Lead' });
    const turns19 = await person({ gender: 'female', date_of_birth: '2008-06-01' });
    const turned70 = await person({
      gender: 'female',
      date_of_birth: '1957-05-31',
      medical_clearance_until: '2030-01-01',
    });
    const sixty = await person({
      gender: 'female',
      date_of_birth: '1967-06-01',
      medical_clearance_until: '2027-05-31',
    });
    const man = await person({ gender: 'male', department_id: away.id, is_verified: false });
    const nobirth = await person({ gender: 'female', date_of_birth: null });
    const team = await insertTeam(db(), { department_id: home.id, captain_id: lead.id, is_hybrid: true }, [
      turns19.id,
      turned70.id,
      sixty.id,
      man.id,
      nobirth.id,
    ]);

    const res = await call('GET', `/api/teams/${team.id}/eligibility?runId=${womenRun.id}`, lead);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.eligible).toBe(false);
    expect(body.teamProblems.map((p: { code: string }) => p.code)).toEqual(['TEAM_TOO_LARGE', 'HYBRID_NOT_ALLOWED']);
    const of = (id: number) =>
      body.members.find((m: { userId: number }) => m.userId === id).problems.map((p: { code: string }) => p.code);
    expect(of(lead.id)).toEqual([]);
    expect(of(turns19.id)).toEqual([]);
    expect(of(turned70.id)).toEqual(['TOO_OLD']);
    expect(of(sixty.id)).toEqual(['MEDICAL_CLEARANCE_EXPIRED']);
    expect(of(man.id)).toEqual(['ACCOUNT_UNVERIFIED', 'CATEGORY_WOMEN_ONLY']);
    expect(of(nobirth.id)).toEqual(['DATE_OF_BIRTH_MISSING']);
    expect(body.members.find((m: { userId: number }) => m.userId === turns19.id).ageOnEventDate).toBe(19);
    expect(body.members.find((m: { userId: number }) => m.userId === turned70.id).ageOnEventDate).toBe(70);
    for (const p of body.problems) expect(p.message).toMatch(/rule/);
    expect(body.problems).toHaveLength(2 + 5);
  });

  it('checks the Mixed rule, the format, and age groups', async () => {
    const mixed = await insertRun(db(), event.id, { name: 'Relay: Mixed', type: 'relay', category: 'Mixed' });
    const tech2 = await insertRun(db(), event.id, { name: 'Tech2: Men', type: 'tech2', category: 'Men' });
    const over40 = await insertRun(db(), event.id, { name: 'Relay: Over 40', type: 'relay', category: 'Over 40' });
    const third = await person();
    const team = await freshTeam({ captain_id: 0 }, [third.id]);
    const problems = async (runId: number) =>
      (await call('GET', `/api/teams/${team.id}/eligibility?runId=${runId}`, admin))
        .json()
        .problems.map((p: { code: string }) => p.code);
    expect(await problems(mixed.id)).toEqual(['CATEGORY_NEEDS_WOMAN']);
    expect(await problems(tech2.id)).toEqual(['RUN_TYPE_MISMATCH']);
    expect(await problems(over40.id)).toEqual(['CATEGORY_AGE_MINIMUM', 'CATEGORY_AGE_MINIMUM', 'CATEGORY_AGE_MINIMUM']);
  });

  it('needs a run that exists', async () => {
    const team = await freshTeam();
    expect((await call('GET', `/api/teams/${team.id}/eligibility`, captain)).statusCode).toBe(400);
    expect((await call('GET', `/api/teams/${team.id}/eligibility?runId=999999`, captain)).json()).toMatchObject({
      statusCode: 404,
      code: 'RUN_NOT_FOUND',
    });
    const deletedRun = await insertRun(db(), event.id, { deleted_at: new Date() });
    expect((await call('GET', `/api/teams/${team.id}/eligibility?runId=${deletedRun.id}`, captain)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/teams/999999/eligibility?runId=${relayRun.id}`, admin)).json().code).toBe(
      'TEAM_NOT_FOUND',
    );
  });
});
