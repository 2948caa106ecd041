import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import type { ResultCommand } from '../../api/domain/results/commands.ts';
import { decide } from '../../api/domain/results/decide.ts';
import { RESULT_STREAM_TYPE, type ResultValue, resultStreamId } from '../../api/domain/results/events.ts';
import { evolve, initialResultState } from '../../api/domain/results/evolve.ts';
import { runStandings, type ScoringEntry, standings, type TeamInput } from '../../api/domain/results/scoring.ts';
import { heatOf } from '../../api/domain/run-orders/evolve.ts';
import { createEventStore, type EventStore } from '../../api/event-store/store.ts';
import { recordRegistration } from '../../api/modules/registrations/commands.ts';
import { existingRun } from '../../api/modules/results/queries/run.ts';
import { runStandings as readRunStandings } from '../../api/modules/results/queries/standings.ts';
import { runOrderCommand } from '../../api/modules/run-orders/commands.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { listenBenchApp } from './bench-app.ts';
import { benchAccessToken, benchTargets, insertBenchAdmin, insertBenchRun } from './bench-database.ts';
import { median, percentile } from './stats.ts';

/**
 * Results (docs/decisions/032-scoring.md):
 * - the standings of a run of 500 results: the pure scoring (overall, age categories, 100 department
 *   teams) and the HTTP read GET /api/results/run/{runId} over 500 results in the read model;
 * - the live round trip of a result (an official's POST until the venue display's socket has it) is in
 *   live-round-trip.bench.ts's shape, below, once the results stream is live.
 * On PGlite in memory, and on PostgreSQL when BENCH_DATABASE_URL names a server. Figures, never asserted.
 */

const RESULTS = Number(process.env.BENCH_RESULTS ?? 500);
const READS = 50;

/** The i-th entrant's result: mostly finished within a minute of each other, some penalties, a few DNF/DNS/DQ. */
function benchValue(i: number): ResultValue {
  const roll = (i * 7919) % 97;
  if (roll === 0) return { rawTimeMs: null, outcome: 'dns', penalties: [] };
  if (roll === 1) return { rawTimeMs: null, outcome: 'dnf', penalties: [] };
  if (roll === 2) return { rawTimeMs: 100_000, outcome: 'finished', penalties: ['roll-dropped'] };
  const penalties =
    roll % 5 === 0 ? (['false-start'] as const) : roll % 7 === 0 ? (['missed-step', 'missed-step'] as const) : [];
  return { rawTimeMs: 90_000 + ((i * 104_729) % 6_000) * 10, outcome: 'finished', penalties: [...penalties] };
}

function pureFigures() {
  const entries: ScoringEntry[] = Array.from({ length: RESULTS }, (_, i) => ({
    registrationId: i + 1,
    name: `Competitor ${i + 1}`,
    departmentId: (i % 100) + 1,
    departmentName: `Department ${(i % 100) + 1}`,
    status: i % 3 === 0 ? 'provisional' : 'official',
    runOrderPosition: i + 1,
    age: 20 + (i % 45),
    ...benchValue(i),
  }));
  const teams: TeamInput[] = Array.from({ length: RESULTS / 5 }, (_, t) => ({
    teamId: t + 1,
    name: `Team ${t + 1}`,
    departmentId: t + 1,
    departmentName: `Department ${t + 1}`,
    registrationIds: [0, 1, 2, 3, 4].map((k) => t + 1 + k * 100),
  }));
  const run = { runType: 'individual' as const, runCategory: 'Open Men', eventStartDate: '2027-06-01', teams };
  const overall: number[] = [];
  const everything: number[] = [];
  for (let i = 0; i < 60; i++) {
    let started = performance.now();
    standings(entries);
    overall.push(performance.now() - started);
    started = performance.now();
    runStandings(entries, run);
    everything.push(performance.now() - started);
  }
  return [
    {
      database: '(pure)',
      measure: `standings of ${RESULTS} results, overall only (ms, median of 60)`,
      value: Number(median(overall.slice(10)).toFixed(2)),
    },
    {
      database: '(pure)',
      measure: `standings of ${RESULTS} results, overall + age categories + ${teams.length} team scores (ms, median of 60)`,
      value: Number(median(everything.slice(10)).toFixed(2)),
    },
  ];
}

