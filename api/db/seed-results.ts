import type { Transaction } from 'kysely';
import type { ResultCommand, ResultDecideContext } from '../domain/results/commands.ts';
import { decide } from '../domain/results/decide.ts';
import { RESULT_STREAM_TYPE, type ResultValue, resultStreamId } from '../domain/results/events.ts';
import { evolve, initialResultState, type ResultState } from '../domain/results/evolve.ts';
import type { InfractionCode } from '../domain/results/penalties.ts';
import { runOrderStreamId } from '../domain/run-orders/events.ts';
import { heatOf } from '../domain/run-orders/evolve.ts';
import { ageOn } from '../domain/teams/eligibility.ts';
import type { EventStore } from '../event-store/store.ts';
import { streamVersion } from '../event-store/store.ts';
import { recordRegistration } from '../modules/registrations/commands.ts';
import { runOrderCommand } from '../modules/run-orders/commands.ts';
import type { Database } from './schema.ts';

/**
 * Demo results, on top of seedDemoCompetition: every completed past event gets its individual runs
 * entered, raced and validated (complete official results, a few seasons of them, with penalties, DNF,
 * DNS and DQ, a correction with its reason and a rerun), and today's running event is partly timed: its
 * first heat official, the second entered and waiting for a second official, the current heat set to it.
 *
 * Registrations and run orders go through their modules; results are decided by the shared decider and
 * appended through the event store, so the log holds real streams and a projections rebuild gives the
 * same rows. Deterministic (no clock, no randomness: times come from a hash of who and where) and
 * idempotent: skipped once any result stream exists.
 */

/** The runs of a past event that get results, and who enters them. */
const PAST_RUNS = ['Open Men', 'Open Women', 'Over 40 Men'] as const;

/** A small deterministic hash: the same competitor at the same event always races the same. */
const hash = (...parts: number[]): number =>
  parts.reduce((h, p) => Math.imul(h ^ (p + 0x9e3779b9), 0x85ebca6b) >>> 0, 0x27d4eb2f) % 1_000_003;

interface Racer {
  userId: number;
  index: number;
  gender: string | null;
  dateOfBirth: string | null;
  seedTimeMs: number;
}

interface Officials {
  /** Enters the times at the timing table. */
  enterer: number;
  /** The second official who validates them. */
  validator: number;
}

/** What a racer did in a run: the value entered, and the story behind it (a correction, a rerun). */
function raceOf(
  racer: Racer,
  eventIndex: number,
  runIndex: number,
): { value: ResultValue; story: 'plain' | 'corrected' | 'rerun' } {
  const h = hash(racer.userId, eventIndex, runIndex);
  // Season after season a little faster; each race within a few per cent of the racer's level.
  const level = racer.seedTimeMs * (1 - eventIndex * 0.006);
  const rawTimeMs = Math.round((level * (1 + ((h % 900) - 450) / 10_000)) / 10) * 10;
  const roll = h % 41;
  if (roll === 0) return { value: { rawTimeMs: null, outcome: 'dns', penalties: [] }, story: 'plain' };
  if (roll === 1) return { value: { rawTimeMs: null, outcome: 'dnf', penalties: [] }, story: 'plain' };
  if (roll === 2) return { value: { rawTimeMs, outcome: 'finished', penalties: ['roll-dropped'] }, story: 'plain' };
  const penalties: InfractionCode[] = [];
  if (roll % 7 === 3) penalties.push('false-start');
  if (roll % 9 === 4) penalties.push('missed-step', 'missed-step');
  if (roll % 13 === 5) penalties.push('target-missed');
  const story = roll === 6 ? 'corrected' : roll === 8 ? 'rerun' : 'plain';
  return { value: { rawTimeMs, outcome: 'finished', penalties }, story };
}

