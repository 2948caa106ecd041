import type { Transaction } from 'kysely';
import { runOrderStateOf } from '../../api/db/read-models.ts';
import type { Database } from '../../api/db/schema.ts';
import { RUN_ORDER_STREAM_TYPE, runIdOfStream } from '../../api/domain/run-orders/events.ts';
import { foldRunOrder } from '../../api/domain/run-orders/evolve.ts';
import type { Projection } from '../../api/event-store/projection.ts';
import type { RecordedEvent } from '../../api/event-store/store.ts';

/**
 * The run orders' read model: one row per run-order stream holding the fold of its events (the same
 * evolve the board runs) and the version folded. The row doubles as the stream's snapshot: a command
 * loads it and never folds the stream from the start, however long it grows. Idempotent: events at or
 * below the row's version are skipped.
 */
async function projectRunOrders(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void> {
  const byRun = new Map<number, RecordedEvent[]>();
  for (const event of events) {
    if (event.streamType !== RUN_ORDER_STREAM_TYPE) continue;
    const runId = runIdOfStream(event.streamId);
    if (runId === undefined) continue;
    const list = byRun.get(runId);
    if (list) list.push(event);
    else byRun.set(runId, [event]);
  }
  if (byRun.size === 0) return;
  const rows = await trx
    .selectFrom('run_orders')
    .select(['run_id', 'state'])
    .where('run_id', 'in', [...byRun.keys()])
    .execute();
  const current = new Map(rows.map((row) => [row.run_id, runOrderStateOf(row.state)]));
  for (const [runId, list] of byRun) {
    const from = current.get(runId);
    const fresh = list.filter((e) => e.version > (from?.version ?? 0));
    if (fresh.length === 0) continue;
    const state = foldRunOrder(fresh, from);
    // The time of the last event folded, not the clock: a rebuild from the log writes the same row
    // (docs/decisions/024-database-outages.md, the fault test).
    const updatedAt = (fresh.at(-1) as RecordedEvent).recordedAt;
    const row = { run_id: runId, version: state.version, state: JSON.stringify(state), updated_at: updatedAt };
    await trx
      .insertInto('run_orders')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('run_id')
          .doUpdateSet({ version: row.version, state: row.state, updated_at: row.updated_at })
          .where('run_orders.version', '<', row.version),
      )
      .execute();
  }
}

export const runOrdersProjection: Projection = {
  name: 'run-orders',
  streamTypes: [RUN_ORDER_STREAM_TYPE],
  tables: ['run_orders'],
  project: projectRunOrders,
};
