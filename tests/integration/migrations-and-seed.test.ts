import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationError, MigrationFolder, migrateToLatest, pendingMigrations } from '../../api/db/migrate.ts';
import { isDatabaseEmpty } from '../../api/db/site-state.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../api/demo/seed.ts';
import { DEMO_TEAMS, seedDemoCompetition } from '../../api/demo/seed-competition.ts';
import { createEventStore, earlierCommand } from '../../api/event-store/store.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

describe('migrations', () => {
  it('are all applied on a test database', async () => {
    database = await testDatabase();
    expect(await pendingMigrations(database.db)).toEqual([]);
  });

  it('apply nothing when one fails, and say which one', async () => {
    database = await testDatabase();
    const real = await new MigrationFolder().getMigrations();
    const provider = {
      getMigrations: async () => ({
        ...real,
        '2099-01-01-0001-first-new': {
          up: async (db: any) => {
            await db.schema.createTable('half_applied').addColumn('id', 'integer').execute();
          },
        },
        '2099-01-01-0002-broken': {
          up: async (db: any) => {
            await sql`select * from table_that_does_not_exist`.execute(db);
          },
        },
      }),
    };
    const attempt = migrateToLatest(database.db, provider);
    await expect(attempt).rejects.toThrow(MigrationError);
    await expect(migrateToLatest(database.db, provider)).rejects.toThrow(
      /Migration 2099-01-01-0002-broken failed: .*table_that_does_not_exist/,
    );
    const { rows } = await sql<{ exists: boolean }>`select to_regclass('half_applied') is not null as exists`.execute(
      database.db,
    );
    expect(rows[0]?.exists).toBe(false);
    expect(await pendingMigrations(database.db, provider)).toEqual([
      '2099-01-01-0001-first-new',
      '2099-01-01-0002-broken',
    ]);
  });

  it('command scope (0008): a command recorded before it keeps answering its own actor, of any kind', async () => {
    database = await testDatabase();
    const db = database.db as unknown as Kysely<any>;
    const scope = await import('../../migrations/2026-11-25-0008-command-scope.ts');
    await scope.down(db);
    await sql`insert into event_log (stream_id, stream_type, version, type, data, metadata) values
      ('registration-9', 'registration', 1, 'Submitted', '{}', '{"actorId": 42, "commandId": "old-1"}'),
      ('registration-9', 'registration', 2, 'NotesChanged', '{}', '{"actorId": 7, "commandId": "old-2"}'),
      ('test-1', 'test', 1, 'Opened', '{}', '{"actorId": null, "commandId": "old-3"}')`.execute(db);
    await sql`insert into processed_commands (command_id, stream_id, first_version, last_version) values
      ('old-1', 'registration-9', 1, 1), ('old-2', 'registration-9', 2, 2), ('old-3', 'test-1', 1, 1)`.execute(db);
    await scope.up(db);
    const rows = await database.db
      .selectFrom('processed_commands')
      .select(['command_id', 'actor_id', 'command_kind'])
      .orderBy('command_id')
      .execute();
    expect(rows).toEqual([
      { command_id: 'old-1', actor_id: 42, command_kind: null },
      { command_id: 'old-2', actor_id: 7, command_kind: null },
      { command_id: 'old-3', actor_id: null, command_kind: null },
    ]);
    expect(await earlierCommand(database.db, { commandId: 'old-1', actorId: 42, kind: 'Cancel' })).toEqual({
      streamId: 'registration-9',
      firstVersion: 1,
      lastVersion: 1,
    });
    await expect(earlierCommand(database.db, { commandId: 'old-1', actorId: 7, kind: 'Submit' })).rejects.toMatchObject(
      {
        code: 'COMMAND_ID_REUSED',
      },
    );
  });
});

