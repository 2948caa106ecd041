import type { Kysely } from 'kysely';
import type {
  MemberCountDto,
  RunTeamPage,
  TeamCandidateDto,
  TeamCreateBody,
  TeamDto,
  TeamEligibilityDto,
  TeamHybridBody,
  TeamListQuery,
  TeamMemberDto,
  TeamPage,
  TeamSubListQuery,
  TeamUpdateBody,
} from '../../contracts/teams.ts';
import type { Database } from '../../db/schema.ts';
import { isIsoDate } from '../../domain/dates.ts';
import { conflict, DomainError, notFound, ruleBroken } from '../../domain/errors.ts';
import type { RunType } from '../../domain/runs/categories.ts';
import { ageOn, type EligibilityContext } from '../../domain/teams/eligibility.ts';
import { captainHybridRefusal } from '../../domain/teams/invitations.ts';
import {
  additionRefusal,
  departmentChangeRefusal,
  hybridRefusal,
  memberCountStatus,
  type TeamFacts,
  teamEligibility,
} from '../../domain/teams/team-rules.ts';
import { type AccessTokenClaims, isAdmin } from '../../plugins/access.ts';
import { departmentById, isDepartmentOpenForMembers, visibleDepartmentById } from '../departments/queries.ts';
import {
  candidateByEmail,
  candidates,
  deleteMembers,
  insertMembers,
  insertTeam,
  isMember,
  type MemberRow,
  membersOf,
  pageOfRunTeams,
  pageOfTeams,
  runForEligibility,
  type TeamFactsRow,
  teamFacts,
  teamSummaryById,
  updateTeamRow,
} from './queries.ts';

export const teamNotFound = () => notFound('Team', 'TEAM_NOT_FOUND');
const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');
const userNotFound = () => notFound('User', 'USER_NOT_FOUND');
const forbidden = (message: string) => new DomainError(403, 'FORBIDDEN', message);
export const teamDeleted = () => conflict('TEAM_DELETED', 'This team is deleted; restore it first.');

/**
 * What a caller may do with a team (docs/decisions/016):
 * - 'read': its captain, its members and the admins (a soft-deleted team: its captain and the admins;
 *   its members get 404, anyone else 403);
 * - 'manage': its captain and the admins, deleted or not (so they can restore it);
 * - 'leave': 'manage', or a member removing themselves.
 */
export type TeamAccessLevel = 'read' | 'manage' | { leave: number };

/** Throws 404 or 403 when the caller may not do this with the team; never for an admin. */
export async function authorizeTeam(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  team: Pick<TeamFactsRow, 'id' | 'captain_id' | 'deleted_at'>,
  level: TeamAccessLevel,
): Promise<void> {
  if (isAdmin(caller.role) || team.captain_id === caller.sub) return;
  if (level === 'manage') throw forbidden('Only the team captain or an admin can change this team.');
  if (typeof level === 'object' && level.leave !== caller.sub)
    throw forbidden('Only the team captain or an admin can remove other members.');
  if (!(await isMember(db, team.id, caller.sub)))
    throw forbidden("Only the team's captain, its members and the admins can see this team.");
  // Members lose sight of a deleted team; its captain keeps it, to restore it.
  if (team.deleted_at !== null) throw teamNotFound();
}

/** The early check of the route hook: refuses a caller before the request body is even validated. */
export async function precheckTeamAccess(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  teamId: number,
  level: TeamAccessLevel,
): Promise<void> {
  if (isAdmin(caller.role)) return;
  const team = await teamFacts(db, teamId);
  // A missing team is the handler's 404, after validation (so malformed input is still a 400).
  if (team) await authorizeTeam(db, caller, team, level);
}

export function factsOf(team: TeamFactsRow): TeamFacts {
  return {
    runType: team.run_type,
    departmentId: team.department_id,
    isHybrid: team.is_hybrid,
    isActive: team.is_active,
    isDeleted: team.deleted_at !== null,
  };
}

const ageOrNull = (dateOfBirth: string | null, on: string) =>
  dateOfBirth && isIsoDate(dateOfBirth) ? ageOn(dateOfBirth, on) : null;

