import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { runOrderState } from '../state.ts';

/** A run's order in brief, for GET /runs/{id}/run-orders: nothing when the run has none yet. */
export async function runOrderSummaries(db: Kysely<Database>, runId: number) {
  const state = await runOrderState(db, runId);
  if (!state.exists) return [];
  const placed = state.slots.filter((id) => id !== null).length;
  return [
    {
      runId,
      version: state.version,
      positions: state.slots.length,
      placed,
      heatSize: state.heatSize,
      currentHeat: state.currentHeat ?? 1,
      orderLocked: state.orderLocked,
      seedingRule: state.seeding?.rule ?? null,
      lastChangeAt: state.lastChange?.at ?? null,
    },
  ];
}