describe('demo data', () => {
  it('fills an empty database with a realistic set, and a second run adds nothing', async () => {
    database = await testDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const now = new Date('2026-11-21T15:00:00Z');
    const first = await seedDemoData(database.db, { now, timeZone: 'America/Toronto' });
    expect(first.departments).toBe(12);
    expect(first.users).toBe(DEMO_ACCOUNTS.length);
    expect(first.events).toBeGreaterThanOrEqual(15);
    expect(first.announcements).toBeGreaterThanOrEqual(6);
    expect(await isDatabaseEmpty(database.db)).toBe(false);

    const second = await seedDemoData(database.db, { now, timeZone: 'America/Toronto' });
    expect(second).toEqual({ departments: 0, users: 0, events: 0, runs: 0, announcements: 0 });
    // Qualifying standards of this season and the last (decision 068), once: the second run added none.
    const standards = await database.db
      .selectFrom('qualifying_standards')
      .select(['season', 'run_type', 'category', 'time_ms'])
      .execute();
    expect(standards).toHaveLength(20);
    expect([...new Set(standards.map((q) => q.season))].sort()).toEqual([2025, 2026]);
    expect(standards.find((q) => q.season === 2026 && q.category === 'Open Men')?.time_ms).toBe(120_000);

    const statuses = await database.db.selectFrom('events').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(
      ['Cancelled', 'Completed', 'Confirmed', 'Draft', 'Firm', 'In Progress', 'Tentative', 'To Be Rescheduled'].sort(),
    );
    const years = await database.db
      .selectFrom('events')
      .select(sql<number>`distinct extract(year from start_date)::int`.as('y'))
      .execute();
    expect(years.map((y) => y.y)).toEqual(expect.arrayContaining([2025, 2026, 2027, 2028]));
    const blockTypes = await sql<{
      t: string;
    }>`select distinct b->>'type' as t from announcements, jsonb_array_elements(content) b`.execute(database.db);
    expect(blockTypes.rows.map((r) => r.t).sort()).toEqual([
      'divider',
      'heading',
      'image',
      'list',
      'paragraph',
      'quote',
      'video',
    ]);
    const roles = await database.db.selectFrom('users').select('role').execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'super-admin', 'user']);
  });

  it('adds competitors, real registration streams and a generated run order for the event on today, once', async () => {
    database = await testDatabase();
    const db = database.db;
    await seedDemoData(db, { now: new Date(), timeZone: 'America/Toronto' });
    const added = await seedDemoCompetition(createEventStore(db, PROJECTIONS), { timeZone: 'America/Toronto' });
    expect(added).toEqual({ competitors: 34, registrations: 24, teams: DEMO_TEAMS.length });
    const today = await db
      .selectFrom('runs')
      .innerJoin('events', 'events.id', 'runs.event_id')
      .select('runs.id')
      .where('events.slug', '=', 'toronto-indoor-now')
      .where('runs.category', '=', 'Open Men')
      .executeTakeFirstOrThrow();
    const order = await runOrderState(db, today.id);
    expect(order).toMatchObject({ exists: true, heatSize: 3, seeding: { rule: 'best-time', seed: 2026 } });
    expect(order.slots.filter((id) => id !== null)).toHaveLength(18);
    const ottawa = await db
      .selectFrom('registrations')
      .innerJoin('events', 'events.id', 'registrations.event_id')
      .select(['registrations.status', 'registrations.waitlist_position'])
      .where('events.slug', '=', 'ottawa-capital-cup')
      .orderBy('registrations.id')
      .execute();
    expect(ottawa.map((r) => r.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    expect(await db.selectFrom('event_log').select('stream_type').distinct().orderBy('stream_type').execute()).toEqual([
      { stream_type: 'registration' },
      { stream_type: 'run-order' },
    ]);
    expect(await seedDemoCompetition(createEventStore(db, PROJECTIONS), { timeZone: 'America/Toronto' })).toEqual({
      competitors: 0,
      registrations: 0,
      teams: 0,
    });
  });
});

describe('the embedded database', () => {
  it('reads DATE columns as YYYY-MM-DD strings in memory:// mode too', async () => {
    const { openDatabase } = await import('../../api/db/database.ts');
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const { rows } = await sql<{ d: unknown; n: unknown }>`select '2027-03-04'::date as d, 12::int8 as n`.execute(
        handle.db,
      );
      expect(rows[0]).toEqual({ d: '2027-03-04', n: 12 });
    } finally {
      await handle.close();
    }
  });
});