/** A team with its members; with a run, also every member's and the team's problems for it. */
export async function teamDto(
  db: Kysely<Database>,
  id: number,
  forRun?: EligibilityContext & { runId: number },
): Promise<TeamDto> {
  const summary = await teamSummaryById(db, id);
  const facts = await teamFacts(db, id);
  if (!summary || !facts) throw teamNotFound();
  const members = await membersOf(db, id);
  const checked = forRun && teamEligibility(factsOf(facts), members, forRun);
  const problemsOf = new Map(checked?.members.map((m) => [m.userId, m.problems]));
  return {
    ...summary,
    members: members.map(
      (m): TeamMemberDto => ({
        userId: m.userId,
        firstName: m.firstName,
        lastName: m.lastName,
        departmentId: m.departmentId,
        departmentName: m.departmentName,
        isCaptain: m.userId === summary.captainId,
        isActive: m.isActive,
        joinedAt: m.joinedAt,
        ageOnEventDate: forRun ? ageOrNull(m.dateOfBirth, forRun.eventStartDate) : null,
        problems: forRun ? (problemsOf.get(m.userId) ?? []) : null,
      }),
    ),
    size: memberCountStatus(members.length, summary.runType),
    eligibility:
      forRun && checked
        ? {
            runId: forRun.runId,
            eventStartDate: forRun.eventStartDate,
            eligible: checked.eligible,
            teamProblems: checked.teamProblems,
          }
        : null,
  };
}

async function runContext(db: Kysely<Database>, caller: AccessTokenClaims, runId: number) {
  const context = await runForEligibility(db, runId, isAdmin(caller.role));
  if (!context) throw runNotFound();
  return context;
}

// ---------- reads ----------

export function listTeams(db: Kysely<Database>, caller: AccessTokenClaims, query: TeamListQuery): Promise<TeamPage> {
  const { page, limit, ...filter } = query;
  return pageOfTeams(db, { ...filter, asAdmin: isAdmin(caller.role), callerId: caller.sub }, { page, limit });
}

export async function listDepartmentTeams(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  departmentId: number,
  query: TeamSubListQuery,
): Promise<TeamPage> {
  const admin = isAdmin(caller.role);
  const department = admin ? await departmentById(db, departmentId) : await visibleDepartmentById(db, departmentId);
  if (!department) throw notFound('Department', 'DEPARTMENT_NOT_FOUND');
  const { page, limit, ...filter } = query;
  return pageOfTeams(db, { ...filter, departmentId, asAdmin: admin, callerId: caller.sub }, { page, limit });
}

export async function listRunTeams(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  runId: number,
  query: TeamSubListQuery,
): Promise<RunTeamPage> {
  await runContext(db, caller, runId);
  const { page, limit, ...filter } = query;
  return pageOfRunTeams(db, runId, { ...filter, asAdmin: isAdmin(caller.role), callerId: caller.sub }, { page, limit });
}

export async function getTeam(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  runId?: number,
): Promise<TeamDto> {
  const team = await teamFacts(db, id);
  if (!team) throw teamNotFound();
  await authorizeTeam(db, caller, team, 'read');
  const forRun = runId === undefined ? undefined : await runContext(db, caller, runId);
  return teamDto(db, id, forRun);
}

/**
 * The member count against the size rule of a run type (the team's own by default). Anyone signed in
 * may ask about a team they can see in the lists; members and admins about any of theirs.
 */
export async function memberCount(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  runType?: RunType,
): Promise<MemberCountDto> {
  const team = await teamFacts(db, id);
  if (!team) throw teamNotFound();
  if (!team.is_active || team.deleted_at !== null) {
    // Outside the lists only those who may read the team learn that it exists.
    try {
      await authorizeTeam(db, caller, team, 'read');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // a database failure stays one (decision 024)
      throw teamNotFound();
    }
  }
  const summary = await teamSummaryById(db, id);
  if (!summary) throw teamNotFound();
  const type = runType ?? team.run_type;
  return { teamId: id, runType: type, ...memberCountStatus(summary.memberCount, type) };
}

export async function eligibilityForRun(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  runId: number,
): Promise<TeamEligibilityDto> {
  const team = await teamFacts(db, id);
  if (!team) throw teamNotFound();
  await authorizeTeam(db, caller, team, 'read');
  const context = await runContext(db, caller, runId);
  const members: MemberRow[] = await membersOf(db, id);
  const checked = teamEligibility(factsOf(team), members, context);
  const problemsOf = new Map(checked.members.map((m) => [m.userId, m.problems]));
  return {
    teamId: id,
    runId,
    eventStartDate: context.eventStartDate,
    eligible: checked.eligible,
    teamProblems: checked.teamProblems,
    members: members.map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      ageOnEventDate: ageOrNull(m.dateOfBirth, context.eventStartDate),
      problems: problemsOf.get(m.userId) ?? [],
    })),
    problems: checked.problems,
  };
}

/**
 * GET /teams/{id}/candidate?email (captain or admin): the account with that exact e-mail address, and
 * whether add-member would take it now. Plain users cannot list accounts, so a captain adds people by
 * the address they know them by; only that one account's name and department are revealed.
 */
