import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
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
import { eligibilityForRun } from '../modules/teams/service.ts';
import { DEMO_TEAMS } from './seed-competition.ts';

/**
 * Demo results, on top of seedDemoCompetition: every completed past event gets each of its runs
 * entered, raced and validated (complete official results, a few seasons of them, with penalties, DNF,
 * DNS and DQ, a correction with its reason and a rerun): the individual runs with the demo racers (the
 * department teams among them get team scores), the relay and Tech2 runs with the demo teams of that
 * format that the team rules let in. Today's running event is partly timed: its first heat official,
 * the second entered and waiting for a second official, the current heat set to it.
 *
 * Registrations and run orders go through their modules; results are decided by the shared decider and
 * appended through the event store, so the log holds real streams and a projections rebuild gives the
 * same rows. Deterministic (no clock, no randomness: times come from a hash of who and where) and
 * idempotent: skipped once any result stream exists.
 */

/** The individual runs of a past event that get results (with the relay and Tech2 runs, every demo run). */
const PAST_RUNS = ['Open Men', 'Open Women', 'Over 40 Men'] as const;
/** The index that varies a team's race from one run to the next, after the individual runs'. */
const TEAM_RUN_INDEX = { relay: PAST_RUNS.length, tech2: PAST_RUNS.length + 1 } as const;
const DEMO_TEAM_NAMES = DEMO_TEAMS.map((t) => t.name);

/** A small deterministic hash: the same competitor at the same event always races the same. */
const hash = (...parts: number[]): number =>
  parts.reduce((h, p) => Math.imul(h ^ (p + 0x9e3779b9), 0x85ebca6b) >>> 0, 0x27d4eb2f) % 1_000_003;

interface Racer {
  /** Whom the hash is of: the person's user id, or a team's id as a negative number. */
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
  // The demo teams (seed-competition.ts), not any team someone made since.
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'run_type', 'seed_time_ms'])
    .where('name', 'in', DEMO_TEAM_NAMES)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
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
      .select(['id', 'type', 'category'])
      .where('event_id', '=', event.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const run of runs) {
      // A run someone already entered or ordered (a --force seed on a used database) is left alone.
      const taken = await db
        .selectFrom('registrations')
        .select('id')
        .where('run_id', '=', run.id)
        .limit(1)
        .executeTakeFirst();
      if (taken || (await streamVersion(db, runOrderStreamId(run.id))) > 0) continue;
      let runIndex: number;
      let entries: { entry: { userId: number } | { teamId: number }; racer: Racer }[];
      if (run.type === 'individual') {
        runIndex = PAST_RUNS.indexOf(run.category as (typeof PAST_RUNS)[number]);
        if (runIndex < 0) continue;
        entries = racers
          .filter((r) => {
            if (run.category === 'Open Women') return r.gender === 'female';
            if (r.gender !== 'male') return false;
            if (run.category === 'Over 40 Men')
              return r.dateOfBirth !== null && ageOn(r.dateOfBirth, event.start_date) >= 40;
            // Not everyone makes every stop of the series.
            return hash(r.userId, eventIndex) % 6 !== 0;
          })
          .map((racer) => ({ entry: { userId: racer.userId }, racer }));
      } else {
        runIndex = TEAM_RUN_INDEX[run.type];
        entries = [];
        for (const team of teams.filter((t) => t.run_type === run.type)) {
          // The team rules decide who races: the format's size, one department, the category's (Mixed: a
          // woman on the team), every member's age and account on the event's date.
          const eligibility = await eligibilityForRun(db, adminActor, team.id, run.id);
          if (!eligibility.eligible) continue;
          entries.push({
            entry: { teamId: team.id },
            racer: {
              userId: -team.id,
              index: -1,
              gender: null,
              dateOfBirth: null,
              seedTimeMs: team.seed_time_ms ?? 120_000,
            },
          });
        }
      }
      if (entries.length === 0) continue;
      const byUser = new Map<number, Racer>();
      for (const { entry, racer } of entries) {
        const registration = await recordRegistration(store, adminActor, { runId: run.id, ...entry }, { timeZone });
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
