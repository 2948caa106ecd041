import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompetitorResults,
  DepartmentResults,
  PublicEventResults,
  PublicResultPage,
  PublicRunStandings,
} from '../../api/contracts/public-results.ts';
import type { QualifiedList, QualifyingStandard, QualifyingStandardList } from '../../api/contracts/qualifying.ts';
import type { Department, Run, User } from '../../api/db/schema.ts';
import { callAs, createTestApp, type Method, type TestApp } from '../support/app.ts';
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
 * National qualifying standards through HTTP (docs/decisions/068-qualifying-standards.md): admins set them
 * per season, run type and category; official times at or under them are flagged Q on every public
 * results surface and listed as qualified for nationals.
 *
 * The fixture: 2026 standards Individual Open Men 2:30.00, Relay Mixed 2:20.00, Tech2 Mixed 2:30.00; a 2025
 * standard Individual Open Men 1:40.00. Two 2026 events and one 2025 event.
 */

let t: TestApp;
let admin: User;
let second: User;
let user: User;
let kamloops: Department;
let halifax: Department;
let openMen26a: Run;
let openMen26b: Run;
let openMen25: Run;
let openWomen26: Run;
let relay26: Run;
let tech26: Run;
const people: Record<string, User> = {};
const results: Record<string, number> = {};
const standards: Record<string, QualifyingStandard> = {};

const db = () => t.database.db;
const get = (url: string, caller?: User) => callAs(t.app, 'GET', url, caller);
const send = (method: Method, url: string, payload?: unknown, caller: User = admin) =>
  callAs(t.app, method, url, caller, payload);

async function official(
  key: string,
  run: Run,
  entrant: { userId?: number; teamId?: number },
  rawTimeMs: number,
  more: { penalties?: string[]; validated?: boolean } = {},
) {
  const registration = await insertRegistration(db(), { runId: run.id, ...entrant });
  await insertResult(db(), {
    registrationId: registration.id,
    rawTimeMs,
    enteredBy: admin.id,
    ...(more.validated === false ? {} : { validatedBy: second.id }),
    ...(more.penalties ? { penalties: more.penalties } : {}),
  });
  results[key] = registration.id;
}

async function addStandard(key: string, season: number, runType: string, category: string, timeMs: number) {
  const res = await send('POST', '/api/qualifying-standards', { season, runType, category, timeMs });
  expect(res.statusCode, res.body).toBe(201);
  standards[key] = res.json() as QualifyingStandard;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin' });
  second = await insertUser(db(), { role: 'super-admin' });
  user = await insertUser(db(), { role: 'user' });
  kamloops = await insertDepartment(db(), { name: 'Kamloops Fire' });
  halifax = await insertDepartment(db(), { name: 'Halifax Fire' });
  const person = async (first: string, department: Department) =>
    insertUser(db(), { first_name: first, last_name: 'Runner', department_id: department.id });
  for (const name of ['alice', 'carl', 'gina', 'ivan']) people[name] = await person(name, kamloops);
  for (const name of ['bob', 'dana', 'frank', 'hana']) people[name] = await person(name, halifax);
  const spring26 = await insertEvent(db(), { name: 'Spring Cup 2026', start_date: '2026-05-01', status: 'Completed' });
  const fall26 = await insertEvent(db(), { name: 'Fall Cup 2026', start_date: '2026-09-01', status: 'Completed' });
  const cup25 = await insertEvent(db(), { name: 'Cup 2025', start_date: '2025-06-01', status: 'Completed' });
  openMen26a = await insertRun(db(), spring26.id, { participant_limit: 50 });
  openMen26b = await insertRun(db(), fall26.id, { participant_limit: 50 });
  openMen25 = await insertRun(db(), cup25.id, { participant_limit: 50 });
  openWomen26 = await insertRun(db(), spring26.id, {
    participant_limit: 50,
    name: 'Individual: Open Women',
    category: 'Open Women',
  });
  relay26 = await insertRun(db(), spring26.id, {
    participant_limit: 50,
    name: 'Relay: Mixed',
    type: 'relay',
    category: 'Mixed',
  });
  tech26 = await insertRun(db(), fall26.id, {
    participant_limit: 50,
    name: 'Tech2: Mixed',
    type: 'tech2',
    category: 'Mixed',
  });

  await addStandard('open26', 2026, 'individual', 'Open Men', 150_000);
  await addStandard('relay26', 2026, 'relay', 'Mixed', 140_000);
  await addStandard('tech26', 2026, 'tech2', 'Mixed', 150_000);
  await addStandard('open25', 2025, 'individual', 'Open Men', 100_000);

  const id = (name: string) => ({ userId: (people[name] as User).id });
  // Exactly the standard: Q; 10 ms slower: not.
  await official('aliceExact', openMen26a, id('alice'), 150_000);
  await official('bobSlower', openMen26a, id('bob'), 150_010);
  // A disqualifying penalty with a fast raw time: never Q.
  await official('carlDq', openMen26a, id('carl'), 90_000, { penalties: ['roll-dropped'] });
  // Alice again, faster, later in the season: the list shows her once, with this time.
  await official('aliceFaster', openMen26b, id('alice'), 140_000);
  // Provisional: never public, never Q.
  await official('frankProvisional', openMen26b, id('frank'), 100_000, { validated: false });
  // 2025: 2:00.00 is under 2026's standard but over 2025's, which is the one that applies.
  await official('dana25', openMen25, id('dana'), 120_000);
  await official('ivan25', openMen25, id('ivan'), 99_000);
  // No standard for Open Women.
  await official('gina', openWomen26, id('gina'), 100_000);
  // Teams: a relay under its standard, a Tech2 team 10 ms under and one 10 ms over.
  const captain = people.hana as User;
  const relayTeam = await insertTeam(db(), {
    captain_id: captain.id,
    department_id: kamloops.id,
    name: 'Kamloops Relay',
  });
  const techFast = await insertTeam(db(), {
    captain_id: captain.id,
    department_id: halifax.id,
    run_type: 'tech2',
    name: 'Halifax Tech',
  });
  const techSlow = await insertTeam(db(), {
    captain_id: captain.id,
    department_id: kamloops.id,
    run_type: 'tech2',
    name: 'Kamloops Tech',
  });
  await official('relayTeam', relay26, { teamId: relayTeam.id }, 139_000);
  await official('techFast', tech26, { teamId: techFast.id }, 149_990);
  await official('techSlow', tech26, { teamId: techSlow.id }, 150_010);
});
afterAll(async () => {
  await t?.close();
});