export async function findCandidate(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  email: string,
): Promise<TeamCandidateDto> {
  const team = await teamFacts(db, id);
  if (!team) throw teamNotFound();
  await authorizeTeam(db, caller, team, 'manage');
  if (team.deleted_at !== null) throw teamDeleted();
  const candidate = await candidateByEmail(db, email);
  if (!candidate) throw new DomainError(404, 'USER_NOT_FOUND', 'No account uses that e-mail address.');
  const members = await membersOf(db, id);
  const refusal = additionRefusal(factsOf(team), members, candidate);
  return {
    ...candidate,
    isMember: members.some((m) => m.userId === candidate.userId),
    refusal: refusal ? { code: refusal.code, message: refusal.message } : null,
  };
}

// ---------- writes: each in one transaction, on the team row locked ----------

/** The team, locked, after the access check; a deleted one only where `allowDeleted`. */
export async function teamForChange(
  trx: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  level: TeamAccessLevel,
  { allowDeleted = false } = {},
): Promise<TeamFactsRow> {
  const team = await teamFacts(trx, id, { lock: true });
  if (!team) throw teamNotFound();
  await authorizeTeam(trx, caller, team, level);
  if (team.deleted_at !== null && !allowDeleted) throw teamDeleted();
  return team;
}

/** One change to a team: in a transaction, on the team locked after the access check; answers the team after it. */
function changeTeam(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  level: TeamAccessLevel,
  change: (trx: Kysely<Database>, team: TeamFactsRow) => Promise<void>,
  options: { allowDeleted?: boolean } = {},
): Promise<TeamDto> {
  return db.transaction().execute(async (trx) => {
    await change(trx, await teamForChange(trx, caller, id, level, options));
    return teamDto(trx, id);
  });
}

async function requireOpenDepartment(trx: Kysely<Database>, departmentId: number): Promise<void> {
  if (!(await isDepartmentOpenForMembers(trx, departmentId))) {
    throw ruleBroken('DEPARTMENT_UNAVAILABLE', 'That department does not exist or is not open for members.', {
      departmentId,
    });
  }
}

/**
 * POST /teams: the caller becomes captain and first member. The department defaults to the caller's;
 * a team that is not hybrid has its members in its department, so the captain must be in it too.
 */
export async function createTeam(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  body: TeamCreateBody,
): Promise<TeamDto> {
  const captainId = body.captainId ?? caller.sub;
  const forSomeoneElse = captainId !== caller.sub;
  if (forSomeoneElse && !isAdmin(caller.role)) {
    throw forbidden('Only an admin can name another captain; you are the captain of the teams you create.');
  }
  return db.transaction().execute(async (trx) => {
    const [captain] = await candidates(trx, [captainId]);
    if (!captain) throw userNotFound();
    if (forSomeoneElse && !captain.isActive) {
      throw ruleBroken('ACCOUNT_INACTIVE', 'Captain rule: the captain needs an active account.', { userId: captainId });
    }
    const departmentId = body.departmentId === undefined ? captain.departmentId : body.departmentId;
    if (departmentId !== null) await requireOpenDepartment(trx, departmentId);
    if (departmentId !== captain.departmentId) {
      throw ruleBroken(
        'HYBRID_REQUIRED',
        forSomeoneElse
          ? "Department rule: the captain is the first member and is not in that department; create the team in the captain's department, then make it hybrid with its members to mix departments."
          : 'Department rule: the captain is the first member and is not in that department; create the team in your own department, then make it hybrid with its members to mix departments.',
        { userIds: [captain.userId], departmentId },
      );
    }
    const id = await insertTeam(trx, {
      name: body.name,
      runType: body.runType,
      departmentId,
      captainId: captain.userId,
    });
    await insertMembers(trx, id, [captain.userId]);
    return teamDto(trx, id);
  });
}

/** PUT /teams/{id}: name, department, active flag and best time (captain or admin). */
export async function updateTeam(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  body: TeamUpdateBody,
): Promise<TeamDto> {
  return changeTeam(db, caller, id, 'manage', async (trx, team) => {
    const values: { name?: string; department_id?: number | null; is_active?: boolean; seed_time_ms?: number | null } =
      {};
    if (body.name !== undefined && body.name !== team.name) values.name = body.name;
    if (body.isActive !== undefined && body.isActive !== team.is_active) values.is_active = body.isActive;
    if (body.seedTimeMs !== undefined && body.seedTimeMs !== team.seed_time_ms) values.seed_time_ms = body.seedTimeMs;
    if (body.departmentId !== undefined && body.departmentId !== team.department_id) {
      if (body.departmentId !== null) await requireOpenDepartment(trx, body.departmentId);
      const refusal = departmentChangeRefusal(factsOf(team), await membersOf(trx, id), body.departmentId);
      if (refusal) throw refusal;
      values.department_id = body.departmentId;
    }
    if (Object.keys(values).length > 0) await updateTeamRow(trx, id, values);
  });
}

/**
 * PATCH /teams/{id}/add-member/{userId} (admins; the route refuses anyone else, who invite instead,
 * docs/decisions/026): up to the maximum of the run type.
 */
