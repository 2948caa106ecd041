import { sql } from 'kysely';
import type { DatabaseHandle } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { submitRegistration } from '../../api/modules/registrations/commands.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { countStatements } from '../support/statements.ts';
import { benchTargets } from './bench-database.ts';

/**
 * Registration throughput and projection rebuild time (docs/decisions/014).
 * - Registrations per second through the real command (run row lock, read of the run's places,
 *   decide, append with expected version, inline projection, pg_notify, commit), for one client and for
 *   16 concurrent clients on one run (they queue on its lock) and on 16 runs (one each).
 * - The floor in the same run: raw single-row inserts into a plain table as wide as the read model, one
 *   insert per round trip (autocommit), by as many clients as the scenario has, in slices of 100
 *   alternating with the registrations' (so both see the same machine load); the ratio is registrations/s
 *   over raw inserts/s (decision 055).
 * - The round trips (statements, begin and commit included) of one registration command, counted through
 *   Kysely's log hook.
 * - Rebuild of the registrations read model from 100,000 events (25,000 streams of 4 events).
 * On PGlite in memory, and on PostgreSQL when BENCH_DATABASE_URL names a server (a fresh database is
 * created there and dropped afterwards).
 */

const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 2000);
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 100_000);
const CLIENTS = 16;
const TIME_ZONE = 'America/Toronto';

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  await migrateToLatest(db);
  const today = todayIn(TIME_ZONE);
  const event = await db
    .insertInto('events')
    .values({
      slug: 'bench',
      name: 'Bench event',
      description: '',
      start_date: addDays(today, 60),
      end_date: addDays(today, 60),
      city: 'Red Deer',
      province: 'AB',
      scope: 'Regional',
      status: 'Confirmed',
      registration_opens_on: addDays(today, -1),
      registration_closes_on: addDays(today, 30),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into users (email, password_hash, first_name, last_name, role, is_verified, date_of_birth)
    select 'bench' || s || '@example.org', 'x', 'Bench', 'Person ' || s, 'user', true, date '1990-01-01'
    from generate_series(1, ${REGISTRATIONS}) s`.execute(db);
  const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  return { eventId: event.id, users };
}

async function newRun(handle: DatabaseHandle, eventId: number, limit: number) {
  const run = await handle.db
    .insertInto('runs')
    .values({
      event_id: eventId,
      name: 'Bench run',
      type: 'individual',
      category: 'Open Men',
      participant_limit: limit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

/** `clients` loops that run `op` for indexes [from, to) between them; answers the seconds it took. */
async function timed(
  clients: number,
  from: number,
  to: number,
  op: (index: number, client: number) => Promise<unknown>,
): Promise<number> {
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const index = next++;
        if (index >= to) return;
        await op(index, client);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** The floor's table: as wide as the registrations read model (17 columns), with a primary key. */
async function createFloorTable(handle: DatabaseHandle) {
  await sql`
    create table bench_floor (id serial primary key, run_id int not null, event_id int not null, team_id int,
      user_id int, registered_by int, status text not null, waitlist_position int, is_hybrid_opt_in boolean not null,
      is_late boolean not null, notes text, submitted_at timestamptz not null, confirmed_at timestamptz,
      cancelled_at timestamptz, deleted_at timestamptz, updated_at timestamptz not null, version int not null)`.execute(
    handle.db,
  );
}

/** One raw single-row insert, one round trip in autocommit: the floor. */
function rawInsert(handle: DatabaseHandle, index: number) {
  const now = new Date();
  return sql`
    insert into bench_floor (run_id, event_id, team_id, user_id, registered_by, status, waitlist_position,
      is_hybrid_opt_in, is_late, notes, submitted_at, confirmed_at, cancelled_at, deleted_at, updated_at, version)
    values (1, 1, null, ${index}, ${index}, 'confirmed', null, false, false, null, ${now}, ${now}, null, null, ${now}, 1)`.execute(
    handle.db,
  );
}

/** Registrations and raw inserts are measured in alternating slices, so both see the same machine load. */
const SLICE = 100;

/**
 * `clients` loops that register users[0..n) between them (runIdOf picks each client's run), and as many
 * raw inserts by as many loops, a slice of each in turn.
 */
async function appendRate(
  handle: DatabaseHandle,
  users: number[],
  clients: number,
  runIdOf: (client: number) => number,
  scenario: string,
) {
  const store = createEventStore(handle.db, PROJECTIONS);
  let seconds = 0;
  let floorSeconds = 0;
  for (let from = 0; from < users.length; from += SLICE) {
    const to = Math.min(users.length, from + SLICE);
    floorSeconds += await timed(clients, from, to, (index) => rawInsert(handle, index));
    seconds += await timed(clients, from, to, (index, client) =>
      submitRegistration(
        store,
        { sub: users[index] as number, role: 'user' },
        { runId: runIdOf(client) },
        // With a command id, as the browser sends one (web/features/self-service/form.ts).
        { timeZone: TIME_ZONE, commandId: `bench-${scenario}-${index}` },
      ),
    );
  }
  return {
    perSecond: Math.round(users.length / seconds),
    seconds,
    floorPerSecond: Math.round(users.length / floorSeconds),
  };
}

/** The statements one registration command sends (begin and commit included), on a fresh run. */
async function roundTrips(handle: DatabaseHandle, eventId: number, userId: number) {
  const runId = await newRun(handle, eventId, 10);
  const counted = countStatements(handle);
  await submitRegistration(
    createEventStore(counted.handle.db, PROJECTIONS),
    { sub: userId, role: 'user' },
    { runId },
    { timeZone: TIME_ZONE, commandId: `bench-round-trips-${userId}` },
  );
  return [...counted.statements];
}

async function rebuildTime(handle: DatabaseHandle, eventId: number, userId: number) {
  const { db } = handle;
  const runId = await newRun(handle, eventId, 1_000_000);
  await sql`truncate event_log, processed_commands, registrations`.execute(db);
  const streams = Math.ceil(REBUILD_EVENTS / 4);
  // 4 events a stream: submitted (waitlisted), moved, promoted, notes; in stream order, like a real log.
  await sql`
    insert into event_log (stream_id, stream_type, version, type, data, metadata)
    select 'registration:' || s, 'registration', v,
      case v when 1 then 'RegistrationSubmitted' when 2 then 'WaitlistPositionChanged' when 3 then 'PromotedFromWaitlist' else 'RegistrationUpdated' end,
      case v
        when 1 then jsonb_build_object('runId', ${runId}::int, 'eventId', ${eventId}::int, 'teamId', null, 'userId', ${userId}::int,
                                      'registeredBy', ${userId}::int, 'status', 'waitlisted', 'waitlistPosition', s)
        when 2 then jsonb_build_object('from', s, 'to', s)
        when 3 then jsonb_build_object('fromPosition', s)
        else jsonb_build_object('notes', 'Bench notes ' || s) end,
      jsonb_build_object('actorId', ${userId}::int)
    from generate_series(1, ${streams}) s, generate_series(1, 4) v
    order by s, v`.execute(db);
  const report = await rebuildProjections(db, PROJECTIONS);
  const rows = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...report, rows: Number(rows.n) };
}

export async function run(): Promise<void> {
  process.stdout.write(
    `Registrations: ${REGISTRATIONS} per scenario through submitRegistration (lock, decide, append, inline projection, commit); ` +
      `limit = half of them, so the second half joins the waitlist. Rebuild: ${REBUILD_EVENTS} events.\n`,
  );
  const rows: Array<Record<string, string | number>> = [];
  for (const target of benchTargets('ff_bench_reg', CLIENTS + 4)) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await target.open();
      const { eventId, users } = await seed(handle);
      const half = Math.floor(REGISTRATIONS / 2);
      const statements = await roundTrips(handle, eventId, users.at(-1) as number);
      process.stdout.write(
        `${target.name}: one registration command = ${statements.length} round trips:\n${statements
          .map((s, i) => `  ${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 110)}`)
          .join('\n')}\n`,
      );
      rows.push({
        database: target.name,
        measure: 'round trips of one registration command',
        value: statements.length,
      });
      await createFloorTable(handle);

      const scenarios: Array<{ name: string; clients: number; runs: number }> = [
        { name: '1 client, 1 run', clients: 1, runs: 1 },
        { name: `${CLIENTS} clients, 1 run`, clients: CLIENTS, runs: 1 },
        { name: `${CLIENTS} clients, ${CLIENTS} runs`, clients: CLIENTS, runs: CLIENTS },
      ];
      for (const scenario of scenarios) {
        const runIds: number[] = [];
        for (let i = 0; i < scenario.runs; i++)
          runIds.push(await newRun(handle, eventId, Math.max(1, Math.floor(half / scenario.runs))));
        const result = await appendRate(
          handle,
          users,
          scenario.clients,
          (client) => runIds[client % runIds.length] as number,
          scenario.name,
        );
        rows.push({
          database: target.name,
          measure: `registrations/s, ${scenario.name}`,
          value: result.perSecond,
          seconds: Number(result.seconds.toFixed(2)),
          'raw inserts/s': result.floorPerSecond,
          ratio: Number((result.perSecond / result.floorPerSecond).toFixed(3)),
        });
      }
      const rebuild = await rebuildTime(handle, eventId, users[0] as number);
      rows.push({
        database: target.name,
        measure: `rebuild ${rebuild.events} events -> ${rebuild.rows} rows (ms)`,
        value: rebuild.milliseconds,
        seconds: Number((rebuild.milliseconds / 1000).toFixed(2)),
      });
    } finally {
      await handle?.close();
      await target.cleanup();
    }
  }
  console.table(rows);
}
