import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { Projection } from './projection.ts';

/**
 * The event store: the only code that writes event_log. Appends run inside the caller's transaction,
 * together with the inline projections and a pg_notify, so the log, the read models and the live
 * announcement commit (or vanish) as one.
 */

export interface EventMetadata {
  /** The signed-in user who caused the change; null for the system. */
  actorId: number | null;
  requestId?: string;
  /** A client-chosen id that makes a retried command idempotent. */
  commandId?: string;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  globalPosition: number;
  streamId: string;
  streamType: string;
  version: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** A read model updated inside the append's transaction (the event store's projections provide them). */
export type InlineProjector = (trx: Transaction<Database>, events: RecordedEvent[]) => Promise<void>;

export const NOTIFY_CHANNEL = 'event_log';

export interface AppendInput {
  streamId: string;
  streamType: string;
  /** The version the caller decided on: 0 for a new stream. */
  expectedVersion: number;
  events: NewEvent[];
  metadata: EventMetadata;
  /**
   * The kind of the command whose id metadata.commandId carries (its type name): recorded with the id,
   * which answers only the same actor's same kind (decision 028). Defaults to the stream type.
   */
  commandKind?: string;
}

export interface AppendResult {
  events: RecordedEvent[];
  /** The stream's version after the append (or after the earlier run of the same command). */
  version: number;
  /** True when the command id was seen before and nothing was appended. */
  duplicate: boolean;
}

export function versionConflict(streamId: string, expectedVersion: number, currentVersion: number): DomainError {
  return new DomainError(
    409,
    'VERSION_CONFLICT',
    `Someone else changed this first (you had version ${expectedVersion}, it is now ${currentVersion}). Reload and try again.`,
    {
      streamId,
      expectedVersion,
      currentVersion,
    },
  );
}

export const commandIdReused = (commandId: string): DomainError =>
  new DomainError(409, 'COMMAND_ID_REUSED', 'This command id was already used for something else.', { commandId });

/** Who sent a command and what kind it is: a command id answers only the same actor's same kind (decision 028). */
export interface CommandScope {
  commandId: string;
  /** The signed-in user who sent it; null for the system. */
  actorId: number | null;
  /** The command's kind, e.g. its type name ('Cancel', 'MovePosition', 'Submit'). */
  kind: string;
}

/** Where an earlier command with the same id landed. */
export interface EarlierCommand {
  streamId: string;
  firstVersion: number;
  lastVersion: number;
}

/** A processed_commands row as the command id check reads it. */
export interface ProcessedCommandRow {
  stream_id: string;
  first_version: number;
  last_version: number;
  actor_id: number | null;
  command_kind: string | null;
}

/**
 * Judges the earlier run of a command id (its processed_commands row, if any). The id belongs to the
 * actor who first sent it and to that command's kind: the same actor retrying the same kind gets where it
 * landed (to answer the earlier outcome); another actor, or another kind of command, gets 409
 * COMMAND_ID_REUSED, which names nothing of the first command (decision 028). A command recorded before
 * its kind was (null) matches any kind of its actor. A state loader that reads the row with the rest of
 * its state (decision 055) judges it here too.
 */
export function judgeEarlierCommand(
  seen: ProcessedCommandRow | undefined,
  scope: CommandScope,
): EarlierCommand | undefined {
  if (!seen) return undefined;
  const sameActor = (seen.actor_id ?? null) === scope.actorId;
  const sameKind = seen.command_kind === null || seen.command_kind === scope.kind;
  if (!sameActor || !sameKind) throw commandIdReused(scope.commandId);
  return { streamId: seen.stream_id, firstVersion: seen.first_version, lastVersion: seen.last_version };
}

/**
 * The earlier run of a command id, if there was one (judged by judgeEarlierCommand). handleCommand asks
 * this before deciding; the append records the id in its own statement and reads it again only when
 * that statement wrote nothing.
 */
export async function earlierCommand(db: Kysely<Database>, scope: CommandScope): Promise<EarlierCommand | undefined> {
  const seen = await db
    .selectFrom('processed_commands')
    .select(['stream_id', 'first_version', 'last_version', 'actor_id', 'command_kind'])
    .where('command_id', '=', scope.commandId)
    .executeTakeFirst();
  return judgeEarlierCommand(seen, scope);
}