export async function addMember(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  userId: number,
): Promise<TeamDto> {
  return changeTeam(db, caller, id, 'manage', async (trx, team) => {
    const [candidate] = await candidates(trx, [userId]);
    if (!candidate) throw userNotFound();
    const refusal = additionRefusal(factsOf(team), await membersOf(trx, id), candidate);
    if (refusal) throw refusal;
    await insertMembers(trx, id, [userId]);
    await updateTeamRow(trx, id, {});
  });
}

/** PATCH /teams/{id}/remove-member/{userId}: the captain or an admin, or a member leaving; never the captain. */
export async function removeMember(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  userId: number,
): Promise<TeamDto> {
  return changeTeam(db, caller, id, { leave: userId }, async (trx, team) => {
    if (userId === team.captain_id) {
      throw ruleBroken(
        'CAPTAIN_CANNOT_BE_REMOVED',
        'Captain rule: the captain cannot be removed from the team; transfer the captaincy first.',
      );
    }
    if (!(await isMember(trx, id, userId))) throw notFound('Team member', 'MEMBER_NOT_FOUND');
    await deleteMembers(trx, id, [userId]);
    await updateTeamRow(trx, id, {});
  });
}

/** POST /teams/{id}/transfer-ownership/{userId}: to another member with an active account. */
export async function transferOwnership(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  userId: number,
): Promise<TeamDto> {
  return changeTeam(db, caller, id, 'manage', async (trx, team) => {
    if (userId !== team.captain_id) {
      if (!(await isMember(trx, id, userId))) {
        throw ruleBroken('NOT_A_MEMBER', 'Captain rule: the captaincy goes to a member of the team; add them first.', {
          userId,
        });
      }
      const [target] = await candidates(trx, [userId]);
      if (!target?.isActive) {
        throw ruleBroken('ACCOUNT_INACTIVE', 'Captain rule: the new captain needs an active account.', { userId });
      }
      await updateTeamRow(trx, id, { captain_id: userId });
    }
  });
}

/**
 * POST /teams/{id}/hybrid {memberIds}: the team becomes hybrid with exactly these members (existing,
 * active accounts; the captain among them; at most the maximum of its run type). Members who stay
 * keep their joining date.
 */
export async function makeHybrid(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  body: TeamHybridBody,
): Promise<TeamDto> {
  return changeTeam(db, caller, id, 'manage', async (trx, team) => {
    const current = (await membersOf(trx, id)).map((m) => m.userId);
    // Only an admin brings people in here; a captain invites them (docs/decisions/026).
    const notTheirs = isAdmin(caller.role) ? undefined : captainHybridRefusal(current, body.memberIds);
    if (notTheirs) throw notTheirs;
    const found = await candidates(trx, body.memberIds);
    const refusal = hybridRefusal({ ...factsOf(team), captainId: team.captain_id }, body.memberIds, found);
    if (refusal) throw refusal;
    const wanted = new Set(body.memberIds);
    await deleteMembers(
      trx,
      id,
      current.filter((userId) => !wanted.has(userId)),
    );
    await insertMembers(
      trx,
      id,
      body.memberIds.filter((userId) => !current.includes(userId)),
    );
    await updateTeamRow(trx, id, { is_hybrid: true });
  });
}

/** POST /teams/{id}/soft-delete and /restore: idempotent; a deleted team leaves every list. */
export async function setTeamDeleted(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  deleted: boolean,
): Promise<TeamDto> {
  return changeTeam(
    db,
    caller,
    id,
    'manage',
    async (trx, team) => {
      if ((team.deleted_at !== null) !== deleted)
        await updateTeamRow(trx, id, { deleted_at: deleted ? new Date() : null });
    },
    { allowDeleted: true },
  );
}

/**
 * A substitution on event day (docs/decisions/045), in the registration command's transaction: the
 * member `replacedUserId` leaves the team and `userId` joins it. The registrations module has already
 * checked the team's eligibility with the swap; the captain is never swapped out (transfer first).
 * Given to the registrations module when the app is assembled (it never imports this module).
 */
export async function substituteMember(
  trx: Kysely<Database>,
  teamId: number,
  replacedUserId: number,
  userId: number,
): Promise<void> {
  const team = await teamFacts(trx, teamId, { lock: true });
  if (!team) throw teamNotFound();
  if (replacedUserId === team.captain_id) {
    throw ruleBroken(
      'CAPTAIN_CANNOT_BE_REMOVED',
      'Captain rule: the captain cannot be substituted; transfer the captaincy to another member first.',
    );
  }
  await deleteMembers(trx, teamId, [replacedUserId]);
  await insertMembers(trx, teamId, [userId]);
  await updateTeamRow(trx, teamId, {});
}
