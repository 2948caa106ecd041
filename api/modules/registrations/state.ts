import { type Kysely, sql } from 'kysely';
import { registrationRowToState } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import { initialRegistrationState, type RegistrationState } from '../../domain/registrations/evolve.ts';
import type { RunPlaces } from '../../domain/registrations/places.ts';

/**
 * The state loaders of registrations: the read model as domain state, what the command side loads
 * (under the run's lock) before it decides. The DTO reads with names joined in are queries.ts.
 */

/** The state of one registration (a state that does not exist when there is no row). */
export async function registrationState(db: Kysely<Database>, id: number): Promise<RegistrationState> {
  const row = await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? registrationRowToState(row) : initialRegistrationState(id);
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
