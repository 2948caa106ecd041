import { type Kysely, sql } from 'kysely';
import type { RegistrationEntry, RegistrationEntryPage } from '../../contracts/runs.ts';
import { iso, isoOrNull } from '../../db/rows.ts';
import type { Database, RegistrationStatus } from '../../db/schema.ts';

export interface RegistrationFilter {
  eventId?: number;
  runId?: number;
  status?: RegistrationStatus[];
  hasWaitlistPosition?: boolean;
}

/**
 * Registrations of an event or a run, read from the registrations read model (written only by its
 * projection), with the names of the run, the team and the competitor. Soft-deleted ones are left out.
 */
function selectRegistrations(db: Kysely<Database>) {
  return db
    .selectFrom('registrations')
    .innerJoin('runs', 'runs.id', 'registrations.run_id')
    .leftJoin('teams', 'teams.id', 'registrations.team_id')
    .leftJoin('users', 'users.id', 'registrations.user_id')
    .where('registrations.deleted_at', 'is', null)
    .select([
      'registrations.id',
      'registrations.event_id',
      'registrations.run_id',
      'runs.name as run_name',
      'registrations.team_id',
      'teams.name as team_name',
      'registrations.user_id',
      'users.first_name',
      'users.last_name',
      'registrations.registered_by',
      'registrations.status',
      'registrations.waitlist_position',
      'registrations.is_hybrid_opt_in',
      'registrations.notes',
      'registrations.submitted_at',
      'registrations.confirmed_at',
      'registrations.cancelled_at',
      'registrations.updated_at',
      'registrations.version',
    ]);
}

type RegistrationRow = Awaited<ReturnType<ReturnType<typeof selectRegistrations>['executeTakeFirstOrThrow']>>;

function toEntry(row: RegistrationRow): RegistrationEntry {
  return {
    id: row.id,
    eventId: row.event_id,
    runId: row.run_id,
    runName: row.run_name,
    teamId: row.team_id,
    teamName: row.team_name ?? null,
    userId: row.user_id,
    userName: row.first_name !== null && row.last_name !== null ? `${row.first_name} ${row.last_name}` : null,
    registeredBy: row.registered_by,
    status: row.status,
    waitlistPosition: row.waitlist_position,
    isHybridOptIn: row.is_hybrid_opt_in,
    notes: row.notes,
    submittedAt: iso(row.submitted_at),
    confirmedAt: isoOrNull(row.confirmed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/**
 * One page of registrations: by run, then confirmed, waitlisted (by position) and cancelled, then
 * in order of arrival.
 */
export async function pageOfRegistrations(
  db: Kysely<Database>,
  filter: RegistrationFilter,
  { page, limit }: { page: number; limit: number },
): Promise<RegistrationEntryPage> {
  let base = selectRegistrations(db);
  if (filter.eventId !== undefined) base = base.where('registrations.event_id', '=', filter.eventId);
  if (filter.runId !== undefined) base = base.where('registrations.run_id', '=', filter.runId);
  if (filter.status?.length) base = base.where('registrations.status', 'in', filter.status);
  if (filter.hasWaitlistPosition !== undefined) {
    base = base.where('registrations.waitlist_position', filter.hasWaitlistPosition ? 'is not' : 'is', null);
  }
  const counted = await db
    .selectFrom(base.as('r'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy('registrations.run_id', 'asc')
    .orderBy(sql`case registrations.status when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`)
    .orderBy(sql`registrations.waitlist_position asc nulls last`)
    .orderBy('registrations.submitted_at', 'asc')
    .orderBy('registrations.id', 'asc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.map(toEntry), meta: { total: Number(counted.total), page, perPage: limit } };
}
