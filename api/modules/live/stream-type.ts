import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What a live subscriber is shown: `admin` (signed-in admins: events whole, with who caused them, and
 * presence) or `public` (anyone else, the venue display included: only the stream type's public fields).
 */
export type LiveAudience = 'admin' | 'public';

/**
 * One kind of event stream the live module serves (docs/decisions/021-live-module-and-stream-types.md).
 * Each domain registers its own from its module (run orders: api/modules/run-orders/live-stream.ts), and
 * api/app.ts hands the list to the live module, so a new stream type never edits the hub.
 */
export interface LiveStreamType {
  /** The event store's stream type, as the `event_log` notifications name it (e.g. 'run-order'). */
  streamType: string;
  /** The stream that holds the events of a run. */
  streamId(runId: number): string;
  /** Whether a subscriber with this audience may follow the run's stream (false: "run not found"). */
  mayFollow(db: Kysely<Database>, runId: number, audience: LiveAudience): Promise<boolean>;
  /** The fields of an event's data a public subscriber sees; admins see them all. */
  publicFields: readonly string[];
}
