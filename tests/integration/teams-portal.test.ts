import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, NewUser, User } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import { insertDepartment, insertTeam, insertUser } from '../support/factories.ts';

/**
 * The two team calls added for the portal's team screens (docs/decisions/016, "Addendum"): an admin
 * naming the captain of a new team (POST /teams captainId), and an admin finding the account to add
 * by its e-mail address (GET /teams/{id}/candidate?email); captains invite instead (docs/decisions/026).
 */
let t: TestApp;
let home: Department;
let away: Department;
let admin: User;
let captain: User;
let member: User;
let colleague: User;
let outsider: User;
let stranger: User;

const { db, call } = callsOn(() => t);
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: home.id, date_of_birth: '1990-01-01', ...overrides });
const teamCount = async () =>
  Number(
    (
      await db()
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const candidateUrl = (teamId: number, email: string) =>
  `/api/teams/${teamId}/candidate?email=${encodeURIComponent(email)}`;

beforeAll(async () => {
  t = await createTestApp();
  home = await insertDepartment(db(), { name: 'Home Fire Department' });
  away = await insertDepartment(db(), { name: 'Away Fire Department' });
  admin = await insertUser(db(), { role: 'admin', first_name: 'Ada', last_name: 'Min' });
  captain = await person({ first_name: 'Cap', last_name: 'Tain', email: 'cap@example.org' });
  member = await person({ first_name: 'Mem', last_name: 'Ber', email: 'mem@example.org' });
  colleague = await person({ first_name: 'Col', last_name: 'League', email: 'Col.League@Example.org' });
  outsider = await person({ first_name: 'Out', last_name: 'Sider', email: 'out@example.org', department_id: away.id });
  stranger = await person({ first_name: 'Stan', last_name: 'Ranger', email: 'stan@example.org' });
});
afterAll(() => t.close());

describe('POST /teams with captainId', () => {
  it('lets an admin name the captain: they become captain and only member, in their department by default', async () => {
    const res = await call('POST', '/api/teams', admin, {
      name: 'Named Captain',
      runType: 'relay',
      captainId: captain.id,
    });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      captainId: captain.id,
      captainName: 'Cap Tain',
      departmentId: home.id,
      memberCount: 1,
    });
    expect(team.members.map((m: { userId: number }) => m.userId)).toEqual([captain.id]);
    // The admin is not on the team; the captain now manages it.
    const rename = await call('PUT', `/api/teams/${team.id}`, captain, { name: 'Renamed by captain' });
    expect(rename.statusCode).toBe(200);
  });

  it('keeps the department rule for the named captain', async () => {
    const res = await call('POST', '/api/teams', admin, {
      name: 'Wrong department',
      runType: 'relay',
      captainId: captain.id,
      departmentId: away.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'HYBRID_REQUIRED',
      message: expect.stringContaining("the captain's department"),
    });
  });

  it('lets anyone name themselves, and refuses a user naming someone else (403), creating nothing', async () => {
    expect(
      (await call('POST', '/api/teams', captain, { name: 'Myself', runType: 'tech2', captainId: captain.id }))
        .statusCode,
    ).toBe(201);
    const before = await teamCount();
    const res = await call('POST', '/api/teams', captain, {
      name: 'For a friend',
      runType: 'tech2',
      captainId: member.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Only an admin') });
    expect(await teamCount()).toBe(before);
  });

  it('needs an existing, active account (404, 422) and a well-formed id (400)', async () => {
    const before = await teamCount();
    expect(
      (await call('POST', '/api/teams', admin, { name: 'Ghost', runType: 'relay', captainId: 999999 })).json(),
    ).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
    const inactive = await person({ is_active: false });
    expect(
      (await call('POST', '/api/teams', admin, { name: 'Asleep', runType: 'relay', captainId: inactive.id })).json(),
    ).toMatchObject({
      statusCode: 422,
      code: 'ACCOUNT_INACTIVE',
    });
    for (const captainId of ['7', 0, -1, 1.5, null]) {
      const res = await call('POST', '/api/teams', admin, { name: 'Bad', runType: 'relay', captainId });
      expect(res.statusCode, JSON.stringify(captainId)).toBe(400);
    }
    expect(await teamCount()).toBe(before);
  });
});

describe('GET /teams/{id}/candidate?email', () => {
  it('finds an account by its exact e-mail address, without regard to case, with no refusal when it can join', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'relay' }, [
      member.id,
    ]);
    const res = await call('GET', candidateUrl(team.id, '  col.league@EXAMPLE.org '), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: colleague.id,
      firstName: 'Col',
      lastName: 'League',
      departmentId: home.id,
      departmentName: 'Home Fire Department',
      isActive: true,
      isMember: false,
      refusal: null,
    });
    // Nothing changes: it only looks.
    expect((await call('GET', `/api/teams/${team.id}`, captain)).json().memberCount).toBe(2);
  });

  it('says why add-member would refuse: already a member, another department, a deactivated account, a full team', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'tech2' }, [
      member.id,
    ]);
    const refusal = async (email: string) => (await call('GET', candidateUrl(team.id, email), admin)).json();
    expect(await refusal('mem@example.org')).toMatchObject({
      userId: member.id,
      isMember: true,
      refusal: { code: 'ALREADY_MEMBER' },
    });
    expect(await refusal('col.league@example.org')).toMatchObject({
      refusal: { code: 'TEAM_FULL', message: expect.stringContaining('Team size rule') },
    });
    const open = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'relay' });
    expect((await call('GET', candidateUrl(open.id, 'out@example.org'), admin)).json()).toMatchObject({
      userId: outsider.id,
      departmentName: 'Away Fire Department',
      refusal: { code: 'HYBRID_REQUIRED', message: expect.stringContaining('Out Sider') },
    });
    await person({ email: 'asleep@example.org', is_active: false });
    expect((await call('GET', candidateUrl(open.id, 'asleep@example.org'), admin)).json()).toMatchObject({
      isActive: false,
      refusal: { code: 'ACCOUNT_INACTIVE' },
    });
  });

  it('answers 404 for an address no account uses, or an unknown team; 400 for a malformed address', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    expect((await call('GET', candidateUrl(team.id, 'nobody@example.org'), admin)).json()).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: 'No account uses that e-mail address.',
    });
    expect((await call('GET', candidateUrl(999999, 'cap@example.org'), admin)).json()).toMatchObject({
      statusCode: 404,
      code: 'TEAM_NOT_FOUND',
    });
    for (const url of [candidateUrl(team.id, 'not-an-address'), `/api/teams/${team.id}/candidate`]) {
      const res = await call('GET', url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for admins only: captains, members and others get 403 whatever they ask (docs/decisions/026); a deleted team is 409', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id }, [member.id]);
    expect((await call('GET', candidateUrl(team.id, 'cap@example.org'), captain)).statusCode).toBe(403);
    expect((await call('GET', candidateUrl(team.id, 'cap@example.org'), member)).statusCode).toBe(403);
    expect((await call('GET', candidateUrl(team.id, 'cap@example.org'), stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${team.id}/candidate?email=nonsense`, stranger)).statusCode).toBe(403);
    expect((await call('GET', candidateUrl(team.id, 'cap@example.org'))).statusCode).toBe(401);
    expect((await call('GET', candidateUrl(team.id, 'stan@example.org'), admin)).json()).toMatchObject({
      userId: stranger.id,
      refusal: null,
    });
    await call('POST', `/api/teams/${team.id}/soft-delete`, captain);
    expect((await call('GET', candidateUrl(team.id, 'stan@example.org'), admin)).json()).toMatchObject({
      statusCode: 409,
      code: 'TEAM_DELETED',
    });
  });
});
