import { type Kysely, sql } from 'kysely';
import { runOrderStateOf } from '../../../db/read-models.ts';
import type { Database } from '../../../db/schema.ts';
import { heatCount, type RunOrderState } from '../../../domain/run-orders/evolve.ts';
import { estimateHeatStarts, type HeatEstimates } from '../../../domain/runs/estimates.ts';

/** A run of an event's day with its order and its heats' estimated starts (docs/decisions/047). */
export interface DayRun {
  id: number;
  name: string;
  category: string;
  state: RunOrderState;
  heatCount: number;
  started: boolean;
  estimates: HeatEstimates;
}

/**
 * The runs of an event that have an order with positions, in their order of the day (scheduled start,
 * then id), each with its heats' estimated starts: a run not started yet waits for the one before it.
 * publicOnly: only active runs (the caller has checked the event is public).
 */
export async function eventDay(
  db: Kysely<Database>,
  eventId: number,
  now: Date,
  options: { publicOnly?: boolean } = {},
): Promise<DayRun[]> {
  let query = db
    .selectFrom('runs')
    .innerJoin('run_orders', 'run_orders.run_id', 'runs.id')
    .select([
      'runs.id',
      'runs.name',
      'runs.category',
      'runs.start_time',
      'runs.heat_duration_seconds',
      'run_orders.state',
    ])
    .where('runs.event_id', '=', eventId)
    .where('runs.deleted_at', 'is', null)
    .orderBy(sql`runs.start_time asc nulls last`)
    .orderBy('runs.id');
  if (options.publicOnly) query = query.where('runs.is_active', '=', true);
  const rows = await query.execute();
  const day: DayRun[] = [];
  let previousEnd: Date | null = null;
  for (const row of rows) {
    const state = runOrderStateOf(row.state);
    if (state.slots.length === 0) continue;
    const heats = heatCount(state.slots.length, state.heatSize);
    const startedAt = state.currentHeatStartedAt ? new Date(state.currentHeatStartedAt) : null;
    const estimates = estimateHeatStarts({
      heatCount: heats,
      scheduledStart: row.start_time ? new Date(row.start_time) : null,
      heatDurationMs: row.heat_duration_seconds === null ? null : row.heat_duration_seconds * 1000,
      started: startedAt ? { heat: state.currentHeat, at: startedAt } : null,
      notBefore: previousEnd,
      now,
    });
    previousEnd = estimates.end;
    day.push({
      id: row.id,
      name: row.name,
      category: row.category,
      state,
      heatCount: heats,
      started: !!startedAt,
      estimates,
    });
  }
  return day;
}
