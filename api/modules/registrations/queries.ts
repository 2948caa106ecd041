import { type Kysely, sql } from 'kysely';
import type {
  RegistrationDto,
  RegistrationHistory,
  RegistrationHistoryEntry,
  RunRegistrationHistory,
} from '../../contracts/registrations.ts';
import type { RegistrationEntry } from '../../contracts/runs.ts';
import { containsPattern } from '../../db/like.ts';
import { registrationStateToRow } from '../../db/read-models.ts';
import { iso, isoOrNull } from '../../db/rows.ts';
import type { Database, RegistrationStatus } from '../../db/schema.ts';
import {
  describeRegistrationEvent,
  type RegistrationCause,
  registrationIdOf,
  registrationStreamId,
} from '../../domain/registrations/events.ts';
import type { RegistrationState } from '../../domain/registrations/evolve.ts';
import type { RunType } from '../../domain/runs/categories.ts';

/**
 * Reads of the registrations read model for the API, with the run, event, team and person names joined
 * in. Other modules (event and run registrations tabs) call pageOfRegistrations rather than the table.
 */

function selectRegistrations(db: Kysely<Database>) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .innerJoin('events', 'events.id', 'r.event_id')
    .leftJoin('teams', 'teams.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.run_id',
      'runs.name as run_name',
      'runs.type as run_type',
      'runs.category as run_category',
      'r.event_id',
      'events.name as event_name',
      'events.start_date as event_start_date',
      'r.team_id',
      'teams.name as team_name',
      'r.user_id',
      'u.first_name',
      'u.last_name',
      'r.registered_by',
      'r.status',
      'r.waitlist_position',
      'r.is_hybrid_opt_in',
      'r.is_late',
      'r.notes',
      'r.submitted_at',
      'r.confirmed_at',
      'r.cancelled_at',
      'r.deleted_at',
      'r.updated_at',
      'r.version',
    ]);
}
type RegistrationJoinedRow = Awaited<ReturnType<ReturnType<typeof selectRegistrations>['executeTakeFirstOrThrow']>>;

