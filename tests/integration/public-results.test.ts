import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompetitorResults,
  DepartmentResults,
  PerformanceAnalytics,
  PublicEventResults,
  PublicResultFilters,
  PublicResultPage,
  PublicRunStandings,
  ResultStatistics,
} from '../../api/contracts/public-results.ts';
import type { Department, EventRow, Run, User } from '../../api/db/schema.ts';
import { callAs, createTestApp, type Method, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertResult,
  insertRun,
  insertUser,
} from '../support/factories.ts';

/**
 * Public results through HTTP on the real app and database (docs/decisions/039-public-results.md):
 * official results of public events only, flags computed from them, the search, statistics and analytics.
 *
 * The fixture: Spring Cup 2025 (run1) and Summer Cup 2026 (run2, in progress), both Open Men;
 * a provisional result, a held run and a draft event that must never show.
 */

let t: TestApp;
let admin: User;
let second: User;
let kamloops: Department;
let halifax: Department;
let spring: EventRow;
let summer: EventRow;
let draft: EventRow;
let run1: Run;
let run2: Run;
let heldRun: Run;
let draftRun: Run;
const people: Record<string, User> = {};
const results: Record<string, number> = {};

const db = () => t.database.db;
const get = (url: string, caller: User | null = null) => callAs(t.app, 'GET', url, caller ?? undefined);
const send = (method: Method, url: string, payload: unknown, caller: User = admin) =>
  callAs(t.app, method, url, caller, payload);

async function official(key: string, run: Run, person: User, rawTimeMs: number | null, more = {}) {
  const registration = await insertRegistration(db(), { runId: run.id, userId: person.id });
  await insertResult(db(), {
    registrationId: registration.id,
    rawTimeMs,
    ...(rawTimeMs === null ? { outcome: 'dns' as const } : {}),
    enteredBy: admin.id,
    validatedBy: second.id,
    ...more,
  });
  results[key] = registration.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  second = await insertUser(db(), { role: 'super-admin', first_name: 'Sam', last_name: 'Lee' });
  kamloops = await insertDepartment(db(), { name: 'Kamloops Fire' });
  halifax = await insertDepartment(db(), { name: 'Halifax Fire' });
  const person = async (first: string, last: string, department: Department) =>
    insertUser(db(), { first_name: first, last_name: last, department_id: department.id, gender: 'male' });
  people.alice = await person('Alicia', 'Ng', kamloops);
  people.bob = await person('Bob', 'Stone', halifax);
  people.carl = await person('Carl', 'Diaz', kamloops);
  people.dana = await person('Dana', 'Provisional', halifax);
  people.eve = await person('Eve', 'Held', halifax);
  people.frank = await person('Frank', 'Draft', halifax);
  people.gina = await person('Gina', 'Penalty', kamloops);
  people.hank = await person('Hank', 'Absent', halifax);
  spring = await insertEvent(db(), { name: 'Spring Cup', start_date: '2025-06-01', status: 'Completed' });
  summer = await insertEvent(db(), { name: 'Summer Cup', start_date: '2026-06-01', status: 'In Progress' });
  draft = await insertEvent(db(), { name: 'Secret Cup', start_date: '2026-07-01', status: 'Draft' });
  run1 = await insertRun(db(), spring.id, { participant_limit: 100 });
  run2 = await insertRun(db(), summer.id, { participant_limit: 100 });
  heldRun = await insertRun(db(), summer.id, { participant_limit: 100, name: 'Final', results_held: true });
  draftRun = await insertRun(db(), draft.id, { participant_limit: 100 });

  await official('alice1', run1, people.alice as User, 100_000);
  await official('bob1', run1, people.bob as User, 95_000);
  await official('carl1', run1, people.carl as User, 110_000);
  await official('alice2', run2, people.alice as User, 98_000);
  await official('bob2', run2, people.bob as User, 97_000);
  await official('carl2', run2, people.carl as User, 90_000);
  await official('gina2', run2, people.gina as User, 100_000, { penalties: ['false-start'] });
  await official('hank2', run2, people.hank as User, null);
  // Never public: provisional, held, a draft event's.
  const provisional = await insertRegistration(db(), { runId: run2.id, userId: (people.dana as User).id });
  await insertResult(db(), { registrationId: provisional.id, rawTimeMs: 80_000, enteredBy: admin.id });
  results.dana2 = provisional.id;
  await official('eveHeld', heldRun, people.eve as User, 70_000);
  await official('frankDraft', draftRun, people.frank as User, 60_000);
});
afterAll(async () => {
  await t?.close();
});