/** Decides each command on the state and appends what it answers, as its actor: the state after them. */
async function play(
  store: EventStore,
  trx: Transaction<Database>,
  state: ResultState,
  context: Omit<ResultDecideContext, 'actorId' | 'actorIsAdmin'>,
  steps: { actorId: number; command: ResultCommand }[],
): Promise<ResultState> {
  let current = state;
  for (const { actorId, command } of steps) {
    const events = decide(command, current, { ...context, actorId, actorIsAdmin: true });
    if (events.length === 0) continue;
    await store.append(trx, {
      streamId: resultStreamId(current.registrationId),
      streamType: RESULT_STREAM_TYPE,
      expectedVersion: current.version,
      events,
      metadata: { actorId },
    });
    for (const event of events) current = evolve(current, event);
  }
  return current;
}

const record = (value: ResultValue): ResultCommand => ({ type: 'RecordResult', source: 'manual', ...value });

/** The steps of one past result: entered, its story, validated by the second official. */
function pastSteps(value: ResultValue, story: 'plain' | 'corrected' | 'rerun', officials: Officials) {
  const { enterer, validator } = officials;
  const steps: { actorId: number; command: ResultCommand }[] = [];
  if (story === 'corrected') {
    // Entered with a penalty the head judge then overturned, corrected before validation.
    steps.push({ actorId: enterer, command: record({ ...value, penalties: [...value.penalties, 'hydrant-missed'] }) });
    steps.push({
      actorId: enterer,
      command: { type: 'CorrectResult', reason: 'Hydrant penalty overturned by the head judge', ...value },
    });
  } else if (story === 'rerun') {
    // The lane's timing failed; the run was voided and raced again.
    const first = value.rawTimeMs === null ? value : { ...value, rawTimeMs: value.rawTimeMs + 4_210 };
    steps.push({ actorId: enterer, command: record(first) });
    steps.push({ actorId: validator, command: { type: 'VoidResult', reason: 'Lane timing failure: rerun' } });
    steps.push({ actorId: enterer, command: record(value) });
  } else steps.push({ actorId: enterer, command: record(value) });
  steps.push({ actorId: validator, command: { type: 'ValidateResult' } });
  return steps;
}

