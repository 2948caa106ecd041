import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type RecordedEvent, readAll } from './store.ts';

/**
 * A read model built from the event log. project() must be idempotent (upsert keyed by stream,
 * guarded by the last applied version), because a rebuild and the inline path both call it.
 * The projections themselves live in projections/ and reach the event store when the app is assembled
 * (docs/decisions/020-decider-shape-and-projection-direction.md): the store never names one.
 */
export interface Projection {
  name: string;
  streamTypes: readonly string[];
  /** Read-model tables this projection owns (emptied before a rebuild). */
  tables: readonly (keyof Database)[];
  project(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void>;
}

export interface RebuildReport {
  projections: string[];
  events: number;
  milliseconds: number;
}

const PAGE = 5000;

/**
 * Empties the read models of these projections and folds the whole log into them again, in commit
 * order, in one transaction: readers see the old read models until the new ones are complete.
 */
export async function rebuildProjections(
  db: Kysely<Database>,
  projections: readonly Projection[],
): Promise<RebuildReport> {
  const started = performance.now();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length > 0) await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    const streamTypes = [...new Set(projections.flatMap((p) => p.streamTypes))];
    if (streamTypes.length === 0) return;
    let after = 0;
    for (;;) {
      const page = await readAll(trx, { afterPosition: after, limit: PAGE, streamTypes });
      if (page.length === 0) break;
      for (const projection of projections) {
        const mine = page.filter((e) => projection.streamTypes.includes(e.streamType));
        if (mine.length > 0) await projection.project(trx, mine);
      }
      count += page.length;
      after = page.at(-1)?.globalPosition ?? after;
    }
  });
  return {
    projections: projections.map((p) => p.name),
    events: count,
    milliseconds: Math.round(performance.now() - started),
  };
}
