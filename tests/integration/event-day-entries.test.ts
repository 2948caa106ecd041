import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Department, EventRow, NewUser, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
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

/**
 * Event day through HTTP on the real app and database (docs/decisions/045, 046): late entries placed on
 * the board, scratches and no-shows with their DNS results, substitutions that keep the slot.
 */

let t: TestApp;
let admin: User;
let department: Department;
/** An event running today; its registration window closed two days ago. */
let today: EventRow;

const db = () => t.database.db;
const send = (method: Method, url: string, payload?: unknown, caller: User | null = admin) =>
  callAs(t.app, method, url, caller ?? undefined, payload);
const person = (overrides: Partial<NewUser> = {}) =>
  insertUser(db(), { department_id: department.id, date_of_birth: '1990-04-12', gender: 'male', ...overrides });

async function ok<T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await send(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const board = (runId: number) => ok<RunOrderView>('GET', `/api/run-orders/run/${runId}/full`);
const orderCommand = (runId: number, path: string, version: number, body: object = {}, method: Method = 'POST') =>
  ok<RunOrderView>(method, `/api/run-orders/run/${runId}${path}`, { expectedVersion: version, ...body });
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
  admin = await insertUser(db(), { role: 'admin' });
  department = await insertDepartment(db());
  const day = todayIn(t.app.config.siteTimeZone);
  today = await insertEvent(db(), {
    status: 'In Progress',
    start_date: addDays(day, -1),
    end_date: addDays(day, 1),
    registration_opens_on: addDays(day, -60),
    registration_closes_on: addDays(day, -2),
  });
});
afterAll(async () => {
  await t?.close();
});

/** An individual run of today's event with `count` confirmed entrants, ordered by a generate. */
async function orderedRun(count: number, limit = 50) {
  const run = await insertRun(db(), today.id, { participant_limit: limit });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await insertRegistration(db(), { runId: run.id, userId: (await person()).id })).id);
  const view = await orderCommand(run.id, '/generate', 0, { heatSize: 3 });
  return { run, ids, view };
}