type EventRow = {
  global_position: number;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    type: row.type,
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
    metadata: (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) as EventMetadata,
    recordedAt: new Date(row.recorded_at),
  };
}

export async function streamVersion(db: Kysely<Database>, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('event_log')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Appends events at expectedVersion + 1.. in the caller's transaction, in one statement (decision 055):
 * the version check, the command id record, the events and the pg_notify. A stale expected version is
 * a 409 carrying the current one; two racing appends at the same version meet the unique
 * (stream_id, version) constraint and the loser gets the same 409. Only when that statement wrote
 * nothing (a command id seen before, or a stale version) is the log read again, to say which.
 */
export async function append(
  trx: Transaction<Database>,
  input: AppendInput,
  projectors: readonly InlineProjector[] = [],
): Promise<AppendResult> {
  const { streamId, expectedVersion, metadata } = input;
  const scope: CommandScope | undefined = metadata.commandId
    ? { commandId: metadata.commandId, actorId: metadata.actorId ?? null, kind: input.commandKind ?? input.streamType }
    : undefined;
  const version = expectedVersion + input.events.length;
  const rows = input.events.length === 0 ? [] : await insertEvents(trx, input, scope, version);
  if (rows.length === 0) {
    if (scope) {
      const seen = await earlierCommand(trx, scope);
      if (seen) {
        if (seen.streamId !== streamId) throw commandIdReused(scope.commandId);
        return {
          events: await readStream(trx, streamId, seen.firstVersion - 1, seen.lastVersion),
          version: seen.lastVersion,
          duplicate: true,
        };
      }
    }
    const current = await streamVersion(trx, streamId);
    if (current !== expectedVersion || input.events.length > 0)
      throw versionConflict(streamId, expectedVersion, current);
    return { events: [], version: current, duplicate: false };
  }
  const events = rows.map(toRecorded);
  for (const project of projectors) await project(trx, events);
  return { events, version, duplicate: false };
}

/**
 * The append's one statement. `guard` holds a row only when the stream is at the expected version; the
 * command id is recorded only then, and the events only when it was recorded (on conflict it was seen
 * before: nothing is written). pg_notify runs only when events were written, and PostgreSQL delivers it
 * only when the transaction commits; the payload is small on purpose (8000-byte limit).
 */
async function insertEvents(
  trx: Transaction<Database>,
  input: AppendInput,
  scope: CommandScope | undefined,
  version: number,
): Promise<EventRow[]> {
  const { streamId, streamType, expectedVersion, metadata } = input;
  const records = JSON.stringify(
    input.events.map((e, i) => ({
      stream_id: streamId,
      stream_type: streamType,
      version: expectedVersion + i + 1,
      type: e.type,
      data: e.data ?? {},
      metadata,
    })),
  );
  const command = scope
    ? sql`, command as (
        insert into processed_commands (command_id, actor_id, command_kind, stream_id, first_version, last_version)
        select ${scope.commandId}::text, ${scope.actorId}::int, ${scope.kind}::text, ${streamId}::text,
          ${expectedVersion + 1}::int, ${version}::int
        from guard
        on conflict (command_id) do nothing
        returning 1)`
    : sql``;
  try {
    const { rows } = await sql<EventRow>`
      with guard as materialized (
        select 1 from event_log where stream_id = ${streamId}::text
        having coalesce(max(version), 0) = ${expectedVersion}::int)
      ${command},
      inserted as (
        insert into event_log (stream_id, stream_type, version, type, data, metadata)
        select * from jsonb_to_recordset(${records}::jsonb)
          as x(stream_id text, stream_type text, version int, type text, data jsonb, metadata jsonb)
        where exists (select 1 from ${scope ? sql`command` : sql`guard`})
        returning *),
      notified as (
        select pg_notify(${NOTIFY_CHANNEL}::text, json_build_object('streamId', ${streamId}::text,
          'streamType', ${streamType}::text, 'version', ${version}::int, 'globalPosition', max(global_position))::text)
        from inserted having count(*) > 0)
      select inserted.* from inserted, notified order by version`.execute(trx);
    return rows;
  } catch (error) {
    // A lost race on (stream_id, version) aborts the caller's transaction; it rolls back with the 409.
    if (isUniqueViolation(error))
      throw versionConflict(
        streamId,
        expectedVersion,
        await streamVersion(trx, streamId).catch(() => expectedVersion + 1),
      );
    throw error;
  }
}

/** Events of one stream after fromVersion (exclusive), up to toVersion (inclusive), in order. */
export async function readStream(
  db: Kysely<Database>,
  streamId: string,
  fromVersion = 0,
  toVersion?: number,
): Promise<RecordedEvent[]> {
  let query = db
    .selectFrom('event_log')
    .selectAll()
    .where('stream_id', '=', streamId)
    .where('version', '>', fromVersion);
  if (toVersion !== undefined) query = query.where('version', '<=', toVersion);
  const rows = await query.orderBy('version').execute();
  return rows.map((r) => toRecorded(r as EventRow));
}

/** Every event of these streams, in the log's order (each stream's own order within it): a run's results, say. */
export async function readStreams(db: Kysely<Database>, streamIds: readonly string[]): Promise<RecordedEvent[]> {
  if (streamIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_log')
    .selectAll()
    .where('stream_id', 'in', [...streamIds])
    .orderBy('global_position')
    .execute();
  return rows.map((r) => toRecorded(r as EventRow));
}

/** The whole log (or one stream type) in commit order, a page at a time: for rebuilds and catch-up. */
export async function readAll(
  db: Kysely<Database>,
  options: { afterPosition?: number; limit?: number; streamTypes?: readonly string[] } = {},
): Promise<RecordedEvent[]> {
  let query = db
    .selectFrom('event_log')
    .selectAll()
    .where('global_position', '>', options.afterPosition ?? 0);
  if (options.streamTypes?.length) query = query.where('stream_type', 'in', [...options.streamTypes]);
  const rows = await query
    .orderBy('global_position')
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map((r) => toRecorded(r as EventRow));
}

/**
 * The event store the app is assembled with (`app.eventStore`): the database and the projections to run
 * inline. Every append through it updates the read models that follow its stream type in the same
 * transaction. It receives the projections from whoever assembles it (api/app.ts, the command-line
 * tools, the tests) and never names one itself.
 */
export interface EventStore {
  readonly db: Kysely<Database>;
  readonly projections: readonly Projection[];
  /** Appends to one stream in the caller's transaction, with the inline projections of its stream type. */
  append(trx: Transaction<Database>, input: AppendInput): Promise<AppendResult>;
  /** Appends to several streams in turn (a command that moves other registrations of a run, say). */
  appendStreams(trx: Transaction<Database>, inputs: readonly AppendInput[]): Promise<AppendResult[]>;
  /**
   * Calls `listener` after each append that wrote events (not a repeated command), with their stream
   * type and number: the metrics count them. The caller's transaction may still roll back.
   */
  onAppended(listener: (streamType: string, count: number) => void): void;
}

/** The inline projectors for one stream type: the read models that care about it. */
export function inlineProjectorsFor(streamType: string, projections: readonly Projection[]): InlineProjector[] {
  return projections
    .filter((p) => p.streamTypes.includes(streamType))
    .map((p) => (trx: Transaction<Database>, events: RecordedEvent[]) => p.project(trx, events));
}

export function createEventStore(db: Kysely<Database>, projections: readonly Projection[]): EventStore {
  const byType = new Map<string, InlineProjector[]>();
  const projectorsOf = (streamType: string): InlineProjector[] => {
    let projectors = byType.get(streamType);
    if (!projectors) {
      projectors = inlineProjectorsFor(streamType, projections);
      byType.set(streamType, projectors);
    }
    return projectors;
  };
  const listeners: Array<(streamType: string, count: number) => void> = [];
  const store: EventStore = {
    db,
    projections,
    async append(trx, input) {
      const result = await append(trx, input, projectorsOf(input.streamType));
      if (!result.duplicate && result.events.length > 0) {
        for (const listener of listeners) listener(input.streamType, result.events.length);
      }
      return result;
    },
    async appendStreams(trx, inputs) {
      const results: AppendResult[] = [];
      for (const input of inputs) results.push(await store.append(trx, input));
      return results;
    },
    onAppended(listener) {
      listeners.push(listener);
    },
  };
  return store;
}
