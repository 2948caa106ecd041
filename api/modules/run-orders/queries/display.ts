import type { Kysely } from 'kysely';
import type { EventDisplay, RunOrderDisplay } from '../../../contracts/run-orders.ts';
import { isoOrNull } from '../../../db/rows.ts';
import type { Database } from '../../../db/schema.ts';
import { venueTimeZone } from '../../../domain/events/time-zone.ts';
import { laneOf, markOf, pairPositions } from '../../../domain/run-orders/evolve.ts';
import { layoutOf } from '../../../domain/run-orders/layout.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { runOrderState } from '../state.ts';
import { type DayRun, eventDay } from './event-day.ts';
import { registrationFacts } from './registration-facts.ts';
import type { RunForOrder } from './run.ts';

/** The venue display: heats of pairs with names and departments; nothing private. */
export async function runOrderDisplay(db: Kysely<Database>, run: RunForOrder, now: Date): Promise<RunOrderDisplay> {
  const state = await runOrderState(db, run.id);
  const day = await eventDay(db, run.eventId, now, { publicOnly: true });
  const starts = day.find((r) => r.id === run.id)?.estimates.starts ?? [];
  const facts = await registrationFacts(
    db,
    run.id,
    state.slots.filter((id): id is number => id !== null),
    { publicNames: true },
  );
  const layout = layoutOf(state);
  const lane = (position: number) => {
    const id = state.slots[position - 1] ?? null;
    const f = id === null ? undefined : facts.get(id);
    const shown = f && f.status === 'confirmed' ? f : undefined;
    return {
      position,
      lane: laneOf(position),
      name: shown?.name ?? null,
      departmentName: shown?.departmentName ?? null,
      mark: shown ? markOf(state, shown.registrationId) : null,
    };
  };
  return {
    runId: run.id,
    runName: run.name,
    runCategory: run.category,
    eventName: run.eventName,
    timeZone: venueTimeZone(run.eventProvince),
    version: state.version,
    heatSize: state.heatSize,
    currentHeat: state.currentHeat ?? 1,
    currentHeatStartedAt: state.currentHeatStartedAt ?? null,
    heats: layout.heats.map((h) => ({
      heat: h.heat,
      estimatedStart: isoOrNull(starts[h.heat - 1] ?? null),
      pairs: h.pairs.map((pair) => ({
        pair,
        lanes: pairPositions(pair)
          .filter((p) => p <= state.slots.length)
          .map(lane),
      })),
    })),
  };
}

/** The run on the course: the one whose heat the timing table started last. */
function runningRun(day: readonly DayRun[]): DayRun | undefined {
  const at = (run: DayRun) => (run.state.currentHeatStartedAt ? Date.parse(run.state.currentHeatStartedAt) : -1);
  return day
    .filter((run) => run.started)
    .reduce<DayRun | undefined>((a, b) => (!a || at(b) > at(a) ? b : a), undefined);
}

/** The next run to start: the first not started after the running one in the day, else the first not started. */
function nextRun(day: readonly DayRun[], running: DayRun | undefined): DayRun | undefined {
  const after = running ? day.slice(day.indexOf(running) + 1) : day;
  return after.find((run) => !run.started) ?? day.find((run) => !run.started);
}

/** GET event display: undefined when the event is not public. */
export async function eventDisplay(
  db: Kysely<Database>,
  eventId: number,
  now: Date,
): Promise<EventDisplay | undefined> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'province'])
    .where('id', '=', eventId)
    .where(isPublicEventSql)
    .executeTakeFirst();
  if (!event) return undefined;
  const day = await eventDay(db, eventId, now, { publicOnly: true });
  const running = runningRun(day);
  const next = nextRun(day, running);
  return {
    eventId: event.id,
    eventName: event.name,
    timeZone: venueTimeZone(event.province),
    runningRunId: running?.id ?? null,
    nextRunId: next?.id ?? null,
    runs: day.map((run) => ({
      runId: run.id,
      runName: run.name,
      runCategory: run.category,
      version: run.state.version,
      heatCount: run.heatCount,
      currentHeat: run.state.currentHeat,
      started: run.started,
      estimatedStart: run.started ? null : isoOrNull(run.estimates.starts[0] ?? null),
    })),
  };
}