describe('late entries', () => {
  it('an admin enters someone after the window closed; recorded as late; placed beside the last runner, never alone', async () => {
    const { run, view } = await orderedRun(12);
    const late = await person({ first_name: 'Jordan', last_name: 'Late' });
    // The ordinary way is closed.
    const closed = await send('POST', '/api/registrations', { runId: run.id, userId: late.id });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe('REGISTRATION_CLOSED');

    const entry = await ok<RegistrationDto>(
      'POST',
      '/api/registrations/late-entry',
      { runId: run.id, userId: late.id },
      201,
    );
    expect(entry).toMatchObject({ userId: late.id, status: 'confirmed', isLate: true, entrantName: 'Jordan Late' });
    const history = await ok<{ data: { summary: string }[] }>('GET', `/api/registrations/${entry.id}/history`);
    expect(history.data.map((h) => h.summary)).toContain('Entered late on event day and confirmed');

    const before = await board(run.id);
    expect(before.unplaced.find((u) => u.registrationId === entry.id)?.isLate).toBe(true);
    const placed = await orderCommand(run.id, `/registrations/${entry.id}/insert`, view.version);
    // Heats of three pairs: twelve fill two heats; the thirteenth is partnered by the last runner of heat 2.
    const heat3 = placed.positions.filter((p) => p.heat === 3 && p.registrationId !== null);
    expect(heat3).toHaveLength(2);
    expect(heat3.map((p) => p.registrationId)).toContain(entry.id);
    expect(placed.positions.filter((p) => p.heat === 2 && p.registrationId !== null)).toHaveLength(5);
  });

  it('placing a late entry moves nobody in a heat underway or with a result (docs/decisions/045)', async () => {
    // Heats of three pairs: eighteen fill three heats; the last of heat 3 (lane 18) has run.
    const { run, ids, view } = await orderedRun(18);
    const last = view.slots[17] as number;
    expect(ids).toContain(last);
    await ok('POST', '/api/results', { registrationId: last, expectedVersion: 0, outcome: 'dnf' });
    const running = await orderCommand(run.id, '/current-heat', view.version, { heat: 3 }, 'PATCH');
    const late = await ok<RegistrationDto>(
      'POST',
      '/api/registrations/late-entry',
      { runId: run.id, userId: (await person()).id },
      201,
    );
    const placed = await orderCommand(run.id, `/registrations/${late.id}/insert`, running.version);
    expect(placed.slots.slice(0, 18)).toEqual(view.slots.slice(0, 18));
    expect(placed.positions.find((p) => p.registrationId === last)).toMatchObject({ position: 18, heat: 3 });
    expect(placed.positions.find((p) => p.registrationId === late.id)?.heat).toBe(4);
    // Moving him by hand is refused too.
    const move = await send('PATCH', `/api/run-orders/run/${run.id}/positions/move`, {
      expectedVersion: placed.version,
      sourcePosition: 18,
      targetPosition: 19,
    });
    expect([move.statusCode, move.json().code]).toEqual([409, 'HEAT_UNDERWAY']);
  });

  it('keeps every other rule: once per run, eligibility, the limit; event day only; admins only', async () => {
    const run = await insertRun(db(), today.id, { participant_limit: 1 });
    const first = await person();
    await ok('POST', '/api/registrations/late-entry', { runId: run.id, userId: first.id }, 201);
    const count = await eventCount();
    const again = await send('POST', '/api/registrations/late-entry', { runId: run.id, userId: first.id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REGISTERED']);
    const full = await send('POST', '/api/registrations/late-entry', { runId: run.id, userId: (await person()).id });
    expect([full.statusCode, full.json().code]).toEqual([409, 'RUN_FULL']);
    const open = await insertRun(db(), today.id);
    const young = await send('POST', '/api/registrations/late-entry', {
      runId: open.id,
      userId: (await person({ date_of_birth: '2015-01-01' })).id,
    });
    expect([young.statusCode, young.json().code]).toEqual([422, 'TOO_YOUNG']);

    const later = await insertEvent(db(), { start_date: addDays(todayIn(t.app.config.siteTimeZone), 20) });
    const laterRun = await insertRun(db(), later.id);
    const early = await send('POST', '/api/registrations/late-entry', { runId: laterRun.id, userId: first.id });
    expect([early.statusCode, early.json().code]).toEqual([422, 'NOT_EVENT_DAY']);

    const self = await person();
    const notAdmin = await send('POST', '/api/registrations/late-entry', { runId: open.id, userId: self.id }, self);
    expect(notAdmin.statusCode).toBe(403);
    const both = await send('POST', '/api/registrations/late-entry', { runId: open.id, userId: self.id, teamId: 1 });
    expect([both.statusCode, both.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const neither = await send('POST', '/api/registrations/late-entry', { runId: open.id });
    expect(neither.statusCode).toBe(400);
    const missing = await send('POST', '/api/registrations/late-entry', { runId: 999_999, userId: self.id });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'RUN_NOT_FOUND']);
    expect(await eventCount()).toBe(count);
  });

  it('the picker offers only people a late entry would admit, not those already entered; refusals are worded for the admin', async () => {
    const run = await insertRun(db(), today.id, { participant_limit: 50 });
    const picker = (first: string, extra: Partial<NewUser> = {}) =>
      person({ first_name: first, last_name: 'Picker', email: `${first.toLowerCase()}.picker@example.org`, ...extra });
    const entered = await picker('Jordan');
    await insertRegistration(db(), { runId: run.id, userId: entered.id });
    const waiting = await picker('Wade');
    await insertRegistration(db(), { runId: run.id, userId: waiting.id, status: 'waitlisted' });
    const cancelled = await picker('Cleo');
    const gone = await insertRegistration(db(), { runId: run.id, userId: cancelled.id });
    await ok('PATCH', `/api/registrations/${gone.id}/cancel`, {});
    await picker('Young', { date_of_birth: '2015-01-01' });
    await picker('Unverified', { is_verified: false });
    await picker('Senior', { date_of_birth: '1950-01-01' });
    const free = await picker('Avery');
    const candidates = async (query: string, runId = run.id, caller: User = admin) => {
      const res = await send(
        'GET',
        `/api/registrations/late-entry/candidates?runId=${runId}&query=${encodeURIComponent(query)}`,
        undefined,
        caller,
      );
      return res;
    };
    const offered = await candidates('picker');
    expect(offered.statusCode, offered.body).toBe(200);
    // Cleo's cancelled registration holds no place: she may come back late.
    expect(offered.json().data.map((c: { name: string }) => c.name)).toEqual(['Avery Picker', 'Cleo Picker']);
    expect(offered.json().data[0]).toEqual({
      userId: free.id,
      teamId: null,
      name: 'Avery Picker',
      email: 'avery.picker@example.org',
      departmentName: department.name,
    });
    expect(offered.json().meta).toEqual({ offered: 2, judged: 7 });

    // Entering someone already in the run anyway: the admin is told who, not "you".
    const again = await send('POST', '/api/registrations/late-entry', { runId: run.id, userId: entered.id });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'ALREADY_REGISTERED',
      'Jordan Picker is already entered in this run.',
    ]);

    // Relay runs offer teams of the format that are not entered yet.
    const relay = await insertRun(db(), today.id, { type: 'relay', category: 'Men', name: 'Relay: Men' });
    const team = async (name: string, runType: 'relay' | 'tech2' = 'relay') => {
      const [captain, m1, m2] = [await person(), await person(), await person()];
      return insertTeam(db(), { captain_id: captain.id, department_id: department.id, run_type: runType, name }, [
        m1.id,
        m2.id,
      ]);
    };
    const inRelay = await team('Picker Hose Crew');
    await insertRegistration(db(), { runId: relay.id, teamId: inRelay.id });
    const open = await team('Picker Ladder Crew');
    await team('Picker Tandem', 'tech2');
    const teams = await candidates('picker', relay.id);
    expect(teams.statusCode, teams.body).toBe(200);
    expect(teams.json().data).toMatchObject([{ teamId: open.id, userId: null, name: 'Picker Ladder Crew' }]);
    const teamAgain = await send('POST', '/api/registrations/late-entry', { runId: relay.id, teamId: inRelay.id });
    expect(teamAgain.json().message).toBe('Picker Hose Crew is already entered in this run.');

    // A run that takes no late entry today says why; admins only; a query is needed.
    const later = await insertEvent(db(), { start_date: addDays(todayIn(t.app.config.siteTimeZone), 20) });
    const early = await candidates('picker', (await insertRun(db(), later.id)).id);
    expect([early.statusCode, early.json().code]).toEqual([422, 'NOT_EVENT_DAY']);
    expect((await candidates('picker', run.id, free)).statusCode).toBe(403);
    expect((await candidates('', run.id)).statusCode).toBe(400);
    expect((await candidates('picker', 999_999)).statusCode).toBe(404);
  });

  it('a retried late entry (same command id) answers the first registration and appends nothing', async () => {
    const open = await insertRun(db(), today.id);
    const who = await person();
    const body = { runId: open.id, userId: who.id, commandId: 'late-entry-retry-1' };
    const first = await ok<RegistrationDto>('POST', '/api/registrations/late-entry', body, 201);
    const count = await eventCount();
    const again = await ok<RegistrationDto>('POST', '/api/registrations/late-entry', body, 201);
    expect(again.id).toBe(first.id);
    expect(await eventCount()).toBe(count);
  });

  it('takes a team in a relay run, a person only in an individual one', async () => {
    const relay = await insertRun(db(), today.id, { type: 'relay', category: 'Men', name: 'Relay: Men' });
    const [captain, m1, m2] = [await person(), await person(), await person()];
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: department.id, run_type: 'relay' }, [
      m1.id,
      m2.id,
    ]);
    const entry = await ok<RegistrationDto>(
      'POST',
      '/api/registrations/late-entry',
      { runId: relay.id, teamId: team.id },
      201,
    );
    expect(entry).toMatchObject({ teamId: team.id, isLate: true, status: 'confirmed' });
    const person1 = await send('POST', '/api/registrations/late-entry', { runId: relay.id, userId: m1.id });
    expect([person1.statusCode, person1.json().code]).toEqual([422, 'TEAM_REQUIRED']);
  });
});

