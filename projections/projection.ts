import type { Transaction } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import type { RecordedEvent } from '../api/event-store/store.ts';

/**
 * A read model built from the event log. project() must be idempotent (upsert keyed by stream,
 * guarded by the last applied version), because a rebuild and the inline path both call it.
 */
export interface Projection {
  name: string;
  streamTypes: readonly string[];
  /** Read-model tables this projection owns (emptied before a rebuild). */
  tables: readonly (keyof Database)[];
  project(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void>;
}
