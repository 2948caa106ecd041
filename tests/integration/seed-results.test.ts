import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepartmentResults, PublicEventResults } from '../../api/contracts/public-results.ts';
import type { TeamPage } from '../../api/contracts/teams.ts';
import { seedDemoData } from '../../api/demo/seed.ts';
import { DEMO_TEAMS, seedDemoCompetition } from '../../api/demo/seed-competition.ts';
import { seedDemoResults } from '../../api/demo/seed-results.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { qualifiedList } from '../../api/modules/public-results/queries/qualified.ts';
import { searchPublicResults } from '../../api/modules/public-results/queries/search.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { appOn, callAs, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

const TZ = 'America/Toronto';
const NOW = new Date('2026-11-25T15:00:00Z');

async function seeded() {
  database = await testDatabase();
  const db = database.db;
  await seedDemoData(db, { now: NOW, timeZone: TZ });
  const store = createEventStore(db, PROJECTIONS);
  await seedDemoCompetition(store, { timeZone: TZ });
  const added = await seedDemoResults(store, { timeZone: TZ });
  return { db, store, added };
}

const resultRows = (db: TestDatabase['db']) =>
  db
    .selectFrom('results')
    .select([
      'registration_id',
      'run_id',
      'event_id',
      'recorded',
      'heat',
      'position',
      'attempt',
      'raw_time_ms',
      'outcome',
      'penalties',
      'official_time_ms',
      'status',
      'entered_by',
      'validated_by',
      'voided',
      'version',
    ])
    .orderBy('registration_id')
    .execute();