describe('scratches and no-shows', () => {
  it('a scratch keeps the slot, shows on the display, records DNS; undo lifts both, redo brings them back', async () => {
    const { run, ids, view } = await orderedRun(4);
    const target = view.slots[2] as number;
    const marked = await orderCommand(
      run.id,
      `/registrations/${target}/mark`,
      view.version,
      { mark: 'scratched' },
      'PATCH',
    );
    expect(marked.slots).toEqual(view.slots);
    expect(marked.marks).toEqual({ [String(target)]: 'scratched' });
    expect(marked.canUndo).toBe(true);

    const display = await send('GET', `/api/run-orders/run/${run.id}/display`, undefined, null);
    const lanes = display
      .json()
      .heats.flatMap((h: { pairs: { lanes: unknown[] }[] }) => h.pairs.flatMap((p) => p.lanes));
    expect(lanes.find((l: { position: number }) => l.position === 3)).toMatchObject({ mark: 'scratched' });
    expect(lanes.filter((l: { mark: string | null }) => l.mark === null)).toHaveLength(3);
    // The competitor's own "your heat" carries the same mark, from the same run order.
    const { user_id } = await db()
      .selectFrom('registrations')
      .select('user_id')
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    const entrant = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user_id as number)
      .executeTakeFirstOrThrow();
    const myHeat = async () => {
      const res = await send('GET', `/api/run-orders/mine?eventId=${today.id}`, undefined, entrant);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { registrationId: number; mark: string | null }[] }).data;
    };
    expect(await myHeat()).toMatchObject([{ registrationId: target, mark: 'scratched' }]);

    const result = await ok<{ outcome: string; recorded: boolean }>('GET', `/api/results/registration/${target}`);
    expect(result).toMatchObject({ outcome: 'dns', recorded: true });

    // scratched -> no-show: still DNS, nothing new on the result.
    const noShow = await orderCommand(
      run.id,
      `/registrations/${target}/mark`,
      marked.version,
      { mark: 'no-show' },
      'PATCH',
    );
    expect(noShow.marks).toEqual({ [String(target)]: 'no-show' });
    const stillOne = await ok<{ version: number }>('GET', `/api/results/registration/${target}`);
    expect(stillOne.version).toBe(1);

    const undone = await orderCommand(run.id, '/undo', noShow.version);
    expect(undone.marks).toEqual({ [String(target)]: 'scratched' });
    const twice = await orderCommand(run.id, '/undo', undone.version);
    expect(twice.marks).toEqual({});
    expect(await myHeat()).toMatchObject([{ registrationId: target, mark: null }]);
    const voided = await ok<{ recorded: boolean; voidedAttempts: { outcome: string; reason: string }[] }>(
      'GET',
      `/api/results/registration/${target}`,
    );
    expect(voided.recorded).toBe(false);
    expect(voided.voidedAttempts).toMatchObject([
      { outcome: 'dns', reason: 'Scratch or no-show lifted on the run order' },
    ]);

    const redone = await orderCommand(run.id, '/redo', twice.version);
    expect(redone.marks).toEqual({ [String(target)]: 'scratched' });
    expect(await ok('GET', `/api/results/registration/${target}`)).toMatchObject({ outcome: 'dns', recorded: true });

    // The read models rebuilt from the log agree with the live ones.
    const before = await board(run.id);
    await rebuildProjections(db(), PROJECTIONS);
    expect(await board(run.id)).toEqual(before);
    expect(ids).toContain(target);
  });

  it('refuses an entrant with another result, one not placed, a bad mark; nothing changes', async () => {
    const { run, view } = await orderedRun(2);
    const ran = view.slots[0] as number;
    await ok('POST', '/api/results', { registrationId: ran, expectedVersion: 0, outcome: 'dnf' });
    const stranger = (await insertRegistration(db(), { runId: run.id, userId: (await person()).id })).id;
    const count = await eventCount();
    const res = await send('PATCH', `/api/run-orders/run/${run.id}/registrations/${ran}/mark`, {
      expectedVersion: view.version,
      mark: 'no-show',
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'RESULT_RECORDED']);
    const notPlaced = await send('PATCH', `/api/run-orders/run/${run.id}/registrations/${stranger}/mark`, {
      expectedVersion: view.version,
      mark: 'scratched',
    });
    expect([notPlaced.statusCode, notPlaced.json().code]).toEqual([409, 'NOT_PLACED']);
    const bad = await send('PATCH', `/api/run-orders/run/${run.id}/registrations/${ran}/mark`, {
      expectedVersion: view.version,
      mark: 'gone',
    });
    expect(bad.statusCode).toBe(400);
    expect(await eventCount()).toBe(count);
    expect((await board(run.id)).marks).toEqual({});
  });
});

