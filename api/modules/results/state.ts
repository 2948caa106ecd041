import { type Kysely, sql, type Transaction } from 'kysely';
import { type ResultRow, resultRowToState } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import type { ResultDecideContext } from '../../domain/results/commands.ts';
import { resultNotFound } from '../../domain/results/decide.ts';
import { initialResultState, type ResultState } from '../../domain/results/evolve.ts';
import { heatOf, positionOf } from '../../domain/run-orders/evolve.ts';
import { runOrderState } from '../run-orders/state.ts';

/**
 * The state loader of results (docs/decisions/030-results.md). A result command locks the result's own
 * read-model row, never the run: two officials entering different heats never wait for each other, while
 * two edits of one result queue on its row and the second meets the first's version (409).
 *
 * A first recording has no row yet, so the lock inserts one at version 0 (insert-if-missing, in the
 * command's transaction) and locks it: of two first recordings of one registration, the second waits on
 * the first's insert, then finds version 1 and answers 409. A refused command rolls the row back with it.
 */

export const registrationNotFound = () => notFound('Registration', 'REGISTRATION_NOT_FOUND');

export interface LockedResult {
  row: ResultRow;
  registration: ResultDecideContext['registration'];
}

/** The registration a result belongs to: run, event and status ('deleted' once soft-deleted). */
export async function registrationOfResult(
  db: Kysely<Database>,
  registrationId: number,
): Promise<ResultDecideContext['registration'] | undefined> {
  const row = await db
    .selectFrom('registrations')
    .innerJoin('runs', 'runs.id', 'registrations.run_id')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select(['registrations.id', 'registrations.run_id', 'registrations.event_id', 'registrations.status'])
    .select('registrations.deleted_at')
    .where('registrations.id', '=', registrationId)
    .where('runs.deleted_at', 'is', null)
    .where('events.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    runId: row.run_id,
    eventId: row.event_id,
    status: row.deleted_at ? 'deleted' : row.status,
  };
}

/**
 * Locks the result row of a registration for the command's transaction. `create`: a first recording
 * (or a rerun) may insert the row; any other command answers 404 when the registration has no result.
 */
export async function lockResult(
  trx: Transaction<Database>,
  registrationId: number,
  options: { create: boolean },
): Promise<LockedResult> {
  const registration = await registrationOfResult(trx, registrationId);
  if (!registration) throw options.create ? registrationNotFound() : resultNotFound();
  if (options.create) {
    await sql`insert into results (registration_id, run_id, event_id, version)
      values (${registrationId}, ${registration.runId}, ${registration.eventId}, 0)
      on conflict (registration_id) do nothing`.execute(trx);
  }
  const row = await trx
    .selectFrom('results')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw resultNotFound();
  return { row, registration };
}

/** The folded state of a locked result row (a row at version 0 is the empty initial state). */
export function resultStateOf(locked: LockedResult): ResultState {
  return locked.row.version === 0 ? initialResultState(locked.row.registration_id) : resultRowToState(locked.row);
}

/** Where the registration stands in its run order now: heat and position, or null when not placed. */
export async function placementOf(
  db: Kysely<Database>,
  runId: number,
  registrationId: number,
): Promise<ResultDecideContext['placement']> {
  const order = await runOrderState(db, runId);
  const position = positionOf(order.slots, registrationId);
  if (position === undefined) return null;
  return { heat: heatOf(position, order.heatSize), position };
}

/** The result row of a registration, if it has one that was ever recorded (version above 0). */
export async function resultRow(db: Kysely<Database>, registrationId: number): Promise<ResultRow | undefined> {
  return db
    .selectFrom('results')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .where('version', '>', 0)
    .executeTakeFirst();
}