export async function seedDemoResults(
  store: EventStore,
  { timeZone }: { timeZone: string },
): Promise<{ results: number; official: number; provisional: number }> {
  const none = { results: 0, official: 0, provisional: 0 };
  const { db } = store;
  const started = await db
    .selectFrom('event_log')
    .select('global_position')
    .where('stream_type', '=', RESULT_STREAM_TYPE)
    .limit(1)
    .executeTakeFirst();
  if (started) return none;
  const admins = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('role', 'in', ['admin', 'super-admin'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const superAdmin = admins.find((a) => a.role === 'super-admin');
  const admin = admins.find((a) => a.role === 'admin');
  const racers: Racer[] = (
    await db
      .selectFrom('users')
      .select(['id', 'email', 'gender', 'date_of_birth', 'seed_time_ms'])
      .where('email', 'like', 'racer%@firefit.example')
      .orderBy('id')
      .execute()
  ).map((u, index) => ({
    userId: u.id,
    index,
    gender: u.gender,
    dateOfBirth: u.date_of_birth,
    seedTimeMs: u.seed_time_ms ?? 120_000,
  }));
  if (!superAdmin || !admin || racers.length === 0) return none;
  const adminActor = { sub: superAdmin.id, role: superAdmin.role };
  const counts = { ...none };
  const count = (state: ResultState) => {
    if (!state.exists) return;
    counts.results++;
    counts[state.status]++;
  };

  const pastEvents = await db
    .selectFrom('events')
    .select(['id', 'start_date'])
    .where('status', '=', 'Completed')
    .where('deleted_at', 'is', null)
    .orderBy('start_date')
    .execute();
  for (const [eventIndex, event] of pastEvents.entries()) {
    const runs = await db
      .selectFrom('runs')
      .select(['id', 'category'])
      .where('event_id', '=', event.id)
      .where('category', 'in', [...PAST_RUNS])
      .orderBy('id')
      .execute();
    for (const run of runs) {
      const runIndex = PAST_RUNS.indexOf(run.category as (typeof PAST_RUNS)[number]);
      const entrants = racers.filter((r) => {
        if (run.category === 'Open Women') return r.gender === 'female';
        if (r.gender !== 'male') return false;
        if (run.category === 'Over 40 Men')
          return r.dateOfBirth !== null && ageOn(r.dateOfBirth, event.start_date) >= 40;
        // Not everyone makes every stop of the series.
        return hash(r.userId, eventIndex) % 6 !== 0;
      });
      // A run someone already entered or ordered (a --force seed on a used database) is left alone.
      const taken = await db
        .selectFrom('registrations')
        .select('id')
        .where('run_id', '=', run.id)
        .limit(1)
        .executeTakeFirst();
      if (entrants.length === 0 || taken || (await streamVersion(db, runOrderStreamId(run.id))) > 0) continue;
      const byUser = new Map<number, Racer>();
      for (const racer of entrants) {
        const registration = await recordRegistration(
          store,
          adminActor,
          { runId: run.id, userId: racer.userId },
          { timeZone },
        );
        byUser.set(registration.id, racer);
      }
      const order = await runOrderCommand(
        store,
        run.id,
        { type: 'Generate', seeding: { rule: 'best-time', fastest: 'last', seed: 2000 + eventIndex }, heatSize: 3 },
        { actorId: superAdmin.id, expectedVersion: 0 },
      );
      await db.transaction().execute(async (trx) => {
        for (const [i, registrationId] of order.slots.entries()) {
          const racer = registrationId === null ? undefined : byUser.get(registrationId);
          if (registrationId === null || !racer) continue;
          const position = i + 1;
          const heat = heatOf(position, order.heatSize);
          // Officials take turns at the table: each heat is validated by the one who did not enter it.
          const officials =
            heat % 2 === 1
              ? { enterer: admin.id, validator: superAdmin.id }
              : { enterer: superAdmin.id, validator: admin.id };
          const { value, story } = raceOf(racer, eventIndex, runIndex);
          const state = await play(
            store,
            trx,
            initialResultState(registrationId),
            {
              registration: { id: registrationId, runId: run.id, eventId: event.id, status: 'confirmed' },
              placement: { heat, position },
            },
            pastSteps(value, story, officials),
          );
          count(state);
        }
      });
    }
  }

  // Today: the first heat official, the second entered and waiting for validation, the rest to come.
  const today = await db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select(['runs.id', 'runs.event_id'])
    .where('events.slug', '=', 'toronto-indoor-now')
    .where('runs.category', '=', 'Open Men')
    .executeTakeFirst();
  if (today) {
    const version = await streamVersion(db, runOrderStreamId(today.id));
    if (version > 0) {
      const order = await runOrderCommand(
        store,
        today.id,
        { type: 'SetCurrentHeat', heat: 2 },
        { actorId: superAdmin.id, expectedVersion: version },
      );
      const users = new Map(
        (
          await db
            .selectFrom('registrations')
            .select(['id', 'user_id'])
            .where('run_id', '=', today.id)
            .where('status', '=', 'confirmed')
            .execute()
        ).map((r) => [r.id, r.user_id]),
      );
      const racerOf = new Map(racers.map((r) => [r.userId, r]));
      await db.transaction().execute(async (trx) => {
        for (const [i, registrationId] of order.slots.entries()) {
          if (registrationId === null) continue;
          const position = i + 1;
          const heat = heatOf(position, order.heatSize);
          const racer = racerOf.get(users.get(registrationId) ?? -1);
          // Heat 2's last pair is on the course now: no times yet.
          if (!racer || heat > 2 || (heat === 2 && position > order.heatSize * 2 * 2 - 2)) continue;
          const { value } = raceOf(racer, pastEvents.length, 0);
          const steps: { actorId: number; command: ResultCommand }[] = [{ actorId: admin.id, command: record(value) }];
          if (heat === 1) steps.push({ actorId: superAdmin.id, command: { type: 'ValidateResult' } });
          const state = await play(
            store,
            trx,
            initialResultState(registrationId),
            {
              registration: { id: registrationId, runId: today.id, eventId: today.event_id, status: 'confirmed' },
              placement: { heat, position },
            },
            steps,
          );
          count(state);
        }
      });
    }
  }
  return counts;
}
