import { type Kysely, type Selectable, sql } from 'kysely';
import { isoOrNull } from '../../api/db/rows.ts';
import type { Database, RegistrationsTable } from '../../api/db/schema.ts';
import type { RunPlaces } from '../../api/domain/registrations/places.ts';
import { initialRegistrationState, type RegistrationState } from '../../api/domain/registrations/evolve.ts';

/**
 * Reads of the registrations read model as domain state: what the command side loads (under the run's
 * lock) before it decides. The DTO reads with names joined in are api/modules/registrations/queries.ts.
 */

export type RegistrationRow = Selectable<RegistrationsTable>;

export function rowToState(row: RegistrationRow): RegistrationState {
  return {
    id: row.id,
    exists: true,
    runId: row.run_id,
    eventId: row.event_id,
    teamId: row.team_id,
    userId: row.user_id,
    registeredBy: row.registered_by,
    status: row.status,
    waitlistPosition: row.waitlist_position,
    isHybridOptIn: row.is_hybrid_opt_in,
    notes: row.notes,
    submittedAt: isoOrNull(row.submitted_at),
    confirmedAt: isoOrNull(row.confirmed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    deletedAt: isoOrNull(row.deleted_at),
    updatedAt: isoOrNull(row.updated_at),
    version: row.version,
  };
}

/** The state of one registration (a state that does not exist when there is no row). */
export async function registrationState(db: Kysely<Database>, id: number): Promise<RegistrationState> {
  const row = await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToState(row) : initialRegistrationState(id);
}

export interface RunPlacesWithVersions extends RunPlaces {
  /** The stream version of every waitlisted registration, for appending to it. */
  versions: Map<number, number>;
}

/**
 * The run's confirmed places and its waitlist, from the registrations that are not deleted, in one
 * query: the confirmed ones are only counted (no other command ever appends to them), the waitlisted
 * ones come with their versions.
 */
export async function runPlaces(db: Kysely<Database>, runId: number, limit: number): Promise<RunPlacesWithVersions> {
  const { rows } = await sql<{
    confirmed: number;
    id: number | null;
    waitlist_position: number | null;
    version: number | null;
  }>`
    select c.confirmed, w.id, w.waitlist_position, w.version
    from (select count(*)::int as confirmed from registrations
          where run_id = ${runId} and deleted_at is null and status = 'confirmed') c
    left join registrations w on w.run_id = ${runId} and w.deleted_at is null and w.status = 'waitlisted'
    order by w.waitlist_position, w.id`.execute(db);
  const waiting = rows.filter((r) => r.id !== null);
  return {
    limit,
    confirmed: Number(rows[0]?.confirmed ?? 0),
    waitlist: waiting.map((r) => ({ id: r.id as number, position: r.waitlist_position ?? 0 })),
    versions: new Map(waiting.map((r) => [r.id as number, r.version as number])),
  };
}

/** Whether this team (or person) holds a place in the run with a registration other than `exceptId`. */
export async function entrantHoldsPlace(
  db: Kysely<Database>,
  runId: number,
  entrant: { teamId: number | null; userId: number | null },
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('registrations')
    .select('id')
    .where('run_id', '=', runId)
    .where('deleted_at', 'is', null)
    .where('status', '<>', 'cancelled');
  query =
    entrant.teamId !== null
      ? query.where('team_id', '=', entrant.teamId)
      : query.where('user_id', '=', entrant.userId as number);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