describe('demo results', () => {
  it('gives past events complete official results and today partly timed, through the event store, once', async () => {
    const { db, store, added } = await seeded();
    expect(added.results).toBeGreaterThan(100);
    expect(added.provisional).toBeGreaterThan(0);
    expect(added.official + added.provisional).toBe(added.results);

    const byEvent = await db
      .selectFrom('results')
      .innerJoin('events', 'events.id', 'results.event_id')
      .select(['events.slug', 'events.status', 'results.status', 'results.recorded'])
      .execute();
    const past = byEvent.filter((r) => r.slug !== 'toronto-indoor-now');
    expect(new Set(past.map((r) => r.slug)).size).toBeGreaterThanOrEqual(4);
    expect(past.every((r) => r.recorded && r.status === 'official')).toBe(true);
    const today = byEvent.filter((r) => r.slug === 'toronto-indoor-now');
    expect(today.filter((r) => r.status === 'official').length).toBe(6);
    expect(today.filter((r) => r.status === 'provisional').length).toBe(4);

    // Every past registration of the raced runs has its result; validated by someone other than the enterer.
    const rows = await resultRows(db);
    for (const row of rows.filter((r) => r.status === 'official')) expect(row.validated_by).not.toBe(row.entered_by);
    expect(rows.some((r) => r.outcome === 'dq')).toBe(true);
    expect(rows.some((r) => r.outcome === 'dnf' || r.outcome === 'dns')).toBe(true);
    expect(rows.some((r) => r.attempt === 2 && (r.voided as unknown[]).length === 1)).toBe(true);
    const corrected = await db.selectFrom('event_log').select('data').where('type', '=', 'ResultCorrected').execute();
    expect(corrected.length).toBeGreaterThan(0);

    // The venue display follows heat 2 today.
    const run = await db
      .selectFrom('runs')
      .innerJoin('events', 'events.id', 'runs.event_id')
      .select('runs.id')
      .where('events.slug', '=', 'toronto-indoor-now')
      .where('runs.category', '=', 'Open Men')
      .executeTakeFirstOrThrow();
    expect((await runOrderState(db, run.id)).currentHeat).toBe(2);

    // A rebuild of the read model from the log writes the same rows.
    await rebuildProjections(db, PROJECTIONS);
    expect(await resultRows(db)).toEqual(rows);

    // Idempotent.
    expect(await seedDemoResults(store, { timeZone: TZ })).toEqual({ results: 0, official: 0, provisional: 0 });
  });

  it('shows every kind of run with official standings, teams and team scores included, and a second seed changes nothing', async () => {
    const { db, store } = await seeded();
    const app = await appOn(database as TestDatabase);
    try {
      const competitor = await db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', 'competitor@firefit.example')
        .executeTakeFirstOrThrow();
      const get = async <T>(url: string) => {
        const response = await callAs(app, 'GET', url, competitor);
        expect(response.statusCode, url).toBe(200);
        return response.json() as T;
      };

      // The teams list: every demo team, of the three formats, each within its format's size.
      const teams = await get<TeamPage>('/api/teams?limit=100');
      expect(teams.data.map((t) => t.name).sort()).toEqual(DEMO_TEAMS.map((t) => t.name).sort());
      expect(new Set(teams.data.map((t) => t.runType))).toEqual(new Set(['individual', 'relay', 'tech2']));
      const members = await db
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select(['teams.id', 'teams.run_type', 'teams.department_id as teamDepartment', 'users.department_id'])
        .execute();
      for (const team of teams.data) {
        const own = members.filter((m) => m.id === team.id);
        expect(own.length, team.name).toBeGreaterThanOrEqual(team.runType === 'tech2' ? 2 : 3);
        expect(own.length, team.name).toBeLessThanOrEqual(team.runType === 'tech2' ? 2 : 5);
        expect(
          own.every((m) => m.department_id === m.teamDepartment && m.department_id !== null),
          team.name,
        ).toBe(true);
      }

      // Every run of every completed event has official standings, relay and Tech2 included.
      const completed = await db
        .selectFrom('events')
        .select(['id', 'slug'])
        .where('status', '=', 'Completed')
        .where('deleted_at', 'is', null)
        .execute();
      expect(completed.length).toBeGreaterThanOrEqual(4);
      const runTypes = new Set<string>();
      const individualTeamScores: PublicEventResults['runs'][number]['teams'] = [];
      for (const event of completed) {
        const runs = await db.selectFrom('runs').select('id').where('event_id', '=', event.id).execute();
        const results = await get<PublicEventResults>(`/api/results/public/events/${event.id}`);
        expect(results.runs.map((r) => r.runId).sort(), event.slug).toEqual(runs.map((r) => r.id).sort());
        for (const run of results.runs) {
          expect(run.rows.length, `${event.slug} ${run.runName}`).toBeGreaterThan(0);
          expect(
            run.rows.some((row) => row.rank !== null),
            `${event.slug} ${run.runName}`,
          ).toBe(true);
          runTypes.add(run.runType);
          if (run.runType === 'individual') individualTeamScores.push(...run.teams);
          else expect(run.rows.every((row) => row.entrant.kind === 'team')).toBe(true);
        }
      }
      expect(runTypes).toEqual(new Set(['individual', 'relay', 'tech2']));
      // Department teams score in the individual runs: a rank on the sum of three official times.
      const ranked = individualTeamScores.filter((t) => t.rank !== null);
      expect(ranked.length).toBeGreaterThan(0);
      expect(ranked.every((t) => t.counted.length === 3 && t.scoreMs !== null)).toBe(true);

      // A department page lists its department team's scores.
      const calgary = teams.data.find((t) => t.name === 'Calgary Fire Red Shift');
      const department = await get<DepartmentResults>(`/api/results/public/departments/${calgary?.departmentId}`);
      expect(department.teams.length).toBeGreaterThan(0);
      expect(department.teams.every((t) => t.team.teamName === 'Calgary Fire Red Shift')).toBe(true);
      expect(department.teams.some((t) => t.team.rank !== null && t.rankedTeams > 0)).toBe(true);
    } finally {
      await app.close();
    }

    // Seeding again (each step) adds nothing and writes nothing.
    const counts = async () =>
      (
        await sql<{ n: string }>`select (select count(*) from event_log) || '/' || (select count(*) from teams) || '/'
          || (select count(*) from team_members) || '/' || (select count(*) from users) as n`.execute(db)
      ).rows[0]?.n;
    const before = await counts();
    expect(await seedDemoData(db, { now: NOW, timeZone: TZ })).toEqual({
      departments: 0,
      users: 0,
      events: 0,
      runs: 0,
      announcements: 0,
    });
    expect(await seedDemoCompetition(store, { timeZone: TZ })).toEqual({ competitors: 0, registrations: 0, teams: 0 });
    expect(await seedDemoResults(store, { timeZone: TZ })).toEqual({ results: 0, official: 0, provisional: 0 });
    expect(await counts()).toBe(before);
  });

  it("flags some of this season's demo times Q and lists them as qualified, not all of them (decision 068)", async () => {
    const { db } = await seeded();
    const page = await searchPublicResults(db, { season: 2026, category: 'Open Men', page: 1, limit: 100 });
    const timed = page.data.filter((r) => r.officialTimeMs !== null);
    expect(timed.some((r) => r.flags.includes('Q'))).toBe(true);
    expect(timed.some((r) => !r.flags.includes('Q'))).toBe(true);
    for (const r of page.data)
      expect(r.flags.includes('Q')).toBe(r.officialTimeMs !== null && r.officialTimeMs <= 120_000);
    const list = await qualifiedList(db, { season: 2026 });
    expect(list.entries.length).toBeGreaterThan(0);
    expect(list.entries.every((e) => e.timeMs <= e.standardMs)).toBe(true);
  });
});