const hidden = () => [results.dana2, results.eveHeld, results.frankDraft];

describe('never provisional, held or non-public', () => {
  it("an event's results show only its official results of runs not held", async () => {
    const res = await get(`/api/results/public/events/${summer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PublicEventResults;
    expect(body).toMatchObject({ eventName: 'Summer Cup', live: true });
    expect(body.runs.map((r) => r.runId)).toEqual([run2.id]);
    const ids = body.runs.flatMap((r) => r.rows.map((row) => row.resultId));
    expect(ids.sort()).toEqual([results.alice2, results.bob2, results.carl2, results.gina2, results.hank2].sort());
    for (const id of hidden()) expect(ids).not.toContain(id);
    expect(res.body).not.toContain('Provisional');
    expect(res.body).not.toContain('@');
    expect(res.headers['cache-control']).toBe('public, no-cache');
  });

  it('a held run, a draft event and its run are 404 to the public', async () => {
    expectEnvelope(await get(`/api/results/public/runs/${heldRun.id}`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/results/public/runs/${draftRun.id}`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/results/public/events/${draft.id}`), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(
      await get(`/api/results/public/competitors/${(people.frank as User).id}`),
      404,
      'COMPETITOR_NOT_FOUND',
    );
    expectEnvelope(
      await get(`/api/results/public/competitors/${(people.eve as User).id}`),
      404,
      'COMPETITOR_NOT_FOUND',
    );
    expectEnvelope(
      await get(`/api/results/public/competitors/${(people.dana as User).id}`),
      404,
      'COMPETITOR_NOT_FOUND',
    );
  });

  it('the search, a department and the statistics leave them out too', async () => {
    const all = (await get('/api/results/public/search?limit=100')).json() as PublicResultPage;
    expect(all.meta.total).toBe(8);
    for (const id of hidden()) expect(all.data.map((r) => r.resultId)).not.toContain(id);
    const halifaxResults = (await get(`/api/results/public/departments/${halifax.id}`)).json() as DepartmentResults;
    expect(halifaxResults.results.map((r) => r.entrant.name).sort()).toEqual(['Bob Stone', 'Bob Stone', 'Hank Absent']);
    const stats = (await get('/api/results/statistics')).json() as ResultStatistics;
    expect(stats.fastestMs).toBe(90_000);
    expect(stats.entrants).toBe(8);
  });

  it('a result validated later appears at once (the cache is cleared by result commands)', async () => {
    const before = (await get(`/api/results/public/runs/${run2.id}`)).json() as PublicRunStandings;
    expect(before.rows.map((r) => r.resultId)).not.toContain(results.dana2);
    const validated = await send('POST', `/api/results/${results.dana2}/validate`, { expectedVersion: 1 }, second);
    expect(validated.statusCode, validated.body).toBe(200);
    const after = (await get(`/api/results/public/runs/${run2.id}`)).json() as PublicRunStandings;
    expect(after.rows[0]).toMatchObject({
      resultId: results.dana2,
      officialTimeMs: 80_000,
      flags: ['PB', 'SB', 'ER', 'CR'],
    });
    // Back to provisional for the other tests.
    const withdrawn = await send('POST', `/api/results/${results.dana2}/withdraw`, {
      expectedVersion: 2,
      reason: 'Checking the printout',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const again = (await get(`/api/results/public/runs/${run2.id}`)).json() as PublicRunStandings;
    expect(again.rows.map((r) => r.resultId)).not.toContain(results.dana2);
  });
});

describe('records and bests', () => {
  it('flags PB, SB, ER and CR on standings rows; a correction that removes a record moves it', async () => {
    const flagsIn = async (runId: number) => {
      const body = (await get(`/api/results/public/runs/${runId}`)).json() as PublicRunStandings;
      return Object.fromEntries(body.rows.map((r) => [r.resultId, r.flags]));
    };
    const first = await flagsIn(run1.id);
    expect(first[results.bob1 as number]).toEqual(['PB', 'SB', 'ER']);
    const second2 = await flagsIn(run2.id);
    expect(second2[results.carl2 as number]).toEqual(['PB', 'SB', 'ER', 'CR']);
    expect(second2[results.alice2 as number]).toEqual(['PB', 'SB']);
    // Bob was faster the season before: a season best, not a personal best.
    expect(second2[results.bob2 as number]).toEqual(['SB']);
    expect(second2[results.hank2 as number]).toEqual([]);

    // Carl's 1:30.00 was mistyped: 1:39.00. The record goes back to Bob's 1:35.00 of 2025.
    const carlId = results.carl2 as number;
    const corrected = await send('PUT', `/api/results/${carlId}`, {
      expectedVersion: 2,
      rawTime: '1:39.00',
      reason: 'Mistyped',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await flagsIn(run2.id))[carlId]).toBeUndefined();
    const validated = await send('POST', `/api/results/${carlId}/validate`, { expectedVersion: 3 }, second);
    expect(validated.statusCode, validated.body).toBe(200);
    const afterCorrection = await flagsIn(run2.id);
    expect(afterCorrection[carlId]).toEqual(['PB', 'SB']);
    // The event record passes to the event's next fastest.
    const eventRecords = Object.entries(afterCorrection).filter(([, flags]) => flags.includes('ER'));
    expect(eventRecords).toHaveLength(1);
    expect(Number(eventRecords[0]?.[0])).not.toBe(carlId);
    expect((await flagsIn(run1.id))[results.bob1 as number]).toEqual(['PB', 'SB', 'ER', 'CR']);
  });

  it("a competitor's page lists results newest first with personal and season bests", async () => {
    const res = await get(`/api/results/public/competitors/${(people.bob as User).id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CompetitorResults;
    expect(body).toMatchObject({ name: 'Bob Stone', departmentName: 'Halifax Fire' });
    expect(body.results.map((r) => r.eventName)).toEqual(['Summer Cup', 'Spring Cup']);
    expect(body.personalBests).toEqual([
      { runType: 'individual', timeMs: 95_000, time: '1:35.00', resultId: results.bob1, eventName: 'Spring Cup' },
    ]);
    expect(body.seasonBests.map((b) => [b.season, b.timeMs])).toEqual([
      [2026, 97_000],
      [2025, 95_000],
    ]);
  });

  it("gives each result of a competitor's and a department's page its place, as the run's standings rank it", async () => {
    const standings = (await get(`/api/results/public/runs/${run2.id}`)).json() as PublicRunStandings;
    const ranked = standings.rows.filter((row) => row.rank !== null);
    const bobInRun2 = standings.rows.find((row) => row.resultId === results.bob2);
    const bob = (await get(`/api/results/public/competitors/${(people.bob as User).id}`)).json() as CompetitorResults;
    expect(bob.results.map((r) => [r.eventName, r.place])).toEqual([
      ['Summer Cup', { rank: bobInRun2?.rank, of: ranked.length }],
      ['Spring Cup', { rank: 1, of: 3 }],
    ]);
    // Ranked over official results only: the provisional and the absent are not counted.
    expect(ranked.map((row) => row.resultId)).not.toContain(results.hank2);
    const department = (await get(`/api/results/public/departments/${halifax.id}`)).json() as DepartmentResults;
    const placeOf = (id: number | undefined) => department.results.find((r) => r.resultId === id)?.place;
    expect(placeOf(results.bob1)).toEqual({ rank: 1, of: 3 });
    expect(placeOf(results.hank2)).toBeNull(); // DNS: no place
    // Search hits carry none: they are read page by page, without each run's standings.
    const hits = (await get('/api/results/public/search?q=stone')).json() as PublicResultPage;
    expect(hits.data.map((r) => r.place)).toEqual([null, null]);
  });
});

describe('search', () => {
  const search = async (query: string) => {
    const res = await get(`/api/results/public/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PublicResultPage;
  };

  it('finds by part of a name, case-insensitively, newest first', async () => {
    const found = await search('q=LICI');
    expect(found.data.map((r) => [r.entrant.name, r.eventName])).toEqual([
      ['Alicia Ng', 'Summer Cup'],
      ['Alicia Ng', 'Spring Cup'],
    ]);
    expect((await search('q=ng%20al')).meta.total).toBe(0);
    expect((await search('q=%25')).meta.total).toBe(0);
  });

  it('by department, category, event, format and season, paged', async () => {
    expect(
      (await search(`departmentId=${kamloops.id}&limit=100`)).data.every(
        (r) => r.entrant.departmentName === 'Kamloops Fire',
      ),
    ).toBe(true);
    expect((await search(`departmentId=${kamloops.id}`)).meta.total).toBe(5);
    expect((await search('category=Open%20Men')).meta.total).toBe(8);
    expect((await search('category=Open%20Women')).meta.total).toBe(0);
    expect((await search(`eventId=${spring.id}`)).meta.total).toBe(3);
    expect((await search('season=2026&runType=individual')).meta.total).toBe(5);
    const page2 = await search(`eventId=${summer.id}&limit=2&page=2`);
    expect(page2.meta).toEqual({ total: 5, page: 2, perPage: 2 });
    expect(page2.data).toHaveLength(2);
  });

  it('pages across runs and events in the same order as one long page, counting every match', async () => {
    const all = await search('limit=100');
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.meta.total / 3); page += 1) {
      const next = await search(`limit=3&page=${page}`);
      expect(next.meta.total).toBe(all.meta.total);
      paged.push(...next.data.map((r) => r.resultId));
    }
    expect(paged).toEqual(all.data.map((r) => r.resultId));
    expect((await search(`limit=3&page=${Math.ceil(all.meta.total / 3) + 1}`)).data).toEqual([]);
    // A name and a department together: both must match.
    expect((await search(`q=alicia&departmentId=${halifax.id}`)).meta.total).toBe(
      (await search('q=alicia&limit=100')).data.filter((r) => r.entrant.departmentId === halifax.id).length,
    );
  });

  it('offers the pickers only departments, events and seasons with public results', async () => {
    const res = await get('/api/results/public/filters');
    expect(res.statusCode, res.body).toBe(200);
    const filters = res.json() as PublicResultFilters;
    expect(filters.events.map((e) => e.name)).toEqual(['Summer Cup', 'Spring Cup']);
    expect(filters.seasons).toEqual([2026, 2025]);
    expect(filters.departments.map((d) => d.name)).toEqual(['Halifax Fire', 'Kamloops Fire']);
  });

  it('refuses malformed filters with a 400', async () => {
    for (const query of [
      'eventId=abc',
      'limit=1000',
      'page=0',
      'season=99',
      'runType=sprint',
      'unknown=1',
      `q=${'x'.repeat(101)}`,
      'q=%00',
    ]) {
      const res = await get(`/api/results/public/search?${query}`);
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('statistics and analytics', () => {
  it("match a hand computation of the Summer Cup's official results", async () => {
    // Official and public in run2 (after Carl's correction to 1:39.00): 98.00, 97.00, 99.00, 102.00 (100.00 + a false start), a DNS.
    const res = await get(`/api/results/statistics?eventId=${summer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      entrants: 5,
      finishers: 4,
      dnf: 0,
      dns: 1,
      dq: 0,
      fastestMs: 97_000,
      fastest: '1:37.00',
      medianMs: 98_500,
      median: '1:38.50',
      meanMs: 99_000,
      mean: '1:39.00',
      penalties: [{ code: 'false-start', label: 'False start', count: 1 }],
      includesProvisional: false,
    });
    const kamloopsOnly = (await get(`/api/results/statistics?eventId=${summer.id}&departmentId=${kamloops.id}`)).json();
    expect(kamloopsOnly).toMatchObject({ entrants: 3, finishers: 3, fastestMs: 98_000 });
  });

  it('the public never gets provisional results; an admin may ask for them', async () => {
    const asPublic = (await get(`/api/results/statistics?eventId=${summer.id}&includeProvisional=true`)).json();
    expect(asPublic).toMatchObject({ entrants: 5, includesProvisional: false });
    const asAdmin = await get(`/api/results/statistics?eventId=${summer.id}&includeProvisional=true`, admin);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    // Dana's provisional result and Eve's held run count for an admin.
    expect(asAdmin.json()).toMatchObject({ entrants: 7, fastestMs: 70_000, includesProvisional: true });
  });

  it("gives a competitor's and a department's progression", async () => {
    const res = await get(`/api/results/performance-analytics?userId=${(people.alice as User).id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PerformanceAnalytics;
    expect(body.subject).toEqual({ kind: 'competitor', id: (people.alice as User).id, name: 'Alicia Ng' });
    expect(body.points.map((p) => [p.date, p.timeMs])).toEqual([
      ['2025-06-01', 100_000],
      ['2026-06-01', 98_000],
    ]);
    const department = (
      await get(`/api/results/performance-analytics?departmentId=${halifax.id}&season=2026`)
    ).json() as PerformanceAnalytics;
    expect(department.seasons).toEqual([
      { season: 2026, runType: 'individual', results: 2, finishers: 1, bestMs: 97_000, meanMs: 97_000 },
    ]);
    expectEnvelope(await get('/api/results/performance-analytics'), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await get(`/api/results/performance-analytics?userId=1&departmentId=${halifax.id}`),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await get('/api/results/performance-analytics?userId=999999'), 404, 'COMPETITOR_NOT_FOUND');
  });
});
