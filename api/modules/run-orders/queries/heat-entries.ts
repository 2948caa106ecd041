import type { ExpressionBuilder, Kysely } from 'kysely';
import { isoOrNull } from '../../../db/rows.ts';
import type { Database } from '../../../db/schema.ts';
import { venueTimeZone } from '../../../domain/events/time-zone.ts';
import { heatOf, laneOf, markOf, pairOf } from '../../../domain/run-orders/evolve.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { type DayRun, eventDay } from './event-day.ts';

/**
 * What a competitor's own heats (my-heats.ts) and the public's heats of a competitor or a department
 * (public-heats.ts) share: the entries they read, whose they are, the day each run is placed in, and an
 * entry's place in its run's order.
 */

/**
 * Confirmed entries in active runs of public events, with their run's and event's names and the team's
 * name for a team entry.
 */
export function publicEntries(db: Kysely<Database>) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .innerJoin('events', 'events.id', 'r.event_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .select([
      'r.id',
      'r.run_id',
      'r.event_id',
      'events.name as event_name',
      'events.province as event_province',
      'runs.name as run_name',
      't.name as team_name',
    ])
    .where('r.status', '=', 'confirmed')
    .where('r.deleted_at', 'is', null)
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where(isPublicEventSql);
}

type EntryTables = Database & { r: Database['registrations']; t: Database['teams'] };

/** A person's entries: their own, and those of the teams they captain or belong to. */
export const enteredBy = (userId: number) => (eb: ExpressionBuilder<EntryTables, 'r' | 't'>) =>
  eb.or([
    eb('r.user_id', '=', userId),
    eb('t.captain_id', '=', userId),
    eb('r.team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId)),
  ]);

/** The days of the events the entries are in (public runs), each read once however many entries share it. */
export function eventDays(db: Kysely<Database>, now: Date) {
  const days = new Map<number, Map<number, DayRun>>();
  return {
    /** The run in its event's day; undefined when it has no order with positions. */
    async run(eventId: number, runId: number): Promise<DayRun | undefined> {
      let day = days.get(eventId);
      if (!day) {
        day = new Map((await eventDay(db, eventId, now, { publicOnly: true })).map((run) => [run.id, run]));
        days.set(eventId, day);
      }
      return day.get(runId);
    },
    /** The events in the order they were first read. */
    eventOrder: () => [...days.keys()],
    /** A run's place in its event's order of the day. */
    runOrder: (eventId: number, runId: number) => [...(days.get(eventId)?.keys() ?? [])].indexOf(runId),
  };
}

/** An entry's event and run as both answers show them (0 and false while its run has no order). */
export function entryRun(
  row: { event_id: number; event_name: string; event_province: string; run_id: number; run_name: string },
  run: DayRun | undefined,
) {
  return {
    eventId: row.event_id,
    eventName: row.event_name,
    timeZone: venueTimeZone(row.event_province),
    runId: row.run_id,
    runName: row.run_name,
    version: run?.state.version ?? 0,
    heatCount: run?.heatCount ?? 0,
    currentHeat: run?.state.currentHeat ?? 0,
    started: run?.started ?? false,
  };
}

/**
 * Where an entry stands in its run's order: position, heat, pair, lane, the run order's mark (the same as
 * the venue display's and the printed start list's) and the heat's estimated start; undefined when the
 * run has no order or the entry no place in it.
 */
export function placeOf(run: DayRun | undefined, registrationId: number) {
  const index = run ? run.state.slots.indexOf(registrationId) : -1;
  if (!run || index < 0) return undefined;
  const position = index + 1;
  const heat = heatOf(position, run.state.heatSize);
  return {
    position,
    heat,
    pair: pairOf(position),
    lane: laneOf(position),
    mark: markOf(run.state, registrationId),
    estimatedStart: isoOrNull(run.estimates.starts[heat - 1] ?? null),
  };
}
