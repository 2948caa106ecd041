import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import { readAll } from '../api/event-store/store.ts';
import type { Projection } from './projection.ts';
import { PROJECTIONS } from './registry.ts';

export interface RebuildReport {
  projections: string[];
  events: number;
  milliseconds: number;
}

const PAGE = 5000;

/**
 * Empties every read model and folds the whole log into it again, in commit order, in one
 * transaction: readers see the old read models until the new ones are complete.
 */
export async function rebuildProjections(
  db: Kysely<Database>,
  only: readonly Projection[] = PROJECTIONS,
): Promise<RebuildReport> {
  const started = performance.now();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    const tables = [...new Set(only.flatMap((p) => p.tables))];
    if (tables.length > 0) await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    const streamTypes = [...new Set(only.flatMap((p) => p.streamTypes))];
    if (streamTypes.length === 0) return;
    let after = 0;
    for (;;) {
      const page = await readAll(trx, { afterPosition: after, limit: PAGE, streamTypes });
      if (page.length === 0) break;
      for (const projection of only) {
        const mine = page.filter((e) => projection.streamTypes.includes(e.streamType));
        if (mine.length > 0) await projection.project(trx, mine);
      }
      count += page.length;
      after = page.at(-1)?.globalPosition ?? after;
    }
  });
  return { projections: only.map((p) => p.name), events: count, milliseconds: Math.round(performance.now() - started) };
}
