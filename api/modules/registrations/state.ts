import { type Kysely, sql } from 'kysely';
import { registrationRowToState } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import { initialRegistrationState, type RegistrationState } from '../../domain/registrations/evolve.ts';
import type { RunPlaces } from '../../domain/registrations/places.ts';
import type { ProcessedCommandRow } from '../../event-store/store.ts';

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

/** What a new registration is decided on, read under the run's lock. */
export interface SubmissionState {
  places: RunPlacesWithVersions;
  /** The entrant already holds a place in the run. */
  entrantHoldsPlace: boolean;
  /** Where an earlier command with the same id landed (judged by the caller), if one did. */
  earlier: ProcessedCommandRow | undefined;
  /** The new registration's id, drawn from the registration_ids sequence. */
  nextId: number;
}

/**
 * Everything a new registration is decided on in one query, after the run's lock (a statement of its
 * own, so this one's snapshot sees every registration committed before the lock was granted): the run's
 * places and waitlist, whether the entrant holds a place, the earlier run of the command id, and the new
 * id (decision 055). The same places as runPlaces.
 */
export async function submissionState(
  db: Kysely<Database>,
  runId: number,
  limit: number,
  entrant: { teamId: number | null; userId: number | null },
  commandId: string | undefined,
): Promise<SubmissionState> {
  const { rows } = await sql<{
    confirmed: number;
    holds: boolean;
    next_id: number;
    seen_stream_id: string | null;
    seen_first_version: number | null;
    seen_last_version: number | null;
    seen_actor_id: number | null;
    seen_command_kind: string | null;
    id: number | null;
    waitlist_position: number | null;
    version: number | null;
  }>`
    with c as materialized (
      select
        (select count(*)::int from registrations
          where run_id = ${runId} and deleted_at is null and status = 'confirmed') as confirmed,
        exists (select 1 from registrations
          where run_id = ${runId} and deleted_at is null and status <> 'cancelled'
            and ${entrant.teamId !== null ? sql`team_id = ${entrant.teamId}` : sql`user_id = ${entrant.userId}`}) as holds,
        nextval('registration_ids')::int as next_id)
    select c.confirmed, c.holds, c.next_id,
      p.stream_id as seen_stream_id, p.first_version as seen_first_version, p.last_version as seen_last_version,
      p.actor_id as seen_actor_id, p.command_kind as seen_command_kind,
      w.id, w.waitlist_position, w.version
    from c
    left join processed_commands p on p.command_id = ${commandId ?? null}::text
    left join registrations w on w.run_id = ${runId} and w.deleted_at is null and w.status = 'waitlisted'
    order by w.waitlist_position, w.id`.execute(db);
  const first = rows[0];
  if (!first) throw new Error('submissionState: the query answered no row');
  const waiting = rows.filter((r) => r.id !== null);
  return {
    places: {
      limit,
      confirmed: Number(first.confirmed),
      waitlist: waiting.map((r) => ({ id: r.id as number, position: r.waitlist_position ?? 0 })),
      versions: new Map(waiting.map((r) => [r.id as number, r.version as number])),
    },
    entrantHoldsPlace: first.holds,
    earlier:
      first.seen_stream_id === null
        ? undefined
        : {
            stream_id: first.seen_stream_id,
            first_version: first.seen_first_version as number,
            last_version: first.seen_last_version as number,
            actor_id: first.seen_actor_id,
            command_kind: first.seen_command_kind,
          },
    nextId: Number(first.next_id),
  };
}