export function toRegistrationDto(row: RegistrationJoinedRow): RegistrationDto {
  const userName = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
  return {
    id: row.id,
    runId: row.run_id,
    runName: row.run_name,
    runType: row.run_type,
    runCategory: row.run_category,
    eventId: row.event_id,
    eventName: row.event_name,
    eventStartDate: row.event_start_date,
    teamId: row.team_id,
    teamName: row.team_name ?? null,
    userId: row.user_id,
    userName,
    entrantName: row.team_name ?? userName ?? `Registration ${row.id}`,
    registeredBy: row.registered_by,
    status: row.status,
    waitlistPosition: row.waitlist_position,
    isHybridOptIn: row.is_hybrid_opt_in,
    isLate: row.is_late,
    notes: row.notes,
    submittedAt: iso(row.submitted_at),
    confirmedAt: isoOrNull(row.confirmed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    deletedAt: isoOrNull(row.deleted_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/**
 * The DTO of a registration the command side has just appended, from its folded state and the names it
 * read under the run's lock: the same shape as a read of the row, without reading it back (decision 055).
 */
export function registrationDtoOf(
  state: RegistrationState,
  names: {
    run: { name: string; type: RunType; category: string };
    event: { name: string; startDate: string };
    teamName: string | null;
    person: { firstName?: string | null; lastName?: string | null } | null;
  },
): RegistrationDto {
  return toRegistrationDto({
    ...registrationStateToRow(state),
    run_name: names.run.name,
    run_type: names.run.type,
    run_category: names.run.category,
    event_name: names.event.name,
    event_start_date: names.event.startDate,
    team_name: names.teamName,
    first_name: names.person?.firstName ?? null,
    last_name: names.person?.lastName ?? null,
  });
}

/** A registration as the run and event admin tabs list it (GET /runs/{id}/registrations, /events/{id}/registrations). */
export function toRegistrationEntry(row: RegistrationJoinedRow): RegistrationEntry {
  const { runType, runCategory, eventName, eventStartDate, entrantName, deletedAt, userName, ...entry } =
    toRegistrationDto(row);
  return {
    ...entry,
    // Both names or none, as these tabs always named a person.
    userName: row.first_name !== null && row.last_name !== null ? `${row.first_name} ${row.last_name}` : null,
  };
}

export async function registrationDtoById(db: Kysely<Database>, id: number): Promise<RegistrationDto | undefined> {
  const row = await selectRegistrations(db).where('r.id', '=', id).executeTakeFirst();
  return row && toRegistrationDto(row);
}

export async function registrationDtosByIds(db: Kysely<Database>, ids: readonly number[]): Promise<RegistrationDto[]> {
  if (ids.length === 0) return [];
  const rows = await selectRegistrations(db)
    .where('r.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toRegistrationDto(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What the lists filter on; every field is optional and they combine with AND. */
export interface RegistrationFilter {
  runId?: number;
  eventId?: number;
  teamId?: number;
  userId?: number;
  /** The person's own registrations and those of every team they captain or belong to. */
  involvingUserId?: number;
  /** One status, or any of several (an empty list filters nothing). */
  status?: RegistrationStatus | readonly RegistrationStatus[];
  hasWaitlistPosition?: boolean;
  /** true: only soft-deleted ones; otherwise soft-deleted ones are left out. */
  deleted?: boolean;
  /** Free text over the entrant: the team's name or the person's name. */
  query?: string;
}

/**
 * 'newest': latest first. 'places': confirmed first (in the order they got their place), then the
 * waitlist by position, then cancelled. 'runs': by run, then confirmed, waitlisted (by position) and
 * cancelled, then in order of arrival.
 */
export type RegistrationOrder = 'newest' | 'places' | 'runs';

const STATUS_RANK = sql`case r.status when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`;

/**
 * One page of registrations, the one list query of the read model: the registrations module's lists,
 * and the run and event admin tabs (which ask for `toRegistrationEntry` rows, ordered by 'runs').
 */
export async function pageOfRegistrations<Row = RegistrationDto>(
  db: Kysely<Database>,
  filter: RegistrationFilter,
  page: { page: number; limit: number },
  {
    order = 'newest',
    as = toRegistrationDto as (row: RegistrationJoinedRow) => Row,
  }: {
    order?: RegistrationOrder;
    as?: (row: RegistrationJoinedRow) => Row;
  } = {},
): Promise<{ data: Row[]; meta: { total: number; page: number; perPage: number } }> {
  let query = selectRegistrations(db);
  query = filter.deleted ? query.where('r.deleted_at', 'is not', null) : query.where('r.deleted_at', 'is', null);
  if (filter.runId !== undefined) query = query.where('r.run_id', '=', filter.runId);
  if (filter.eventId !== undefined) query = query.where('r.event_id', '=', filter.eventId);
  if (filter.teamId !== undefined) query = query.where('r.team_id', '=', filter.teamId);
  if (filter.userId !== undefined) query = query.where('r.user_id', '=', filter.userId);
  if (typeof filter.status === 'string') query = query.where('r.status', '=', filter.status);
  else if (filter.status?.length) query = query.where('r.status', 'in', [...filter.status]);
  if (filter.hasWaitlistPosition !== undefined) {
    query = query.where('r.waitlist_position', filter.hasWaitlistPosition ? 'is not' : 'is', null);
  }
  const text = filter.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('teams.name', 'ilike', pattern),
        eb(sql<string>`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`, 'ilike', pattern),
      ]),
    );
  }
  if (filter.involvingUserId !== undefined) {
    const userId = filter.involvingUserId;
    query = query.where((eb) =>
      eb.or([
        eb('r.user_id', '=', userId),
        eb(
          'r.team_id',
          'in',
          eb.selectFrom('team_members').select('team_members.team_id').where('team_members.user_id', '=', userId),
        ),
        eb(
          'r.team_id',
          'in',
          eb.selectFrom('teams as captained').select('captained.id').where('captained.captain_id', '=', userId),
        ),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const ordered =
    order === 'places'
      ? query
          .orderBy(STATUS_RANK)
          .orderBy('r.waitlist_position')
          .orderBy(sql`coalesce(r.confirmed_at, r.cancelled_at, r.submitted_at)`)
          .orderBy('r.id')
      : order === 'runs'
        ? query
            .orderBy('r.run_id', 'asc')
            .orderBy(STATUS_RANK)
            .orderBy(sql`r.waitlist_position asc nulls last`)
            .orderBy('r.submitted_at', 'asc')
            .orderBy('r.id', 'asc')
        : query.orderBy('r.id', 'desc');
  const rows = await ordered
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return {
    data: rows.map(as),
    meta: { total: Number(counted?.total ?? 0), page: page.page, perPage: page.limit },
  };
}

/** The facts the permission checks need: who registered, for whom, and the team's captain and members. */
export interface RegistrationParties {
  userId: number | null;
  teamId: number | null;
  registeredBy: number | null;
  captainId: number | null;
  memberIds: number[];
}

export async function teamParties(
  db: Kysely<Database>,
  teamId: number,
): Promise<{ captainId: number; memberIds: number[] } | undefined> {
  const team = await db.selectFrom('teams').select(['captain_id']).where('id', '=', teamId).executeTakeFirst();
  if (!team) return undefined;
  const members = await db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute();
  return { captainId: team.captain_id, memberIds: members.map((m) => m.user_id) };
}

interface HistoryRow {
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  actor_first_name: string | null;
  actor_last_name: string | null;
  total: number;
}

const asObject = (value: unknown): Record<string, unknown> => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
};

/** "First Last", or null when there is no such person (a left join found none). */
const fullName = (first: string | null, last: string | null): string | null =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** One event of a registration stream as the history shows it: who did it, when, and a sentence for it. */
function historyEntry(row: HistoryRow): RegistrationHistoryEntry {
  const metadata = asObject(row.metadata);
  const data = asObject(row.data);
  const causedBy = metadata.causedBy as RegistrationCause | undefined;
  const actorId = typeof metadata.actorId === 'number' ? metadata.actorId : null;
  return {
    version: row.version,
    type: row.type,
    recordedAt: iso(row.recorded_at),
    actorId,
    actorName: fullName(row.actor_first_name, row.actor_last_name),
    summary: describeRegistrationEvent({ type: row.type, data }, causedBy),
    data,
  };
}

/** The stream, oldest first, with the actor's name and a sentence for each event. */
export async function registrationHistory(
  db: Kysely<Database>,
  id: number,
  page: { page: number; limit: number },
): Promise<RegistrationHistory> {
  const { rows } = await sql<HistoryRow>`
    select e.version, e.type, e.data, e.metadata, e.recorded_at,
           u.first_name as actor_first_name, u.last_name as actor_last_name, count(*) over () as total
    from event_log e
    left join users u on u.id = case when jsonb_typeof(e.metadata -> 'actorId') = 'number' then (e.metadata ->> 'actorId')::int end
    where e.stream_id = ${registrationStreamId(id)}
    order by e.version
    limit ${page.limit} offset ${(page.page - 1) * page.limit}`.execute(db);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 1) {
    const count = await db
      .selectFrom('event_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stream_id', '=', registrationStreamId(id))
      .executeTakeFirst();
    total = Number(count?.n ?? 0);
  }
  return { data: rows.map(historyEntry), meta: { total, page: page.page, perPage: page.limit } };
}

interface RunHistoryRow extends HistoryRow {
  stream_id: string;
  team_name: string | null;
  entrant_first_name: string | null;
  entrant_last_name: string | null;
}

/** Whether the run exists (deleted events' runs included: an admin reads their history too). */
export async function runExists(db: Kysely<Database>, runId: number): Promise<boolean> {
  return (await db.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst()) !== undefined;
}

/**
 * Every event of every registration stream of a run (soft-deleted registrations included), newest first,
 * with the registration's entrant, the actor's name and a sentence for each event: the run's timeline.
 */
export async function runRegistrationHistory(
  db: Kysely<Database>,
  runId: number,
  page: { page: number; limit: number },
): Promise<RunRegistrationHistory> {
  const { rows } = await sql<RunHistoryRow>`
    select e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at,
           t.name as team_name, p.first_name as entrant_first_name, p.last_name as entrant_last_name,
           u.first_name as actor_first_name, u.last_name as actor_last_name, count(*) over () as total
    from registrations r
    join event_log e on e.stream_id = 'registration:' || r.id
    left join teams t on t.id = r.team_id
    left join users p on p.id = r.user_id
    left join users u on u.id = case when jsonb_typeof(e.metadata -> 'actorId') = 'number' then (e.metadata ->> 'actorId')::int end
    where r.run_id = ${runId}
    order by e.global_position desc
    limit ${page.limit} offset ${(page.page - 1) * page.limit}`.execute(db);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 1) {
    const { rows: counted } = await sql<{ n: number }>`
      select count(*) as n from registrations r join event_log e on e.stream_id = 'registration:' || r.id where r.run_id = ${runId}`.execute(
      db,
    );
    total = Number(counted[0]?.n ?? 0);
  }
  return {
    data: rows.map((row) => {
      const registrationId = registrationIdOf(row.stream_id) ?? 0;
      const personName = fullName(row.entrant_first_name, row.entrant_last_name);
      return {
        registrationId,
        entrantName: row.team_name ?? personName ?? `Registration ${registrationId}`,
        ...historyEntry(row),
      };
    }),
    meta: { total, page: page.page, perPage: page.limit },
  };
}
