import { type Kysely, sql } from 'kysely';
import type { RunTeamDto, TeamPage, TeamSummaryDto } from '../../contracts/teams.ts';
import { containsPattern } from '../../db/like.ts';
import { iso } from '../../db/rows.ts';
import type { Database, Gender } from '../../db/schema.ts';
import { isRunVisible } from '../../domain/events/visibility.ts';
import type { RunType } from '../../domain/runs/categories.ts';

/** Teams with their department's name, their captain's name and their number of members. */
function selectTeams(db: Kysely<Database>) {
  return db
    .selectFrom('teams')
    .leftJoin('departments', 'departments.id', 'teams.department_id')
    .innerJoin('users as captain', 'captain.id', 'teams.captain_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.run_type',
      'teams.department_id',
      'departments.name as department_name',
      'teams.captain_id',
      'captain.first_name as captain_first_name',
      'captain.last_name as captain_last_name',
      'teams.is_hybrid',
      'teams.is_active',
      'teams.deleted_at',
      'teams.seed_time_ms',
      'teams.created_at',
      'teams.updated_at',
      (eb) =>
        eb
          .selectFrom('team_members')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('team_members.team_id', '=', 'teams.id')
          .as('member_count'),
    ]);
}

type TeamRow = Awaited<ReturnType<ReturnType<typeof selectTeams>['executeTakeFirstOrThrow']>>;

export function toTeamSummary(row: TeamRow): TeamSummaryDto {
  return {
    id: row.id,
    name: row.name,
    runType: row.run_type,
    departmentId: row.department_id,
    departmentName: row.department_name,
    captainId: row.captain_id,
    captainName: `${row.captain_first_name} ${row.captain_last_name}`.trim(),
    isHybrid: row.is_hybrid,
    isActive: row.is_active,
    isDeleted: row.deleted_at !== null,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    memberCount: Number(row.member_count ?? 0),
    seedTimeMs: row.seed_time_ms,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Any team, soft-deleted ones included. */
export async function teamSummaryById(db: Kysely<Database>, id: number): Promise<TeamSummaryDto | undefined> {
  const row = await selectTeams(db).where('teams.id', '=', id).executeTakeFirst();
  return row && toTeamSummary(row);
}

/** What the access and team rules look at. With `lock`, the row is locked until the transaction ends. */
export async function teamFacts(db: Kysely<Database>, id: number, { lock = false } = {}) {
  let q = db
    .selectFrom('teams')
    .select([
      'id',
      'name',
      'run_type',
      'department_id',
      'captain_id',
      'is_hybrid',
      'is_active',
      'deleted_at',
      'seed_time_ms',
    ])
    .where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type TeamFactsRow = NonNullable<Awaited<ReturnType<typeof teamFacts>>>;

export async function isMember(db: Kysely<Database>, teamId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface MemberRow {
  userId: number;
  firstName: string;
  lastName: string;
  departmentId: number | null;
  departmentName: string | null;
  dateOfBirth: string | null;
  gender: Gender | null;
  isActive: boolean;
  isVerified: boolean;
  medicalClearanceUntil: string | null;
  isPreService: boolean;
  joinedAt: string;
}

/** The members of a team with what eligibility needs, in the order they joined. */
export async function membersOf(db: Kysely<Database>, teamId: number): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.department_id',
      'departments.name as department_name',
      'users.date_of_birth',
      'users.gender',
      'users.is_active',
      'users.is_verified',
      'users.medical_clearance_until',
      'users.is_pre_service',
      'team_members.joined_at',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.joined_at')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    departmentId: r.department_id,
    departmentName: r.department_name,
    dateOfBirth: r.date_of_birth,
    gender: r.gender,
    isActive: r.is_active,
    isVerified: r.is_verified,
    medicalClearanceUntil: r.medical_clearance_until,
    isPreService: r.is_pre_service,
    joinedAt: iso(r.joined_at),
  }));
}

/** Accounts among `ids` (those that exist), with what joining a team looks at. */
export async function candidates(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'department_id', 'is_active'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    departmentId: r.department_id,
    isActive: r.is_active,
  }));
}

/** The account with this e-mail address (without regard to case), as a candidate for a team. */
export async function candidateByEmail(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.department_id',
      'departments.name as department_name',
      'users.is_active',
    ])
    .where(sql<string>`lower(${sql.ref('users.email')})`, '=', email.toLowerCase())
    .executeTakeFirst();
  return (
    row && {
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      departmentId: row.department_id,
      departmentName: row.department_name,
      isActive: row.is_active,
    }
  );
}

/**
 * A run the caller may see (api/domain/events/visibility.ts: for a plain user an active run of a public
 * event), with its event's start date: what eligibility is judged against. A run of a draft, like a
 * run that does not exist, is undefined, so nothing of its event reaches the caller.
 */
