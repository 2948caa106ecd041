import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DomainError } from '../domain/errors.ts';
import {
  type AppendInput,
  commandIdReused,
  type EventMetadata,
  type EventStore,
  earlierCommand,
  type NewEvent,
  versionConflict,
} from './store.ts';

/**
 * The one command handler of every event-sourced module (docs/architecture.md "From a request to a
 * socket"). In one transaction:
 *
 * 1. lock what serialises the aggregate (the run's row, for update) and load the state with the
 *    module's state loader (a read-model row as snapshot);
 * 2. the module's own checks on that state (who may);
 * 3. a command id seen before answers the earlier outcome when the same actor sent the same kind of
 *    command to the same stream; otherwise 409 COMMAND_ID_REUSED, naming nothing of the first (decision 028);
 * 4. a stale expected version is 409 VERSION_CONFLICT (the module may say it its own way);
 * 5. decide (the module gathers the context and calls the aggregate's pure decide);
 * 6. append at the expected version with the command id, with the inline projections and the
 *    pg_notify the event store adds;
 * 7. answer, still in the transaction.
 */

export interface Decided {
  /** The events of the command's own stream, appended at the state's version with the command id. */
  events: readonly NewEvent[];
  /** Events the command causes on other streams, appended after the own stream's (in this order). */
  others?: readonly AppendInput[];
}

export interface CommandOutcome<State, Locked> {
  locked: Locked;
  /** The state loaded before deciding (the module reloads it if its answer needs the new one). */
  state: State;
  /** True when the command id was seen on this stream before: nothing was decided or appended. */
  replayed: boolean;
  /** True when events were appended. */
  appended: boolean;
}

export interface CommandHandling<State extends { version: number }, Locked, Result> {
  streamId: string;
  streamType: string;
  /** Who and why: the actor and the request id (the handler adds the command id to the own stream's events). */
  metadata: EventMetadata;
  /**
   * Makes a retried command harmless: a second run with the same id, by the same actor and of the same
   * kind, answers the earlier outcome (decision 028).
   */
  commandId?: string;
  /** The command's kind (its type name), recorded with the command id. */
  commandKind: string;
  /** The version the client decided on; undefined when the client did not say (no check). */
  expectedVersion?: number;
  /** Locks what serialises the aggregate and returns it (throws the module's 404 when it is missing). */
  lock(trx: Transaction<Database>): Promise<Locked>;
  /** The module's state loader. */
  load(trx: Transaction<Database>, locked: Locked): Promise<State>;
  /** The module's checks on the loaded state before anything else (who may act on it). */
  check?(trx: Transaction<Database>, state: State, locked: Locked): Promise<void>;
  /** The 409 for a stale expected version; the event store's VERSION_CONFLICT by default. */
  conflict?(trx: Transaction<Database>, expectedVersion: number, state: State): Promise<DomainError>;
  decide(trx: Transaction<Database>, state: State, locked: Locked): Promise<Decided>;
  answer(trx: Transaction<Database>, outcome: CommandOutcome<State, Locked>): Promise<Result>;
}

export async function handleCommand<State extends { version: number }, Locked, Result>(
  store: EventStore,
  command: CommandHandling<State, Locked, Result>,
): Promise<Result> {
  return store.db.transaction().execute(async (trx) => {
    const locked = await command.lock(trx);
    const state = await command.load(trx, locked);
    await command.check?.(trx, state, locked);
    if (command.commandId) {
      const seen = await earlierCommand(trx, {
        commandId: command.commandId,
        actorId: command.metadata.actorId ?? null,
        kind: command.commandKind,
      });
      if (seen !== undefined && seen.streamId !== command.streamId) throw commandIdReused(command.commandId);
      if (seen !== undefined) return command.answer(trx, { locked, state, replayed: true, appended: false });
    }
    const expected = command.expectedVersion;
    if (expected !== undefined && expected !== state.version) {
      throw command.conflict
        ? await command.conflict(trx, expected, state)
        : versionConflict(command.streamId, expected, state.version);
    }
    const decided = await command.decide(trx, state, locked);
    const own: AppendInput[] =
      decided.events.length === 0
        ? []
        : [
            {
              streamId: command.streamId,
              streamType: command.streamType,
              expectedVersion: state.version,
              events: [...decided.events],
              metadata: command.commandId ? { ...command.metadata, commandId: command.commandId } : command.metadata,
              commandKind: command.commandKind,
            },
          ];
    const appends = [...own, ...(decided.others ?? [])];
    await store.appendStreams(trx, appends);
    return command.answer(trx, { locked, state, replayed: false, appended: appends.length > 0 });
  });
}
