import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { DatabaseHandle } from '../../api/db/database.ts';
import type { Database } from '../../api/db/schema.ts';

/**
 * The same database seen through a Kysely that records every statement it sends, begin and commit
 * included (Kysely's log hook sees them all): one entry per round trip. Closing it closes the handle it
 * wraps; the recording Kysely holds no connection of its own.
 */
export interface CountedDatabase<Handle extends DatabaseHandle> {
  handle: Handle;
  /** The SQL of every statement sent since the last reset, in order. */
  readonly statements: string[];
  reset(): void;
}

export function countStatements<Handle extends DatabaseHandle>(handle: Handle): CountedDatabase<Handle> {
  const statements: string[] = [];
  const dialect = handle.pglite
    ? new PGliteDialect(handle.pglite)
    : handle.pool
      ? new PostgresDialect({ pool: handle.pool })
      : undefined;
  if (!dialect) throw new Error('countStatements needs a PGlite instance or a server pool');
  const db = new Kysely<Database>({
    dialect,
    log(event) {
      statements.push(event.query.sql);
    },
  });
  return {
    handle: { ...handle, db },
    statements,
    reset() {
      statements.length = 0;
    },
  };
}
