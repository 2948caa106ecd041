import type { Kysely } from 'kysely';
import type { Database } from '../../api/db/schema.ts';
import { initialRunOrderState, type RunOrderState } from '../../api/domain/run-orders/evolve.ts';

const parse = (state: unknown): RunOrderState =>
  (typeof state === 'string' ? JSON.parse(state) : state) as RunOrderState;

/** The folded states of these runs' orders (runs without one are absent). */
export async function runOrderStates(
  db: Kysely<Database>,
  runIds: readonly number[],
): Promise<Map<number, RunOrderState>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('run_orders')
    .select(['run_id', 'state'])
    .where('run_id', 'in', [...runIds])
    .execute();
  return new Map(rows.map((row) => [row.run_id, parse(row.state)]));
}

/** One run's order as folded so far; the empty initial state (version 0) when it has none. */
export async function runOrderState(
  db: Kysely<Database>,
  runId: number,
  options: { forUpdate?: boolean } = {},
): Promise<RunOrderState> {
  let query = db.selectFrom('run_orders').select('state').where('run_id', '=', runId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? parse(row.state) : initialRunOrderState();
}
