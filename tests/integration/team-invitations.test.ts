import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_SENT_MESSAGE } from '../../api/contracts/teams.ts';
import type { Department, NewUser, User } from '../../api/db/schema.ts';
import { MAX_INVITATIONS_PER_DAY, MAX_PENDING_INVITATIONS } from '../../api/domain/teams/invitations.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type Caller, callsOn } from '../support/calls.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/**
 * Team invitations (docs/decisions/026): a captain cannot add people by id any more, nor learn who
 * exists; they invite by e-mail address, the person accepts or declines, and every rule of add-member
 * is checked again on acceptance. Also: a team's eligibility check (and every other read of a run on a
 * plain user's behalf) never tells anything of a run the caller may not see, such as a draft event's.
 */
let t: TestApp;
let home: Department;
let away: Department;
let admin: User;
let captain: User;

const { db, call } = callsOn(() => t);
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: home.id, date_of_birth: '1990-01-01', ...overrides });
const invite = (teamId: number, email: string, caller: Caller = captain) =>
  call('POST', `/api/teams/${teamId}/invitations`, caller, { email });
const memberIds = async (teamId: number) =>
  (
    await db().selectFrom('team_members').select('user_id').where('team_id', '=', teamId).orderBy('user_id').execute()
  ).map((r) => r.user_id);
const outboxTo = async (address: string) =>
  db().selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', address).execute();
const mine = async (caller: Caller) => (await call('GET', '/api/team-invitations', caller)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  home = await insertDepartment(db(), { name: 'Home Fire Department' });
  away = await insertDepartment(db(), { name: 'Away Fire Department' });
  admin = await insertUser(db(), { role: 'super-admin', first_name: 'Ada', last_name: 'Min' });
  captain = await person({ first_name: 'Cap', last_name: 'Tain', email: 'cap@example.org' });
});
afterAll(() => t.close());

describe("the attacker's walk: a plain captain trying user ids 1..N", () => {
  it('adds no one and learns nothing: no name, no department, no existence', async () => {
    // Everyone who exists, the super-admin among them, with names the walk must never see.
    const victims = [
      await person({ first_name: 'Secret', last_name: 'Colleague' }),
      await person({ first_name: 'Hidden', last_name: 'Outsider', department_id: away.id }),
      await person({ first_name: 'Asleep', last_name: 'Account', is_active: false }),
    ];
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'relay' });
    const highest = Math.max(...victims.map((v) => v.id), admin.id) + 3;
    const answers = new Set<string>();
    for (let id = 1; id <= highest; id++) {
      if (id === captain.id) continue;
      const add = await call('PATCH', `/api/teams/${team.id}/add-member/${id}`, captain);
      const hybrid = await call('POST', `/api/teams/${team.id}/hybrid`, captain, { memberIds: [captain.id, id] });
      const transfer = await call('POST', `/api/teams/${team.id}/transfer-ownership/${id}`, captain);
      const remove = await call('PATCH', `/api/teams/${team.id}/remove-member/${id}`, captain);
      for (const res of [add, hybrid, transfer, remove]) {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.body).not.toMatch(/Secret|Colleague|Hidden|Outsider|Asleep|Account|Ada|Min\b/);
        // details may echo the id that was sent, nothing more.
        const { details, requestId: _, ...rest } = res.json();
        if (details !== undefined) expect(details).toEqual({ userId: id });
        answers.add(`${res.statusCode} ${JSON.stringify(rest)}`);
      }
    }
    // One answer per call whatever the id: nothing tells an account from none.
    expect(answers.size).toBe(4);
    expect(await memberIds(team.id)).toEqual([captain.id]);
    expect((await call('GET', `/api/teams/${team.id}`, captain)).json().members).toHaveLength(1);
    // The candidate lookup (which named the account behind an address) is for admins only now.
    const lookup = await call('GET', `/api/teams/${team.id}/candidate?email=person1%40example.org`, captain);
    expect(lookup.statusCode).toBe(403);
  });

  it('gets the same answer to an invitation whatever the address, and sees only what it typed', async () => {
    const colleague = await person({ first_name: 'Real', last_name: 'Person', email: 'real@example.org' });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'relay' });
    const answers = [];
    for (const email of ['real@example.org', 'nobody-at-all@example.org', 'ADMIN@example.org']) {
      const res = await invite(team.id, email);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ message: INVITATION_SENT_MESSAGE }) });
    const pending = (await call('GET', `/api/teams/${team.id}/invitations`, captain)).json().data;
    expect(pending.map((i: { email: string }) => i.email)).toEqual([
      'real@example.org',
      'nobody-at-all@example.org',
      'admin@example.org',
    ]);
    expect(JSON.stringify(pending)).not.toContain('Real');
    // Nobody joined: the person must say yes.
    expect(await memberIds(team.id)).toEqual([captain.id]);
    expect(await mine(colleague)).toHaveLength(1);
  });
});