/** Decides and appends each command as its actor (the rules the module applies), in one transaction. */
async function appendResults(
  store: EventStore,
  runId: number,
  eventId: number,
  slots: (number | null)[],
  heatSize: number,
  officials: [number, number],
) {
  await store.db.transaction().execute(async (trx) => {
    for (const [index, registrationId] of slots.entries()) {
      if (registrationId === null) continue;
      const position = index + 1;
      let state = initialResultState(registrationId);
      const steps: [number, ResultCommand][] = [
        [officials[0], { type: 'RecordResult', source: 'manual', ...benchValue(index) }],
      ];
      if (index % 3 !== 0) steps.push([officials[1], { type: 'ValidateResult' }]);
      for (const [actorId, command] of steps) {
        const events = decide(command, state, {
          actorId,
          actorIsAdmin: true,
          registration: { id: registrationId, runId, eventId, status: 'confirmed' },
          placement: { heat: heatOf(position, heatSize), position },
        });
        await store.append(trx, {
          streamId: resultStreamId(registrationId),
          streamType: RESULT_STREAM_TYPE,
          expectedVersion: state.version,
          events,
          metadata: { actorId },
        });
        for (const event of events) state = evolve(state, event);
      }
    }
  });
}

async function httpFigures(handle: DatabaseHandle, target: string) {
  await migrateToLatest(handle.db);
  const { app, port } = await listenBenchApp(handle);
  try {
    const { db } = handle;
    const store = createEventStore(db, PROJECTIONS);
    const admin = await insertBenchAdmin(db, { lastName: 'bench-admin' });
    const second = await insertBenchAdmin(db, { email: 'bench-second@example.org', lastName: 'bench-second' });
    const runId = await insertBenchRun(db, { slug: 'bench-results', run: 'Bench results' }, RESULTS);
    const { event_id: eventId } = await db
      .selectFrom('runs')
      .select('event_id')
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    const departments = await db
      .insertInto('departments')
      .values(
        Array.from({ length: 20 }, (_, i) => ({ name: `Bench department ${i + 1}`, city: 'Red Deer', province: 'AB' })),
      )
      .returning('id')
      .execute();
    const people = await db
      .insertInto('users')
      .values(
        Array.from({ length: RESULTS }, (_, i) => ({
          email: `bench-racer-${i}@example.org`,
          password_hash: 'x',
          first_name: 'Racer',
          last_name: String(i + 1),
          role: 'user' as const,
          is_verified: true,
          gender: 'male' as const,
          date_of_birth: `${1965 + (i % 40)}-05-01`,
          department_id: departments[i % departments.length]?.id ?? null,
        })),
      )
      .returning('id')
      .execute();
    const setupStarted = performance.now();
    const actor = { sub: admin.id, role: admin.role };
    for (const person of people)
      await recordRegistration(store, actor, { runId, userId: person.id }, { timeZone: 'America/Toronto' });
    const order = await runOrderCommand(
      store,
      runId,
      { type: 'Generate', seeding: { rule: 'random', seed: 1 }, heatSize: 3 },
      { actorId: admin.id, expectedVersion: 0 },
    );
    await appendResults(store, runId, eventId, order.slots, order.heatSize, [admin.id, second.id]);
    const setupMs = performance.now() - setupStarted;

    const token = await benchAccessToken(db, app, admin);
    const url = `http://127.0.0.1:${port}/api/results/run/${runId}`;
    const times: number[] = [];
    for (let i = 0; i < READS + 5; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { overall?: unknown[] };
      if (res.status !== 200) throw new Error(`standings: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 5) times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    // The same read without HTTP: the module's queries and the scoring, not the answer's serialisation.
    const direct: number[] = [];
    for (let i = 0; i < READS + 5; i++) {
      const started = performance.now();
      await readRunStandings(db, await existingRun(db, runId));
      if (i >= 5) direct.push(performance.now() - started);
    }
    const directSorted = [...direct].sort((a, b) => a - b);
    return [
      {
        database: target,
        measure: `the same read without HTTP (queries + scoring; ms, median / p95 of ${READS})`,
        value: `${percentile(directSorted, 50).toFixed(1)} / ${percentile(directSorted, 95).toFixed(1)}`,
      },
      {
        database: target,
        measure: `GET /api/results/run/{id}, ${RESULTS} results (ms, median / p95 of ${READS})`,
        value: `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}`,
      },
      {
        database: target,
        measure: `setup: ${RESULTS} registrations, an order and ${RESULTS} results through the store (s)`,
        value: Number((setupMs / 1000).toFixed(1)),
      },
    ];
  } finally {
    await app.close();
  }
}

export async function run(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [...pureFigures()];
  for (const target of benchTargets('ff_bench_results')) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      rows.push(...(await httpFigures(handle, target.name)));
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}