describe('substitutions', () => {
  it('another competitor takes an individual slot: same registration and position, history kept', async () => {
    const { run, view } = await orderedRun(4);
    const id = view.slots[1] as number;
    const sub = await person({ first_name: 'Casey', last_name: 'Sub' });
    const res = await ok<RegistrationDto>('POST', `/api/registrations/${id}/substitute`, { userId: sub.id });
    expect(res).toMatchObject({ id, userId: sub.id, entrantName: 'Casey Sub', status: 'confirmed' });
    const after = await board(run.id);
    expect(after.slots).toEqual(view.slots);
    expect(after.positions[1]?.entry?.name).toBe('Casey Sub');
    const history = await ok<{ data: { summary: string }[] }>('GET', `/api/registrations/${id}/history`);
    expect(history.data.map((h) => h.summary).join(' | ')).toContain(`user ${sub.id} takes the place of user`);
  });

  it("the run order's history shows a substitution as one line, and earlier lines name who held the entry then", async () => {
    const run = await insertRun(db(), today.id, { participant_limit: 50 });
    const avery = await person({ first_name: 'Avery', last_name: 'Thompson' });
    const id = (await insertRegistration(db(), { runId: run.id, userId: avery.id })).id;
    await insertRegistration(db(), { runId: run.id, userId: (await person()).id });
    const generated = await orderCommand(run.id, '/generate', 0, { heatSize: 3 });
    const from = generated.slots.indexOf(id) + 1;
    const to = from === 1 ? 2 : 1;
    const moved = await orderCommand(
      run.id,
      '/positions/move',
      generated.version,
      { sourcePosition: from, targetPosition: to },
      'PATCH',
    );
    const jordan = await person({ first_name: 'Jordan', last_name: 'Okafor' });
    await ok('POST', `/api/registrations/${id}/substitute`, { userId: jordan.id });

    const history = await ok<{
      data: { id: number; kind: string; version: number; summary: string; actor: { id: number } | null }[];
      meta: { total: number };
    }>('GET', `/api/run-orders/run/${run.id}/history?perPage=50`);
    const [newest, ...older] = history.data;
    expect(newest).toMatchObject({
      kind: 'substitution',
      version: moved.version,
      summary: 'Jordan Okafor substituted for Avery Thompson',
      actor: { id: admin.id },
    });
    expect(history.meta.total).toBe(moved.version + 1);
    expect(older.every((item) => item.kind === 'order')).toBe(true);
    // The move happened while Avery held the entry: it says so, not the substitute's name.
    expect(older[0]?.summary).toBe(`Moved Avery Thompson from position ${from} to ${to}`);
    expect(older.map((item) => item.summary).join(' | ')).not.toContain('Jordan');
    expect(new Set(history.data.map((item) => item.id)).size).toBe(history.data.length);
  });

  it('refuses an ineligible substitute, someone already entered, an entry that ran, strangers; nothing changes', async () => {
    const { view } = await orderedRun(3);
    const [a, b, c] = view.slots as number[];
    const count = await eventCount();
    const young = await send('POST', `/api/registrations/${a}/substitute`, {
      userId: (await person({ date_of_birth: '2014-02-02' })).id,
    });
    expect([young.statusCode, young.json().code]).toEqual([422, 'TOO_YOUNG']);
    const entered = await db()
      .selectFrom('registrations')
      .select('user_id')
      .where('id', '=', b as number)
      .executeTakeFirstOrThrow();
    const twice = await send('POST', `/api/registrations/${a}/substitute`, { userId: entered.user_id });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_REGISTERED']);
    const stale = await send('POST', `/api/registrations/${a}/substitute`, {
      userId: (await person()).id,
      expectedVersion: 5,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const nobody = await send('POST', `/api/registrations/${a}/substitute`, { userId: 999_999 });
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'USER_NOT_FOUND']);
    const self = await person();
    const notAdmin = await send('POST', `/api/registrations/${a}/substitute`, { userId: self.id }, self);
    expect(notAdmin.statusCode).toBe(403);
    expect(await eventCount()).toBe(count);
    await ok('POST', '/api/results', { registrationId: c, expectedVersion: 0, outcome: 'dnf' });
    const ran = await send('POST', `/api/registrations/${c}/substitute`, { userId: self.id });
    expect([ran.statusCode, ran.json().code]).toEqual([409, 'RESULT_RECORDED']);
  });

  it('a team member is replaced on the roster, eligibility checked; the captain is not', async () => {
    const run = await insertRun(db(), today.id, { type: 'relay', category: 'Men', name: 'Relay: Men' });
    const [captain, m1, m2] = [await person(), await person(), await person()];
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: department.id, run_type: 'relay' }, [
      m1.id,
      m2.id,
    ]);
    const reg = await insertRegistration(db(), { runId: run.id, teamId: team.id });
    const view = await orderCommand(run.id, '/generate', 0);
    const incoming = await person();
    const res = await ok<RegistrationDto>('POST', `/api/registrations/${reg.id}/substitute`, {
      userId: incoming.id,
      replacedUserId: m2.id,
    });
    expect(res).toMatchObject({ id: reg.id, teamId: team.id, version: 2 });
    const roster = await db().selectFrom('team_members').select('user_id').where('team_id', '=', team.id).execute();
    expect(roster.map((r) => r.user_id).sort((x, y) => x - y)).toEqual(
      [captain.id, m1.id, incoming.id].sort((x, y) => x - y),
    );
    expect((await board(run.id)).slots).toEqual(view.slots);

    const other = await person({ department_id: (await insertDepartment(db())).id });
    const mixed = await send('POST', `/api/registrations/${reg.id}/substitute`, {
      userId: other.id,
      replacedUserId: m1.id,
    });
    expect([mixed.statusCode, mixed.json().code]).toEqual([422, 'HYBRID_FLAG_REQUIRED']);
    const noMember = await send('POST', `/api/registrations/${reg.id}/substitute`, { userId: (await person()).id });
    expect([noMember.statusCode, noMember.json().code]).toEqual([422, 'MEMBER_REQUIRED']);
    const captainOut = await send('POST', `/api/registrations/${reg.id}/substitute`, {
      userId: (await person()).id,
      replacedUserId: captain.id,
    });
    expect([captainOut.statusCode, captainOut.json().code]).toEqual([422, 'CAPTAIN_CANNOT_BE_REMOVED']);
    const after = await db().selectFrom('team_members').select('user_id').where('team_id', '=', team.id).execute();
    expect(after).toHaveLength(3);
    const registration = await ok<RegistrationDto>('GET', `/api/registrations/${reg.id}`);
    expect(registration.version).toBe(2);
    // Rebuilt from the log, the registrations read model says the same (late entries included).
    const lates = await ok<{ data: RegistrationDto[] }>('GET', '/api/registrations?limit=100');
    await rebuildProjections(db(), PROJECTIONS);
    expect(await ok('GET', `/api/registrations/${reg.id}`)).toEqual(registration);
    expect(await ok('GET', '/api/registrations?limit=100')).toEqual(lates);
    expect(lates.data.some((r) => r.isLate)).toBe(true);
  });
});
