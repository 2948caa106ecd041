import type { Kysely } from 'kysely';
import type { LiveStreamName } from '../../contracts/live.ts';
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
  /** The protocol's name for it (the `stream` of subscribe); 'run-order' when left out. */
  name?: LiveStreamName;
  /**
   * For a stream type with many streams per run (results: one per entrant, docs/decisions/030): a
   * subscription follows every stream of the run, and the streams that appear later. streamId is then
   * unused.
   */
  perRun?: PerRunStreams;
  /** Whether a public subscriber sees the run's events now (false: results held); admins always do. */
  publicVisible?(db: Kysely<Database>, runId: number): Promise<boolean>;
}

export interface PerRunStreams {
  /** The run's streams now, with the key clients know each by (results: the registration id) and its version. */
  streamsOf(db: Kysely<Database>, runId: number): Promise<{ streamId: string; key: number; version?: number }[]>;
  /**
   * A first subscription (no versions given) starts at each stream's current version instead of its
   * start: for screens that read a view and only need to hear what changes after (registrations).
   */
  fromCurrent?: boolean;
  /** The run a stream belongs to (undefined: none, or not of this type). */
  runOf(db: Kysely<Database>, streamId: string): Promise<number | undefined>;
  /** The key of a stream id (undefined: not one of this type). */
  keyOf(streamId: string): number | undefined;
}
