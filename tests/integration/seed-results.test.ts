import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/db/seed.ts';
import { seedDemoCompetition } from '../../api/db/seed-competition.ts';
import { seedDemoResults } from '../../api/db/seed-results.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { qualifiedList, searchPublicResults } from '../../api/modules/public-results/queries.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { testDatabase } from '../support/app.ts';
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
