import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDto, ResultHistory, RunStandings, TimingView } from '../../api/contracts/results.ts';
import { openPostgres } from '../../api/db/database.ts';
import type { Department, EventRow, Run, User } from '../../api/db/schema.ts';
import { readStream } from '../../api/event-store/store.ts';
import { callAs, createTestApp, type Method, type TestApp, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertResult,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * Results through HTTP on the real app and database (docs/decisions/030-results.md): entry, validation by
 * a second official, corrections with their history, voids and reruns, standings and team scores, the
 * timing table, import from a timing system, held runs and the venue display. On a PostgreSQL server the
 * app gets a pool wider than the concurrent calls, so their transactions really run side by side.
 */

let t: TestApp;
let admin: User;
let second: User;
let user: User;
let event: EventRow;
let departments: Department[];

const db = () => t.database.db;

beforeAll(async () => {
  const own = await testDatabase();
  let database: TestDatabase = own;
  if (own.url) {
    const wide = await openPostgres(own.url, 40);
    await own.close();
    database = { ...wide, url: own.url, dispose: () => wide.close().then(() => own.dispose()) };
  }
  t = await createTestApp({ database });
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  second = await insertUser(db(), { role: 'super-admin', first_name: 'Sam', last_name: 'Lee' });
  user = await insertUser(db(), { role: 'user' });
  event = await insertEvent(db(), { name: 'Kamloops Challenge', start_date: '2027-06-01' });
  departments = [
    await insertDepartment(db(), { name: 'Kamloops Fire' }),
    await insertDepartment(db(), { name: 'Halifax Fire' }),
  ];
});
afterAll(async () => {
  await t?.close();
});

const send = (method: Method, url: string, payload?: unknown, caller: User | null = admin) =>
  callAs(t.app, method, url, caller ?? undefined, payload);

/** An individual run with `count` confirmed people, ordered by the run order (heats of 3 pairs). */
async function runWith(count: number, overrides: Partial<Run> = {}) {
  const run = await insertRun(db(), event.id, { participant_limit: 1000, ...overrides });
  const people: User[] = [];
  const registrations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await insertUser(db(), {
      first_name: 'Runner',
      last_name: `${i + 1}`,
      department_id: departments[i % 2]?.id ?? null,
      date_of_birth: i % 3 === 0 ? '1980-01-01' : '1995-05-05',
      gender: 'male',
    });
    people.push(person);
    registrations.push((await insertRegistration(db(), { runId: run.id, userId: person.id })).id);
  }
  const generated = await send('POST', `/api/run-orders/run/${run.id}/generate`, {
    expectedVersion: 0,
    seeding: { rule: 'random', seed: 7, separateDepartments: false, minRest: 0 },
    heatSize: 3,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const slots = (generated.json() as { slots: (number | null)[] }).slots;
  return { run, people, registrations, slots };
}

async function record(registrationId: number, body: Record<string, unknown> = {}, caller: User = admin) {
  const res = await send(
    'POST',
    '/api/results',
    { expectedVersion: 0, registrationId, rawTime: '1:47.32', ...body },
    caller,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ResultDto;
}

async function result(id: number): Promise<ResultDto> {
  const res = await send('GET', `/api/results/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('entry and validation', () => {
  it('records a provisional result with its official time, place in the run order and who entered it', async () => {
    const { registrations, slots } = await runWith(4);
    const id = slots[0] as number;
    const r = await record(id, { rawTime: '1:47.32', penalties: ['false-start', 'missed-step', 'missed-step'] });
    expect(r).toMatchObject({
      id,
      registrationId: id,
      recorded: true,
      heat: 1,
      position: 1,
      lane: 'left',
      attempt: 1,
      rawTimeMs: 107_320,
      rawTime: '1:47.32',
      penaltyMs: 6000,
      officialTimeMs: 113_320,
      officialTime: '1:53.32',
      outcome: 'finished',
      status: 'provisional',
      source: 'manual',
      enteredBy: { id: admin.id, name: 'Alex Morgan' },
      validatedBy: null,
      version: 1,
    });
    expect(r.penalties).toEqual([
      { code: 'false-start', label: 'False start', count: 1 },
      { code: 'missed-step', label: 'Missed step on the descent', count: 2 },
    ]);
    expect(r.entrant).toMatchObject({ kind: 'person', departmentName: expect.any(String) });
    expect(registrations).toContain(id);
    expect((await send('GET', `/api/results/registration/${id}`)).json()).toEqual(r);
  });

  it('a disqualifying penalty makes the outcome DQ with no official time', async () => {
    const { slots } = await runWith(2);
    const r = await record(slots[0] as number, { penalties: ['roll-dropped'] });
    expect(r).toMatchObject({ outcome: 'dq', officialTimeMs: null, rawTime: '1:47.32' });
    const dnf = await record(slots[1] as number, { outcome: 'dnf', rawTime: undefined });
    expect(dnf).toMatchObject({ outcome: 'dnf', rawTimeMs: null, officialTime: null });
  });

  it('a second official validates; the one who entered it is refused without an admin reason', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id);
    const own = await send('POST', `/api/results/${id}/validate`, { expectedVersion: 1 });
    expectEnvelope(own, 403, 'OWN_ENTRY');
    expect((await result(id)).status).toBe('provisional');

    const validated = await send('POST', `/api/results/${id}/validate`, { expectedVersion: 1 }, second);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toMatchObject({
      status: 'official',
      validatedBy: { id: second.id, name: 'Sam Lee' },
      validatedAt: expect.any(String),
      version: 2,
    });

    const other = slots[1] as number;
    await record(other);
    const withReason = await send('POST', `/api/results/${other}/validate`, {
      expectedVersion: 1,
      ownEntryReason: 'Alone at the timing table for the final heat',
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect(withReason.json()).toMatchObject({ status: 'official', validatedBy: { id: admin.id } });
    const history = (await send('GET', `/api/results/${other}/history`)).json() as ResultHistory;
    expect(history.data.at(-1)).toMatchObject({
      type: 'ResultValidated',
      actor: { id: admin.id, name: 'Alex Morgan' },
      reason: 'Alone at the timing table for the final heat',
    });
  });

  it('a correction of an official result needs a reason, makes it provisional again and keeps its history', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '1:50.00' });
    await send('POST', `/api/results/${id}/validate`, { expectedVersion: 1 }, second);

    const noReason = await send('PUT', `/api/results/${id}`, { expectedVersion: 2, rawTime: '1:49.00' });
    expectEnvelope(noReason, 422, 'REASON_REQUIRED');
    expect((await result(id)).rawTime).toBe('1:50.00');

    const corrected = await send('PUT', `/api/results/${id}`, {
      expectedVersion: 2,
      rawTime: '1:49.00',
      penalties: ['hydrant-missed'],
      reason: 'Mistyped: the timing printout says 1:49.00',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({
      status: 'provisional',
      validatedBy: null,
      rawTime: '1:49.00',
      officialTime: '1:51.00',
      lastChangedBy: { id: admin.id },
      version: 3,
    });

    const history = (await send('GET', `/api/results/${id}/history`)).json() as ResultHistory;
    expect(history.data.map((h) => h.type)).toEqual(['ResultRecorded', 'ResultValidated', 'ResultCorrected']);
    expect(history.data[2]).toMatchObject({
      actor: { id: admin.id, name: 'Alex Morgan' },
      reason: 'Mistyped: the timing printout says 1:49.00',
      before: { rawTime: '1:50.00', officialTime: '1:50.00' },
      after: { rawTime: '1:49.00', officialTime: '1:51.00' },
    });
    expect(history.data[1]).toMatchObject({ actor: { id: second.id }, before: null, after: null });
    expect(history.data[2]?.summary).toContain('1:49.00');
  });

  it('penalties are added and removed one call at a time on a provisional result', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '2:00.00' });
    const added = await send('POST', `/api/results/${id}/penalties`, {
      expectedVersion: 1,
      infraction: 'target-missed',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ officialTime: '2:02.00', version: 2 });
    const removed = await send('POST', `/api/results/${id}/penalties/remove`, {
      expectedVersion: 2,
      infraction: 'target-missed',
    });
    expect(removed.json()).toMatchObject({ officialTime: '2:00.00', penalties: [], version: 3 });
    const missing = await send('POST', `/api/results/${id}/penalties/remove`, {
      expectedVersion: 3,
      infraction: 'target-missed',
    });
    expectEnvelope(missing, 422, 'PENALTY_NOT_PRESENT');
  });

  it('withdraws a validation with a note, and voids an attempt for a rerun kept on record', async () => {
    const { slots } = await runWith(2);
    const id = slots[1] as number;
    await record(id, { rawTime: '1:55.55' });
    await send('POST', `/api/results/${id}/validate`, { expectedVersion: 1 }, second);
    const withdrawn = await send('POST', `/api/results/${id}/withdraw`, {
      expectedVersion: 2,
      reason: 'Check the judge sheet for lane 2',
    });
    expect(withdrawn.json()).toMatchObject({
      status: 'provisional',
      returnedReason: 'Check the judge sheet for lane 2',
    });

    const voided = await send('POST', `/api/results/${id}/void`, { expectedVersion: 3, reason: 'Timing gate failed' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      recorded: false,
      rawTimeMs: null,
      voidedAttempts: [{ attempt: 1, rawTime: '1:55.55', reason: 'Timing gate failed', voidedBy: { id: admin.id } }],
      version: 4,
    });
    // The rerun: the next attempt in the same stream, recorded at the voided result's version.
    const stale = await send('POST', '/api/results', { expectedVersion: 0, registrationId: id, rawTime: '1:52.00' });
    expectEnvelope(stale, 409, 'VERSION_CONFLICT');
    const rerun = await send('POST', '/api/results', { expectedVersion: 4, registrationId: id, rawTime: '1:52.00' });
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toMatchObject({
      recorded: true,
      attempt: 2,
      rawTime: '1:52.00',
      voidedAttempts: [{ attempt: 1 }],
    });
  });

  it('sends a provisional result back with a note for whoever entered it: it stays unvalidated, the note shows', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '1:58.20' });
    const sentBack = await send(
      'POST',
      `/api/results/${id}/withdraw`,
      { expectedVersion: 1, reason: 'Lanes swapped?' },
      second,
    );
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json()).toMatchObject({ status: 'provisional', returnedReason: 'Lanes swapped?', version: 2 });
    // Corrected by whoever entered it, then validated by the second official: the note is done with.
    const corrected = await send('PUT', `/api/results/${id}`, { expectedVersion: 2, rawTime: '1:58.30', reason: null });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const validated = await send('POST', `/api/results/${id}/validate`, { expectedVersion: 3 }, second);
    expect(validated.json()).toMatchObject({ status: 'official', returnedReason: null, rawTime: '1:58.30' });
  });

  it('a stale version is a 409 carrying the current result; a second first recording is a 409 too', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '1:40.00' });
    const again = await send('POST', '/api/results', { expectedVersion: 0, registrationId: id, rawTime: '1:41.00' });
    expectEnvelope(again, 409, 'VERSION_CONFLICT');
    const stale = await send('PUT', `/api/results/${id}`, { expectedVersion: 0, rawTime: '1:42.00' });
    expectEnvelope(stale, 409, 'VERSION_CONFLICT');
    expect(stale.json().details).toMatchObject({
      currentVersion: 1,
      expectedVersion: 0,
      current: { rawTime: '1:40.00', version: 1 },
    });
    expect((await result(id)).rawTime).toBe('1:40.00');
  });

  it('a retried command with the same command id answers the same result and appends nothing', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    const body = { expectedVersion: 0, registrationId: id, rawTime: '1:44.44', commandId: `record-${id}` };
    const first = await send('POST', '/api/results', body);
    const retry = await send('POST', '/api/results', body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await readStream(db(), `result:${id}`)).toHaveLength(1);
  });

  it('refuses a registration that is not confirmed, and answers 404 for unknown ones', async () => {
    const { run } = await runWith(0);
    const waiting = await insertRegistration(db(), {
      runId: run.id,
      userId: (await insertUser(db())).id,
      status: 'waitlisted',
    });
    const refused = await send('POST', '/api/results', {
      expectedVersion: 0,
      registrationId: waiting.id,
      rawTime: '1:00',
    });
    expectEnvelope(refused, 422, 'REGISTRATION_NOT_CONFIRMED');
    expect(await db().selectFrom('results').selectAll().where('registration_id', '=', waiting.id).execute()).toEqual(
      [],
    );
    expectEnvelope(
      await send('POST', '/api/results', { expectedVersion: 0, registrationId: 999_999, rawTime: '1:00' }),
      404,
      'REGISTRATION_NOT_FOUND',
    );
    expectEnvelope(await send('GET', '/api/results/999999'), 404, 'RESULT_NOT_FOUND');
    expectEnvelope(await send('POST', '/api/results/999999/validate', { expectedVersion: 1 }), 404, 'RESULT_NOT_FOUND');
  });
});

describe('who may', () => {
  it('admins only: a plain user gets 403 and nobody signed in 401; the display is public', async () => {
    const { run, slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id);
    for (const [method, url, body] of [
      ['GET', '/api/results'],
      ['GET', `/api/results/${id}`],
      ['GET', `/api/results/run/${run.id}`],
      ['GET', `/api/results/run/${run.id}/timing`],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: '1:00.00' }],
      ['POST', `/api/results/${id}/validate`, { expectedVersion: 1 }],
    ] as const) {
      expectEnvelope(await send(method, url, body, user), 403, 'FORBIDDEN');
      expectEnvelope(await send(method, url, body, null), 401, 'UNAUTHORIZED');
    }
    expect((await send('GET', `/api/results/run/${run.id}/display`, undefined, null)).statusCode).toBe(200);
    expect(await readStream(db(), `result:${slots[1]}`)).toEqual([]);
  });
});

describe('malformed payloads', () => {
  it('answer 400 in the envelope and change nothing', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '1:30.00' });
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: '1:30.001' }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: '90:00.00' }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], outcome: 'dns', rawTime: '1:00.00' }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], outcome: 'finished' }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: 107320 }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: '1:00', penalties: ['nap'] }],
      ['POST', '/api/results', { expectedVersion: -1, registrationId: slots[1], rawTime: '1:00' }],
      ['POST', '/api/results', { registrationId: slots[1], rawTime: '1:00' }],
      ['POST', '/api/results', { expectedVersion: 0, registrationId: slots[1], rawTime: '1:00', enteredBy: 1 }],
      ['PUT', `/api/results/${id}`, { expectedVersion: 1, rawTime: '1:20.00', reason: 'x'.repeat(501) }],
      ['PUT', `/api/results/${id}`, { expectedVersion: 1, rawTime: '1:20.00', reason: 'bad\u0000' }],
      ['PUT', `/api/results/${id}`, { expectedVersion: 1, rawTime: '1:20.00', reason: '   ' }],
      ['POST', `/api/results/${id}/penalties`, { expectedVersion: 1, infraction: 'FALSE-START' }],
      ['POST', `/api/results/${id}/void`, { expectedVersion: 1 }],
      ['POST', `/api/results/${id}/withdraw`, { expectedVersion: 1, reason: '' }],
      ['POST', `/api/results/${id}/validate`, { expectedVersion: '1' }],
      ['POST', '/api/results/abc/validate', { expectedVersion: 1 }],
      ['GET', '/api/results?status=final', undefined],
      ['GET', '/api/results?limit=1000', undefined],
      ['GET', '/api/results/status/final', undefined],
      ['GET', '/api/results/run/0x10', undefined],
      ['PUT', `/api/results/run/1/hold`, { held: 'yes' }],
    ];
    for (const [method, url, body] of bad) {
      const res = await send(method, url, body);
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
    }
    expect(await readStream(db(), `result:${id}`)).toHaveLength(1);
    expect(await readStream(db(), `result:${slots[1]}`)).toEqual([]);
    expect((await result(id)).rawTime).toBe('1:30.00');
  });
});

describe('concurrency', () => {
  it('concurrent edits of one result: exactly one wins, every other gets a 409', async () => {
    const { slots } = await runWith(2);
    const id = slots[0] as number;
    await record(id, { rawTime: '1:30.00' });
    const times = ['1:31.00', '1:32.00', '1:33.00', '1:34.00', '1:35.00', '1:36.00'];
    const answers = await Promise.all(
      times.map((rawTime) => send('PUT', `/api/results/${id}`, { expectedVersion: 1, rawTime })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectEnvelope(a, 409, 'VERSION_CONFLICT');
    const winner = answers.find((a) => a.statusCode === 200)?.json() as ResultDto;
    expect(await result(id)).toMatchObject({ rawTime: winner.rawTime, version: 2 });
    expect(await readStream(db(), `result:${id}`)).toHaveLength(2);
  });

  it('two first recordings of one registration at once give one result and one 409', async () => {
    const { slots } = await runWith(2);
    const id = slots[1] as number;
    const answers = await Promise.all(
      ['1:10.00', '1:11.00'].map((rawTime) =>
        send('POST', '/api/results', { expectedVersion: 0, registrationId: id, rawTime }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await readStream(db(), `result:${id}`)).toHaveLength(1);
  });

  it('two officials entering different heats at the same moment never conflict', async () => {
    const { slots } = await runWith(12);
    const heat1 = slots.slice(0, 6) as number[];
    const heat2 = slots.slice(6, 12) as number[];
    const enter = (ids: number[], official: User, base: number) =>
      Promise.all(
        ids.map((registrationId, i) =>
          send('POST', '/api/results', { expectedVersion: 0, registrationId, rawTime: `1:${base + i}.00` }, official),
        ),
      );
    const [first, secondHeat] = await Promise.all([enter(heat1, admin, 10), enter(heat2, second, 30)]);
    for (const answer of [...first, ...secondHeat]) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await db()
      .selectFrom('results')
      .select(['registration_id', 'heat'])
      .where('registration_id', 'in', slots as number[])
      .execute();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.filter((r) => heat2.includes(r.registration_id)).map((r) => r.heat))).toEqual(new Set([2]));
  });
});

describe('standings, team scores and the timing table', () => {
  it('ranks by official time with the tie-break named; DNF, DNS and DQ after, unranked', async () => {
    const { run, slots } = await runWith(6);
    const [a, b, c, d, e, f] = slots as number[];
    await record(a as number, { rawTime: '1:40.00', penalties: ['false-start'] }); // 1:42.00
    await record(b as number, { rawTime: '1:41.00', penalties: ['false-start'] }); // 1:43.00
    await record(c as number, { rawTime: '1:42.00' }); // 1:42.00, raw 1:42: behind a on raw time
    await record(d as number, { outcome: 'dnf', rawTime: undefined });
    await record(e as number, { rawTime: '1:39.00', penalties: ['roll-dropped'] });
    await record(f as number, { rawTime: '1:35.00' });
    const res = await send('GET', `/api/results/run/${run.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const standings = res.json() as RunStandings;
    expect(standings.rows.map((r) => [r.registrationId, r.rank, r.decidedBy])).toEqual([
      [f, 1, 'time'],
      [a, 2, 'raw-time'],
      [c, 3, 'raw-time'],
      [b, 4, 'time'],
      [e, null, null],
      [d, null, null],
    ]);
    expect(standings.rows[0]).toMatchObject({ officialTime: '1:35.00', status: 'provisional', gapMs: 0 });
    expect(standings.rows[4]).toMatchObject({ outcome: 'dq' });
    // Born 1980: Over 45 Men on 2027-06-01 (runners 1 and 4 of six).
    expect(standings.categories.map((c) => c.category)).toContain('Over 45 Men');
  });

  it('a department team of 3 to 5 scores its three fastest official times; fewer than 3 has none', async () => {
    const { run, people, slots } = await runWith(6);
    const byUser = new Map<number, number>();
    const regs = await db()
      .selectFrom('registrations')
      .select(['id', 'user_id'])
      .where('run_id', '=', run.id)
      .execute();
    for (const r of regs) byUser.set(r.user_id as number, r.id);
    const [p1, p2, p3, p4, p5, p6] = people as User[];
    const full = await insertTeam(
      db(),
      { captain_id: (p1 as User).id, run_type: 'individual', name: 'Kamloops A', department_id: departments[0]?.id },
      [(p2 as User).id, (p3 as User).id, (p4 as User).id],
    );
    const short = await insertTeam(
      db(),
      { captain_id: (p5 as User).id, run_type: 'individual', name: 'Halifax A', department_id: departments[1]?.id },
      [(p6 as User).id, (await insertUser(db())).id],
    );
    const times: [User, string][] = [
      [p1 as User, '1:40.00'],
      [p2 as User, '1:50.00'],
      [p3 as User, '1:45.00'],
      [p4 as User, '2:10.00'],
      [p5 as User, '1:30.00'],
    ];
    for (const [person, rawTime] of times) {
      const id = byUser.get(person.id) as number;
      await record(id, { rawTime });
      await send('POST', `/api/results/${id}/validate`, { expectedVersion: 1 }, second);
    }
    await record(byUser.get((p6 as User).id) as number, { outcome: 'dq', rawTime: undefined });
    expect(slots).toHaveLength(6);
    const standings = (await send('GET', `/api/results/run/${run.id}`)).json() as RunStandings;
    const a = standings.teams.find((x) => x.teamId === full.id);
    expect(a).toMatchObject({ rank: 1, scoreMs: 100_000 + 105_000 + 110_000, score: '5:15.00', members: 4 });
    expect(a?.counted.map((c) => c.officialTimeMs)).toEqual([100_000, 105_000, 110_000]);
    const b = standings.teams.find((x) => x.teamId === short.id);
    expect(b).toMatchObject({ rank: null, scoreMs: null });

    const teamRun = await send('GET', `/api/results/team/${full.id}/run/${run.id}`);
    expect(teamRun.statusCode, teamRun.body).toBe(200);
    expect(teamRun.json()).toMatchObject({ teamId: full.id, score: { scoreMs: 315_000 } });
    expect(teamRun.json().results).toHaveLength(4);
    const aggregate = await send('GET', `/api/results/team/${full.id}/aggregate`);
    expect(aggregate.json()).toMatchObject({ runsWithResults: 1, runsScored: 1, bestScore: '5:15.00', wins: 1 });
    expectEnvelope(await send('GET', `/api/results/team/999999/aggregate`), 404, 'TEAM_NOT_FOUND');
  });

  it("the timing table follows the run order with each lane's entrant, result and best official time", async () => {
    // A category of its own, so other tests' official times are not this run's best ever.
    const earlier = await runWith(2, { category: 'Over 60 Men' });
    const { run, slots } = await runWith(8, { category: 'Over 60 Men' });
    const first = slots[0] as number;
    // The entrant of position 1 ran an earlier run of this format: an official 1:38.00 there.
    const person = await db()
      .selectFrom('registrations')
      .select('user_id')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const past = await insertRegistration(db(), { runId: earlier.run.id, userId: person.user_id as number });
    await insertResult(db(), { registrationId: past.id, rawTimeMs: 98_000, validatedBy: second.id });
    await record(first, { rawTime: '1:45.00' });
    const res = await send('GET', `/api/results/run/${run.id}/timing`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as TimingView;
    expect(view.heats.map((h) => h.pairs.length)).toEqual([3, 1]);
    const lane = view.heats[0]?.pairs[0]?.lanes[0];
    expect(lane).toMatchObject({
      position: 1,
      lane: 'left',
      registrationId: first,
      bestOfficial: '1:38.00',
      resultVersion: 1,
      result: { rawTime: '1:45.00' },
    });
    expect(view.heats[0]?.pairs[0]?.lanes[1]).toMatchObject({ position: 2, result: null, resultVersion: 0 });
    expect(view.bestEver).toBe('1:38.00');
    expect(view).toMatchObject({ currentHeat: 1, heatSize: 3, held: false });
  });

  it('lists results with filters and pages, and by status', async () => {
    const { run, slots } = await runWith(4);
    for (const id of slots as number[]) await record(id);
    await send('POST', `/api/results/${slots[0]}/validate`, { expectedVersion: 1 }, second);
    const all = await send('GET', `/api/results?runId=${run.id}&limit=2&page=2`);
    expect(all.json().meta).toEqual({ total: 4, page: 2, perPage: 2 });
    expect(all.json().data).toHaveLength(2);
    const official = await send('GET', `/api/results/status/official?runId=${run.id}`);
    expect(official.json().data.map((r: ResultDto) => r.id)).toEqual([slots[0]]);
    const provisional = await send('GET', `/api/results?runId=${run.id}&status=provisional&outcome=finished`);
    expect(provisional.json().meta.total).toBe(3);
  });
});

describe('import from a timing system', () => {
  it('previews matched, differing and unmatched rows without writing, then applies the matched ones', async () => {
    const { run, slots } = await runWith(6);
    await record(slots[1] as number, { rawTime: '1:50.00' });
    const csv = 'lane,time,status\n1,1:47.32,\n2,1:49.00,\n3,,DNF\n7,1:40.00,\nx,oops,\n';
    const preview = await send('POST', `/api/results/run/${run.id}/import`, { heat: 1, csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.matched.map((r: { registrationId: number }) => r.registrationId)).toEqual([slots[0], slots[2]]);
    expect(p.differing).toMatchObject([
      { registrationId: slots[1], rawTime: '1:49.00', current: { rawTime: '1:50.00' } },
    ]);
    expect(p.unmatched).toHaveLength(2);
    expect(await readStream(db(), `result:${slots[0]}`)).toEqual([]);

    const applied = await send('POST', `/api/results/run/${run.id}/import/apply`, { heat: 1, csv, commandId: 'imp-1' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['recorded', 'recorded']);
    expect(await result(slots[0] as number)).toMatchObject({
      source: 'import',
      status: 'provisional',
      rawTime: '1:47.32',
    });
    expect(await result(slots[2] as number)).toMatchObject({ outcome: 'dnf', source: 'import' });
    expect((await result(slots[1] as number)).rawTime).toBe('1:50.00');
    // Applied again: the rows are there now, nothing changes.
    const again = await send('POST', `/api/results/run/${run.id}/import/apply`, { heat: 1, csv, commandId: 'imp-2' });
    expect(again.json().outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(await readStream(db(), `result:${slots[0]}`)).toHaveLength(1);
  });
});

describe('held runs and the venue display', () => {
  it("shows each heat's times (provisional marked) and the top places, and nothing while the run is held", async () => {
    const { run, slots } = await runWith(4);
    await record(slots[0] as number, { rawTime: '1:40.00', penalties: ['nozzle-open'] });
    await record(slots[1] as number, { rawTime: '1:38.00' });
    await send('POST', `/api/results/${slots[1]}/validate`, { expectedVersion: 1 }, second);
    const shown = await send('GET', `/api/results/run/${run.id}/display`, undefined, null);
    expect(shown.statusCode, shown.body).toBe(200);
    const display = shown.json();
    expect(display.held).toBe(false);
    expect(display.heats[0].lanes).toMatchObject([
      { position: 1, rawTime: '1:40.00', officialTime: '1:42.00', status: 'provisional', penalties: [{ count: 1 }] },
      { position: 2, rawTime: '1:38.00', officialTime: '1:38.00', status: 'official' },
    ]);
    expect(display.topPlaces.map((p: { rank: number; status: string }) => [p.rank, p.status])).toEqual([
      [1, 'official'],
      [2, 'provisional'],
    ]);
    expect(shown.body).not.toContain('Alex');
    expect(shown.body).not.toContain('enteredBy');

    const held = await send('PUT', `/api/results/run/${run.id}/hold`, { held: true });
    expect(held.json()).toEqual({ runId: run.id, held: true });
    const hidden = (await send('GET', `/api/results/run/${run.id}/display`, undefined, null)).json();
    expect(hidden).toEqual({ runId: run.id, held: true, heats: [], topPlaces: [] });
    expect((await send('GET', `/api/results/run/${run.id}/timing`)).json().held).toBe(true);

    await send('PUT', `/api/results/run/${run.id}/hold`, { held: false });
    expect((await send('GET', `/api/results/run/${run.id}/display`, undefined, null)).json().heats).toHaveLength(1);
  });

  it('names a competitor without a name "Competitor", never by their e-mail address', async () => {
    const run = await insertRun(db(), event.id, { participant_limit: 10 });
    const nameless = await insertUser(db(), { first_name: '', last_name: '', email: 'hidden.runner@example.org' });
    const registration = await insertRegistration(db(), { runId: run.id, userId: nameless.id });
    const generated = await send('POST', `/api/run-orders/run/${run.id}/generate`, {
      expectedVersion: 0,
      seeding: { rule: 'random', seed: 1, separateDepartments: false, minRest: 0 },
      heatSize: 3,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    await record(registration.id, { rawTime: '1:45.00' });
    const shown = await send('GET', `/api/results/run/${run.id}/display`, undefined, null);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('Competitor');
    expect(shown.body).not.toContain('hidden.runner');
    expect((await send('GET', `/api/results/run/${run.id}/timing`)).body).not.toContain('hidden.runner');
  });

  it("a draft event's run has no public display", async () => {
    const draft = await insertEvent(db(), { status: 'Draft' });
    const run = await insertRun(db(), draft.id);
    expectEnvelope(await send('GET', `/api/results/run/${run.id}/display`, undefined, null), 404, 'RUN_NOT_FOUND');
  });
});

describe('best-time seeding (decision 031)', () => {
  it("seeds by the entrant's best official time, the entered seed time being the fallback", async () => {
    const past = await insertRun(db(), event.id, { participant_limit: 100, category: 'Over 55 Men' });
    const run = await insertRun(db(), event.id, { participant_limit: 100, category: 'Over 55 Men' });
    // fast: entered 1:20 but ran an official 2:10 before; slow: entered 2:00, no result; middle: 1:50 official.
    const fast = await insertUser(db(), { seed_time_ms: 80_000 });
    const slow = await insertUser(db(), { seed_time_ms: 120_000 });
    const middle = await insertUser(db(), { seed_time_ms: null });
    const provisionalOnly = await insertUser(db(), { seed_time_ms: 100_000 });
    for (const [person, ms, official] of [
      [fast, 130_000, true],
      [middle, 110_000, true],
      [provisionalOnly, 60_000, false],
    ] as const) {
      const earlier = await insertRegistration(db(), { runId: past.id, userId: person.id });
      await insertResult(db(), { registrationId: earlier.id, rawTimeMs: ms, validatedBy: official ? second.id : null });
    }
    const ids = new Map<number, number>();
    for (const person of [fast, slow, middle, provisionalOnly])
      ids.set(person.id, (await insertRegistration(db(), { runId: run.id, userId: person.id })).id);
    const generated = await send('POST', `/api/run-orders/run/${run.id}/generate`, {
      expectedVersion: 0,
      seeding: { rule: 'best-time', fastest: 'last', separateDepartments: false, minRest: 0 },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const view = generated.json() as {
      slots: (number | null)[];
      entries: Record<string, { seedTimeMs: number | null; seedTimeSource?: string | null }>;
    };
    // Slowest first, fastest last: fast 2:10 (result), slow 2:00 (entered), middle 1:50 (result), 1:40 (entered).
    expect(view.slots.filter((id) => id !== null)).toEqual([
      ids.get(fast.id),
      ids.get(slow.id),
      ids.get(middle.id),
      ids.get(provisionalOnly.id),
    ]);
    expect(view.entries[String(ids.get(fast.id))]).toMatchObject({ seedTimeMs: 130_000, seedTimeSource: 'result' });
    expect(view.entries[String(ids.get(slow.id))]).toMatchObject({ seedTimeMs: 120_000, seedTimeSource: 'entered' });
  });
});