describe('an invitation, accepted or declined', () => {
  it('mails the person, who sees it, accepts it and joins; the captain sees it leave the pending list', async () => {
    const invitee = await person({ first_name: 'Ivy', last_name: 'Tee', email: 'Ivy.Tee@Example.org' });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, name: 'Hose Haulers' });
    expect((await invite(team.id, '  ivy.tee@EXAMPLE.org ')).statusCode).toBe(202);
    // A second invitation to the same address while one is pending: the same answer, no second mail.
    expect((await invite(team.id, 'ivy.tee@example.org')).statusCode).toBe(202);
    await t.app.mailer.idle();
    const mails = await outboxTo('Ivy.Tee@Example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'You are invited to join Hose Haulers' });
    expect(mails[0]?.text_body).toContain('Cap Tain invited you');

    const [invitation] = await mine(invitee);
    expect(invitation).toMatchObject({
      teamId: team.id,
      teamName: 'Hose Haulers',
      runType: 'relay',
      departmentName: 'Home Fire Department',
      captainName: 'Cap Tain',
      isHybrid: false,
    });
    // Only the invitee answers it: anyone else, the captain included, is told it does not exist.
    for (const other of [captain, await person()]) {
      for (const action of ['accept', 'decline']) {
        const res = await call('POST', `/api/team-invitations/${invitation.id}/${action}`, other);
        expect(res.json()).toMatchObject({ statusCode: 404, code: 'INVITATION_NOT_FOUND' });
      }
    }
    const accepted = await call('POST', `/api/team-invitations/${invitation.id}/accept`, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().members.map((m: { userId: number }) => m.userId)).toEqual([captain.id, invitee.id]);
    expect(await mine(invitee)).toEqual([]);
    expect((await call('GET', `/api/teams/${team.id}/invitations`, captain)).json().data).toEqual([]);
    // Accepting twice finds nothing.
    expect((await call('POST', `/api/team-invitations/${invitation.id}/accept`, invitee)).statusCode).toBe(404);
  });

  it('reaches only an account that proved it reads the address (verified)', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    const squatter = await person({ email: 'unproven@example.org', is_verified: false });
    await invite(team.id, 'unproven@example.org');
    expect(await mine(squatter)).toEqual([]);
    const [pending] = (await call('GET', `/api/teams/${team.id}/invitations`, captain)).json().data;
    expect((await call('POST', `/api/team-invitations/${pending.id}/accept`, squatter)).statusCode).toBe(404);
    await db().updateTable('users').set({ is_verified: true }).where('id', '=', squatter.id).execute();
    expect(await mine(squatter)).toHaveLength(1);
  });

  it('lets the person decline, and the captain or an admin cancel; a stranger can do neither', async () => {
    const invitee = await person({ email: 'decliner@example.org' });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    await invite(team.id, 'decliner@example.org');
    const [first] = await mine(invitee);
    const declined = await call('POST', `/api/team-invitations/${first.id}/decline`, invitee);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ data: [] });
    expect(await memberIds(team.id)).toEqual([captain.id]);

    await invite(team.id, 'decliner@example.org');
    const [second] = (await call('GET', `/api/teams/${team.id}/invitations`, captain)).json().data;
    const stranger = await person();
    expect((await call('POST', `/api/teams/${team.id}/invitations/${second.id}/cancel`, stranger)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/teams/${team.id}/invitations`, stranger)).statusCode).toBe(403);
    expect((await invite(team.id, 'x@example.org', stranger)).statusCode).toBe(403);
    const cancelled = await call('POST', `/api/teams/${team.id}/invitations/${second.id}/cancel`, admin);
    expect(cancelled.json()).toEqual({ data: [] });
    expect(await mine(invitee)).toEqual([]);
    expect((await call('POST', `/api/teams/${team.id}/invitations/${second.id}/cancel`, captain)).json()).toMatchObject(
      { statusCode: 404, code: 'INVITATION_NOT_FOUND' },
    );
    // Another team's invitation id through this team's path: not found either.
    const other = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    await invite(other.id, 'decliner@example.org');
    const [third] = (await call('GET', `/api/teams/${other.id}/invitations`, captain)).json().data;
    expect((await call('POST', `/api/teams/${team.id}/invitations/${third.id}/cancel`, captain)).statusCode).toBe(404);
  });

  it('checks every rule again on acceptance, and keeps the invitation when one fails; mails only who can join', async () => {
    const outsider = await person({
      first_name: 'Out',
      last_name: 'Sider',
      email: 'out@example.org',
      department_id: away.id,
    });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'relay' });
    await invite(team.id, 'out@example.org');
    await t.app.mailer.idle();
    expect(await outboxTo('out@example.org')).toEqual([]);
    const [invitation] = await mine(outsider);
    const refused = await call('POST', `/api/team-invitations/${invitation.id}/accept`, outsider);
    expect(refused.json()).toMatchObject({ statusCode: 422, code: 'HYBRID_REQUIRED' });
    expect(await memberIds(team.id)).toEqual([captain.id]);
    // The captain makes the team hybrid with its current members; then the outsider can join.
    const hybrid = await call('POST', `/api/teams/${team.id}/hybrid`, captain, { memberIds: [captain.id] });
    expect(hybrid.statusCode).toBe(200);
    expect((await call('POST', `/api/team-invitations/${invitation.id}/accept`, outsider)).statusCode).toBe(200);

    // A full team at the time of acceptance.
    const pair = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'tech2' });
    const late = await person({ email: 'late@example.org' });
    const early = await person({ email: 'early@example.org' });
    await invite(pair.id, 'late@example.org');
    await invite(pair.id, 'early@example.org');
    const [earlyInvitation] = await mine(early);
    expect((await call('POST', `/api/team-invitations/${earlyInvitation.id}/accept`, early)).statusCode).toBe(200);
    const [lateInvitation] = await mine(late);
    expect((await call('POST', `/api/team-invitations/${lateInvitation.id}/accept`, late)).json()).toMatchObject({
      statusCode: 422,
      code: 'TEAM_FULL',
    });
    expect(await mine(late)).toHaveLength(1);
    // A full team sends no more invitations (a refusal about the team, never about the person).
    expect((await invite(pair.id, 'anyone@example.org')).json()).toMatchObject({ statusCode: 422, code: 'TEAM_FULL' });

    // A deleted team: its invitations disappear from the person's list and cannot be accepted.
    const gone = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    await invite(gone.id, 'late@example.org');
    const goneInvitation = (await mine(late)).find((i: { teamId: number }) => i.teamId === gone.id);
    await call('POST', `/api/teams/${gone.id}/soft-delete`, captain);
    expect((await mine(late)).some((i: { teamId: number }) => i.teamId === gone.id)).toBe(false);
    expect((await call('POST', `/api/team-invitations/${goneInvitation.id}/accept`, late)).statusCode).toBe(404);
    expect((await invite(gone.id, 'x@example.org')).json().code).toBe('TEAM_DELETED');
  });

  it('still lets an admin add someone directly, and make a team hybrid with anyone', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    const colleague = await person();
    const outsider = await person({ department_id: away.id });
    expect((await call('PATCH', `/api/teams/${team.id}/add-member/${colleague.id}`, admin)).statusCode).toBe(200);
    const hybrid = await call('POST', `/api/teams/${team.id}/hybrid`, admin, {
      memberIds: [captain.id, colleague.id, outsider.id],
    });
    expect(hybrid.statusCode).toBe(200);
    // A captain may still drop members through the hybrid call.
    expect(
      (await call('POST', `/api/teams/${team.id}/hybrid`, captain, { memberIds: [captain.id, colleague.id] }))
        .statusCode,
    ).toBe(200);
    expect(await memberIds(team.id)).toEqual([captain.id, colleague.id].sort((a, b) => a - b));
  });

  it('bounds the pending invitations of a team, and refuses malformed input with a 400 that changes nothing', async () => {
    const busy = await person();
    const team = await insertTeam(db(), { captain_id: busy.id, department_id: home.id });
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      expect((await invite(team.id, `bulk${i}@example.org`, busy)).statusCode).toBe(202);
    }
    expect((await invite(team.id, 'one-more@example.org', busy)).json()).toMatchObject({
      statusCode: 422,
      code: 'TOO_MANY_INVITATIONS',
    });
    // The daily limit is the inviter's, over all their teams: new teams do not reset it.
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await insertTeam(db(), { captain_id: busy.id, department_id: home.id }));
    let sent = MAX_PENDING_INVITATIONS;
    for (const [n, extra] of more.entries()) {
      for (let i = 0; i < 5 && sent < MAX_INVITATIONS_PER_DAY; i++, sent++) {
        expect((await invite(extra.id, `more${n}-${i}@example.org`, busy)).statusCode).toBe(202);
      }
    }
    const limited = await invite(more[2]!.id, 'over@example.org', busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_INVITATIONS');
    expect(limited.headers['retry-after']).toBeDefined();
    const other = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }, { email: 'a@example.org', extra: 1 }, []]) {
      const res = await call('POST', `/api/teams/${other.id}/invitations`, captain, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const id of ['0', 'abc', '99999999999']) {
      expect((await call('POST', `/api/team-invitations/${id}/accept`, captain)).statusCode, id).toBe(400);
    }
    expect((await call('GET', `/api/teams/${other.id}/invitations`, captain)).json().data).toEqual([]);
    expect((await call('GET', '/api/team-invitations')).statusCode).toBe(401);
  });

  it('lets only one of two people accepting at once take the last place', async () => {
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id, run_type: 'tech2' });
    const a = await person({ email: 'race-a@example.org' });
    const b = await person({ email: 'race-b@example.org' });
    await invite(team.id, 'race-a@example.org');
    await invite(team.id, 'race-b@example.org');
    const [ia] = await mine(a);
    const [ib] = await mine(b);
    const results = await Promise.all([
      call('POST', `/api/team-invitations/${ia.id}/accept`, a),
      call('POST', `/api/team-invitations/${ib.id}/accept`, b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await memberIds(team.id)).toHaveLength(2);
  });
});

describe("a run the caller may not see (a draft event's) through the team calls", () => {
  it("never tells a plain user a draft event's start date, nor that its run exists", async () => {
    const draft = await insertEvent(db(), { status: 'Draft', start_date: '2031-02-14', end_date: '2031-02-15' });
    const hiddenRun = await insertRun(db(), draft.id, { type: 'relay', name: 'Relay: Open', category: 'Open' });
    const inactive = await insertEvent(db(), { is_active: false, start_date: '2031-03-15' });
    const inactiveRun = await insertRun(db(), inactive.id, { type: 'relay', category: 'Open' });
    const published = await insertEvent(db(), { start_date: '2031-04-16' });
    const offRun = await insertRun(db(), published.id, { type: 'relay', category: 'Open', is_active: false });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: home.id });
    for (const run of [hiddenRun, inactiveRun, offRun]) {
      for (const url of [
        `/api/teams/${team.id}/eligibility?runId=${run.id}`,
        `/api/teams/${team.id}?runId=${run.id}`,
        `/api/teams/run/${run.id}`,
      ]) {
        const res = await call('GET', url, captain);
        expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'RUN_NOT_FOUND' });
        expect(res.body).not.toContain('2031');
      }
      const registration = await call('POST', '/api/registrations', captain, { runId: run.id, teamId: team.id });
      expect(registration.json()).toMatchObject({ statusCode: 404, code: 'RUN_NOT_FOUND' });
      expect(registration.body).not.toMatch(/Draft|2031|not active/);
      // An admin still checks a team against it.
      const asAdmin = await call('GET', `/api/teams/${team.id}/eligibility?runId=${run.id}`, admin);
      expect(asAdmin.statusCode).toBe(200);
    }
    // The same answer as for a run that does not exist at all.
    expect((await call('GET', `/api/teams/${team.id}/eligibility?runId=999999`, captain)).json()).toMatchObject({
      statusCode: 404,
      code: 'RUN_NOT_FOUND',
    });
    // A published event's active run is checked as before.
    const open = await insertRun(db(), published.id, { type: 'relay', category: 'Open' });
    expect((await call('GET', `/api/teams/${team.id}/eligibility?runId=${open.id}`, captain)).json()).toMatchObject({
      eventStartDate: '2031-04-16',
    });
  });
});