export async function runForEligibility(db: Kysely<Database>, runId: number, asAdmin: boolean) {
  const row = await db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select([
      'runs.id',
      'runs.type',
      'runs.category',
      'runs.allows_hybrid',
      'runs.is_active',
      'events.start_date',
      'events.is_active as event_is_active',
      'events.deleted_at as event_deleted_at',
      'events.status as event_status',
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const event = { isActive: row.event_is_active, isDeleted: row.event_deleted_at !== null, status: row.event_status };
  if (!isRunVisible({ isActive: row.is_active }, event, asAdmin)) return undefined;
  return {
    runId: row.id,
    eventStartDate: row.start_date,
    run: { type: row.type, category: row.category, allowsHybrid: row.allows_hybrid },
  };
}

export interface TeamFilter {
  /** Admins see inactive teams too, and with `deleted` the soft-deleted ones; others active, not deleted ones. */
  asAdmin: boolean;
  callerId: number;
  isHybrid?: boolean;
  isActive?: boolean;
  departmentId?: number;
  runType?: RunType;
  /** Free text over the name. */
  query?: string;
  /** Only the teams the caller is on. */
  mine?: boolean;
  /** true: only the soft-deleted ones; otherwise only the others. */
  deleted?: boolean;
}

/** The ids of the teams a filter selects (applied on top of what the caller may see). */
function filteredTeams(db: Kysely<Database>, filter: TeamFilter) {
  let q = db.selectFrom('teams');
  if (!filter.asAdmin) q = q.where('teams.is_active', '=', true).where('teams.deleted_at', 'is', null);
  q = filter.deleted ? q.where('teams.deleted_at', 'is not', null) : q.where('teams.deleted_at', 'is', null);
  if (filter.isHybrid !== undefined) q = q.where('teams.is_hybrid', '=', filter.isHybrid);
  if (filter.isActive !== undefined) q = q.where('teams.is_active', '=', filter.isActive);
  if (filter.departmentId !== undefined) q = q.where('teams.department_id', '=', filter.departmentId);
  if (filter.runType !== undefined) q = q.where('teams.run_type', '=', filter.runType);
  if (filter.mine) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_members')
          .select('team_members.user_id')
          .whereRef('team_members.team_id', '=', 'teams.id')
          .where('team_members.user_id', '=', filter.callerId),
      ),
    );
  }
  const text = filter.query?.trim();
  if (text) q = q.where('teams.name', 'ilike', containsPattern(text));
  return q;
}

/** One page of teams by name (case-insensitive), then id. */
export async function pageOfTeams(
  db: Kysely<Database>,
  filter: TeamFilter,
  { page, limit }: { page: number; limit: number },
): Promise<TeamPage> {
  const base = filteredTeams(db, filter);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await selectTeams(db)
    .where('teams.id', 'in', base.select('teams.id'))
    .orderBy(sql`lower(${sql.ref('teams.name')})`)
    .orderBy('teams.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.map(toTeamSummary), meta: { total: Number(counted.total), page, perPage: limit } };
}

/**
 * One page of the teams registered for a run: registrations of the run that are not cancelled and
 * not deleted; confirmed first, then the waitlist in order, then by submission.
 */
export async function pageOfRunTeams(
  db: Kysely<Database>,
  runId: number,
  filter: TeamFilter,
  { page, limit }: { page: number; limit: number },
): Promise<{ data: RunTeamDto[]; meta: { total: number; page: number; perPage: number } }> {
  const registered = (q: ReturnType<typeof filteredTeams>) =>
    q
      .innerJoin('registrations', 'registrations.team_id', 'teams.id')
      .where('registrations.run_id', '=', runId)
      .where('registrations.status', '<>', 'cancelled')
      .where('registrations.deleted_at', 'is', null);
  const counted = await registered(filteredTeams(db, filter))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await selectTeams(db)
    .innerJoin('registrations', 'registrations.team_id', 'teams.id')
    .select([
      'registrations.id as registration_id',
      'registrations.status as registration_status',
      'registrations.waitlist_position',
      'registrations.submitted_at',
    ])
    .where('registrations.run_id', '=', runId)
    .where('registrations.status', '<>', 'cancelled')
    .where('registrations.deleted_at', 'is', null)
    .where('teams.id', 'in', filteredTeams(db, filter).select('teams.id'))
    .orderBy(sql`case when ${sql.ref('registrations.status')} = 'confirmed' then 0 else 1 end`)
    .orderBy(sql`${sql.ref('registrations.waitlist_position')} nulls first`)
    .orderBy('registrations.submitted_at')
    .orderBy('registrations.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.map((row) => ({
      ...toTeamSummary(row),
      registration: {
        id: row.registration_id,
        status: row.registration_status === 'confirmed' ? 'confirmed' : 'waitlisted',
        waitlistPosition: row.waitlist_position,
        submittedAt: iso(row.submitted_at),
      },
    })),
    meta: { total: Number(counted.total), page, perPage: limit },
  };
}

export async function insertTeam(
  db: Kysely<Database>,
  values: { name: string; runType: RunType; departmentId: number | null; captainId: number },
): Promise<number> {
  const row = await db
    .insertInto('teams')
    .values({
      name: values.name,
      run_type: values.runType,
      department_id: values.departmentId,
      captain_id: values.captainId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeamRow(
  db: Kysely<Database>,
  id: number,
  values: {
    name?: string;
    department_id?: number | null;
    is_active?: boolean;
    captain_id?: number;
    is_hybrid?: boolean;
    deleted_at?: Date | null;
    seed_time_ms?: number | null;
  },
): Promise<void> {
  await db
    .updateTable('teams')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertMembers(db: Kysely<Database>, teamId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ team_id: teamId, user_id: userId })))
    .execute();
}

export async function deleteMembers(db: Kysely<Database>, teamId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', [...userIds])
    .execute();
}
