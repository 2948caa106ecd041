import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { DEFAULT_SEEDING, generateArrangement, type SeedEntry } from '../../api/domain/run-orders/generate.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { runOrderCommand } from '../../api/modules/run-orders/commands.ts';
import { runForOrder } from '../../api/modules/run-orders/queries/run.ts';
import { runOrderView } from '../../api/modules/run-orders/queries/run-order-view.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { benchTargets, insertBenchAdmin, insertBenchRun } from './bench-database.ts';
import { median } from './stats.ts';

/**
 * Run orders (docs/decisions/017):
 * - generate for 1,000 registrations: the pure generator alone, for each seeding rule;
 * - loading a run order (the command path's load and GET full) whose stream has 10,000 events, against
 *   one with 10: the read-model row is the snapshot, so the load must not grow with the stream;
 * - the command round trip to 200 subscribed sockets lives in live-round-trip.bench.ts.
 * On PGlite in memory, and on PostgreSQL when BENCH_DATABASE_URL names a server.
 */

const GENERATE_ENTRIES = 1000;
const LONG_STREAM = Number(process.env.BENCH_LONG_STREAM ?? 10_000);

function generateFigures() {
  const entries: SeedEntry[] = Array.from({ length: GENERATE_ENTRIES }, (_, i) => ({
    registrationId: i + 1,
    departmentId: (i % 40) + 1,
    bestTimeMs: i % 7 === 0 ? null : 90_000 + ((i * 7919) % 120_000),
    personIds: [i + 1, ((i * 31) % GENERATE_ENTRIES) + 1],
  }));
  const rows: Array<Record<string, string | number>> = [];
  const rules = [
    { label: 'random, departments apart', seeding: { ...DEFAULT_SEEDING, seed: 7 } },
    {
      label: 'best time (fastest last), departments apart, rest 4',
      seeding: { ...DEFAULT_SEEDING, rule: 'best-time' as const, seed: 7, minRest: 4 },
    },
  ];
  for (const { label, seeding } of rules) {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      generateArrangement({ entries, current: [], locked: new Set(), seeding });
      times.push(performance.now() - started);
    }
    rows.push({
      database: '(pure)',
      measure: `generate ${GENERATE_ENTRIES} registrations, ${label} (ms, median of 15)`,
      value: Number(median(times).toFixed(2)),
    });
  }
  return rows;
}

async function seedRun(handle: DatabaseHandle, label: string) {
  return insertBenchRun(handle.db, { slug: `bench-${label}`, run: `Bench run ${label}` }, 1000);
}

/** A stream of `events` position moves over 40 positions, written straight to the log, then projected. */
async function longStream(handle: DatabaseHandle, runId: number, events: number) {
  const { db } = handle;
  const slots = Array.from({ length: 40 }, (_, i) => 1_000_000 + i);
  await sql`
    insert into event_log (stream_id, stream_type, version, type, data, metadata)
    select ${`run-order:${runId}`}, 'run-order', v,
      case when v = 1 then 'RunOrderCreated' else 'PositionMoved' end,
      case when v = 1 then jsonb_build_object('heatSize', 3, 'slots', ${JSON.stringify(slots)}::jsonb, 'createdBy', 1)
           else jsonb_build_object('slots', ${JSON.stringify(slots)}::jsonb, 'sourcePosition', 1 + v % 40, 'targetPosition', 1 + (v * 7) % 40, 'movedBy', 1) end,
      '{"actorId": 1}'::jsonb
    from generate_series(1, ${events}) v`.execute(db);
}

async function loadFigures(handle: DatabaseHandle, target: string) {
  const { db } = handle;
  const admin = await insertBenchAdmin(db, { email: `bench-admin-${randomBytes(3).toString('hex')}@example.org` });
  const short = await seedRun(handle, 'short');
  const long = await seedRun(handle, 'long');
  await longStream(handle, short, 10);
  await longStream(handle, long, LONG_STREAM);
  const rebuildStarted = performance.now();
  await rebuildProjections(db, PROJECTIONS);
  const rebuildMs = performance.now() - rebuildStarted;

  const rows: Array<Record<string, string | number>> = [];
  const store = createEventStore(db, PROJECTIONS);
  for (const [label, runId, length] of [
    ['10', short, 10],
    [String(LONG_STREAM), long, LONG_STREAM],
  ] as const) {
    const views: number[] = [];
    const commands: number[] = [];
    let version = length;
    for (let i = 0; i < 30; i++) {
      const run = await runForOrder(db, runId);
      if (!run) throw new Error('bench run missing');
      const started = performance.now();
      await runOrderView(db, run);
      views.push(performance.now() - started);
      const commandStarted = performance.now();
      // A lock and its unlock: each command loads the state, decides, appends and projects.
      const result = await runOrderCommand(
        store,
        runId,
        { type: i % 2 === 0 ? 'LockOrder' : 'UnlockOrder' },
        { actorId: admin.id, expectedVersion: version },
      );
      commands.push(performance.now() - commandStarted);
      version = result.version;
    }
    rows.push({
      database: target,
      measure: `GET full, stream of ${label} events (ms, median of 30)`,
      value: Number(median(views).toFixed(2)),
    });
    rows.push({
      database: target,
      measure: `command (load, decide, append, project), stream of ${label} events (ms, median of 30)`,
      value: Number(median(commands).toFixed(2)),
    });
  }
  rows.push({
    database: target,
    measure: `rebuild of the run-order read model from ${LONG_STREAM + 10} events (ms)`,
    value: Math.round(rebuildMs),
  });
  return rows;
}

export async function run(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [...generateFigures()];
  for (const target of benchTargets('ff_bench_ro')) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      await migrateToLatest(handle.db);
      rows.push(...(await loadFigures(handle, target.name)));
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}
