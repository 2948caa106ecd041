import type { Kysely } from 'kysely';
import { runOrderStateOrInitial } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import type { RunOrderState } from '../../domain/run-orders/evolve.ts';

/**
 * The state loader of run orders: the run_orders row is the stream's snapshot (the projection keeps it
 * folded), so a command never folds the stream from the start however long it grows.
 */

/** One run's order as folded so far; the empty initial state (version 0) when it has none. */
export async function runOrderState(
  db: Kysely<Database>,
  runId: number,
  options: { forUpdate?: boolean } = {},
): Promise<RunOrderState> {
  let query = db.selectFrom('run_orders').select('state').where('run_id', '=', runId);
  if (options.forUpdate) query = query.forUpdate();
  return runOrderStateOrInitial(await query.executeTakeFirst());
}