async function flagsOfRun(run: Run): Promise<Record<number, string[]>> {
  const res = await get(`/api/results/public/runs/${run.id}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as PublicRunStandings;
  return Object.fromEntries(body.rows.map((row) => [row.resultId, row.flags]));
}

const isQ = (flags: readonly string[] | undefined) => (flags ?? []).includes('Q');

describe('Q flags on the public results', () => {
  it('an official time equal to the standard is Q, 10 ms slower is not, a DQ never', async () => {
    const flags = await flagsOfRun(openMen26a);
    expect(isQ(flags[results.aliceExact as number])).toBe(true);
    expect(isQ(flags[results.bobSlower as number])).toBe(false);
    expect(flags[results.carlDq as number]).toEqual([]);
    expect(results.carlDq).toBeDefined();
    expect(Object.keys(flags).map(Number)).toContain(results.carlDq);
  });

  it("another season's standard does not apply, and a category without one has no Q", async () => {
    const flags = await flagsOfRun(openMen25);
    expect(isQ(flags[results.dana25 as number])).toBe(false);
    expect(isQ(flags[results.ivan25 as number])).toBe(true);
    expect(isQ((await flagsOfRun(openWomen26))[results.gina as number])).toBe(false);
  });

  it('relay and Tech2 team entries are flagged against their own standards', async () => {
    expect(isQ((await flagsOfRun(relay26))[results.relayTeam as number])).toBe(true);
    const tech = await flagsOfRun(tech26);
    expect(isQ(tech[results.techFast as number])).toBe(true);
    expect(isQ(tech[results.techSlow as number])).toBe(false);
  });

  it('the event, competitor, department and search answers carry the same Q', async () => {
    const event = (await get(`/api/results/public/events/${openMen26a.event_id}`)).json() as PublicEventResults;
    const eventRows = event.runs.flatMap((r) => r.rows);
    expect(isQ(eventRows.find((r) => r.resultId === results.aliceExact)?.flags)).toBe(true);
    expect(isQ(eventRows.find((r) => r.resultId === results.bobSlower)?.flags)).toBe(false);

    const alice = (
      await get(`/api/results/public/competitors/${(people.alice as User).id}`)
    ).json() as CompetitorResults;
    expect(
      alice.results
        .filter((r) => isQ(r.flags))
        .map((r) => r.resultId)
        .sort(),
    ).toEqual([results.aliceExact, results.aliceFaster].sort());

    const department = (await get(`/api/results/public/departments/${halifax.id}`)).json() as DepartmentResults;
    const byId = new Map(department.results.map((r) => [r.resultId, r.flags]));
    expect(isQ(byId.get(results.techFast as number))).toBe(true);
    expect(isQ(byId.get(results.bobSlower as number))).toBe(false);
    expect(byId.has(results.frankProvisional as number)).toBe(false);

    const search = (await get('/api/results/public/search?season=2026&category=Open%20Men')).json() as PublicResultPage;
    const hits = new Map(search.data.map((r) => [r.resultId, r.flags]));
    expect(isQ(hits.get(results.aliceExact as number))).toBe(true);
    expect(isQ(hits.get(results.bobSlower as number))).toBe(false);
    expect(hits.has(results.frankProvisional as number)).toBe(false);
  });

  it('a changed standard moves the flags at once (the public read cache is cleared)', async () => {
    const standard = standards.open26 as QualifyingStandard;
    const before = await flagsOfRun(openMen26a);
    expect(isQ(before[results.bobSlower as number])).toBe(false);
    const body = { season: 2026, runType: 'individual', category: 'Open Men', timeMs: 150_010 };
    const changed = await send('PUT', `/api/qualifying-standards/${standard.id}`, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(isQ((await flagsOfRun(openMen26a))[results.bobSlower as number])).toBe(true);
    const back = await send('PUT', `/api/qualifying-standards/${standard.id}`, { ...body, timeMs: 150_000 });
    expect(back.json()).toMatchObject({ timeMs: 150_000, time: '2:30.00' });
    expect(isQ((await flagsOfRun(openMen26a))[results.bobSlower as number])).toBe(false);
  });
});

describe('the qualified list', () => {
  const list = async (query: string) => {
    const res = await get(`/api/results/public/qualified?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    return res.json() as QualifiedList;
  };

  it("lists each qualified entrant once per run type and category with its best time, the season's only", async () => {
    const body = await list('season=2026');
    expect(body.seasons).toEqual([2026, 2025]);
    expect(body.standards.map((s) => `${s.runType}:${s.category}:${s.time}`)).toEqual([
      'individual:Open Men:2:30.00',
      'relay:Mixed:2:20.00',
      'tech2:Mixed:2:30.00',
    ]);
    expect(body.entries.map((e) => [e.runType, e.category, e.entrant.name, e.time, e.eventName])).toEqual([
      ['individual', 'Open Men', 'alice Runner', '2:20.00', 'Fall Cup 2026'],
      ['relay', 'Mixed', 'Kamloops Relay', '2:19.00', 'Spring Cup 2026'],
      ['tech2', 'Mixed', 'Halifax Tech', '2:29.99', 'Fall Cup 2026'],
    ]);
    expect(body.entries[0]).toMatchObject({
      resultId: results.aliceFaster,
      standardMs: 150_000,
      entrant: { departmentId: kamloops.id, departmentName: 'Kamloops Fire' },
    });
    expect(body.departments).toEqual([
      { id: halifax.id, name: 'Halifax Fire' },
      { id: kamloops.id, name: 'Kamloops Fire' },
    ]);
    const season25 = await list('season=2025');
    expect(season25.entries.map((e) => e.resultId)).toEqual([results.ivan25]);
  });

  it('filters by category, run type and department', async () => {
    const mixed = await list('season=2026&category=Mixed');
    expect(mixed.entries.map((e) => e.resultId)).toEqual([results.relayTeam, results.techFast]);
    const tech = await list('season=2026&category=Mixed&runType=tech2');
    expect(tech.entries.map((e) => e.resultId)).toEqual([results.techFast]);
    const kam = await list(`season=2026&departmentId=${kamloops.id}`);
    expect(kam.entries.map((e) => e.resultId)).toEqual([results.aliceFaster, results.relayTeam]);
    expect(kam.departments).toHaveLength(2);
    expect((await list('season=2024')).entries).toEqual([]);
    expect((await list('season=2026&category=Open%20Women')).entries).toEqual([]);
  });

  it('refuses hostile or huge queries with a 400', async () => {
    for (const query of [
      '',
      'season=abc',
      'season=20260',
      'season=1e3',
      'season=2026&departmentId=-1',
      'season=2026&departmentId=99999999999',
      `season=2026&category=${'x'.repeat(500)}`,
      'season=2026&category=%00',
      'season=2026&runType=sprint',
      'season=2026&sql=1',
    ]) {
      expectEnvelope(await get(`/api/results/public/qualified?${query}`), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('standards in the portal', () => {
  it('lists a season, newest season first without one; admins only', async () => {
    const res = await get('/api/qualifying-standards?season=2026', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as QualifyingStandardList).data.map((s) => s.id)).toEqual([
      standards.open26?.id,
      standards.relay26?.id,
      standards.tech26?.id,
    ]);
    const all = (await get('/api/qualifying-standards', second)).json() as QualifyingStandardList;
    expect(all.data.map((s) => s.season)).toEqual([2026, 2026, 2026, 2025]);
    expectEnvelope(await get('/api/qualifying-standards'), 401, 'UNAUTHORIZED');
    expect((await get('/api/qualifying-standards', user)).statusCode).toBe(403);
    const body = { season: 2027, runType: 'individual', category: 'Chief', timeMs: 300_000 };
    expect((await send('POST', '/api/qualifying-standards', body, user)).statusCode).toBe(403);
    expect((await callAs(t.app, 'POST', '/api/qualifying-standards', undefined, body)).statusCode).toBe(401);
  });

  it('refuses a duplicate season, run type and category with 409, on create and on change', async () => {
    const duplicate = await send('POST', '/api/qualifying-standards', {
      season: 2026,
      runType: 'relay',
      category: 'Mixed',
      timeMs: 100_000,
    });
    expectEnvelope(duplicate, 409, 'QUALIFYING_STANDARD_EXISTS');
    expect(duplicate.json().details).toEqual({ standardId: standards.relay26?.id });
    const moved = await send('PUT', `/api/qualifying-standards/${standards.tech26?.id}`, {
      season: 2026,
      runType: 'relay',
      category: 'Mixed',
      timeMs: 100_000,
    });
    expectEnvelope(moved, 409, 'QUALIFYING_STANDARD_EXISTS');
    const after = (await get('/api/qualifying-standards?season=2026', admin)).json() as QualifyingStandardList;
    expect(after.data.find((s) => s.id === standards.tech26?.id)).toMatchObject({ runType: 'tech2', timeMs: 150_000 });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await get('/api/qualifying-standards', admin)).json() as QualifyingStandardList;
    const good = { season: 2027, runType: 'individual', category: 'Chief', timeMs: 300_000 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, timeMs: 1.5 }, 'timeMs'],
      [{ ...good, timeMs: 0 }, 'timeMs'],
      [{ ...good, timeMs: 9_999 }, 'timeMs'],
      [{ ...good, timeMs: 1_200_001 }, 'timeMs'],
      [{ ...good, timeMs: '300000' }, 'timeMs'],
      [{ ...good, season: 202 }, 'season'],
      [{ ...good, season: 2026.5 }, 'season'],
      [{ ...good, runType: 'sprint' }, 'runType'],
      [{ ...good, category: 'Open Mixed' }, 'category'],
      [{ ...good, runType: 'tech2', category: 'Open Men' }, 'category'],
      [{ ...good, category: '' }, 'category'],
      [{ ...good, category: 'x'.repeat(61) }, 'category'],
      [{ ...good, extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await send('POST', '/api/qualifying-standards', payload);
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
      const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field).join(',');
      expect(fields, JSON.stringify(payload)).toContain(field);
      const put = await send('PUT', `/api/qualifying-standards/${standards.open25?.id}`, payload);
      expectEnvelope(put, 400, 'VALIDATION_FAILED');
    }
    expect((await get('/api/qualifying-standards', admin)).json()).toEqual(before);
  });

  it('changes and deletes a standard; an unknown one is 404', async () => {
    const created = await send('POST', '/api/qualifying-standards', {
      season: 2027,
      runType: 'individual',
      category: 'Over 40 Men',
      timeMs: 165_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const standard = created.json() as QualifyingStandard;
    expect(standard).toMatchObject({ season: 2027, category: 'Over 40 Men', time: '2:45.00' });
    const changed = await send('PUT', `/api/qualifying-standards/${standard.id}`, {
      season: 2027,
      runType: 'individual',
      category: 'Over 45 Men',
      timeMs: 170_000,
    });
    expect(changed.json()).toMatchObject({ id: standard.id, category: 'Over 45 Men', timeMs: 170_000 });
    expect((await send('DELETE', `/api/qualifying-standards/${standard.id}`)).statusCode).toBe(204);
    expectEnvelope(
      await send('DELETE', `/api/qualifying-standards/${standard.id}`),
      404,
      'QUALIFYING_STANDARD_NOT_FOUND',
    );
    expectEnvelope(
      await send('PUT', `/api/qualifying-standards/${standard.id}`, {
        season: 2027,
        runType: 'individual',
        category: 'Chief',
        timeMs: 170_000,
      }),
      404,
      'QUALIFYING_STANDARD_NOT_FOUND',
    );
    expect((await list2027()).data).toEqual([]);
  });
});

async function list2027() {
  return (await get('/api/qualifying-standards?season=2027', admin)).json() as QualifyingStandardList;
}
