/**
 * Rules of teams as a whole (docs/domain.md; docs/decisions/016): sizes per run type, one person
 * once, one department unless hybrid, hybrid only where the run allows it, Mixed needs a woman. Pure:
 * the teams service, the registrations service and the browser share it.
 */
import { conflict, type DomainError, ruleBroken } from '../errors.ts';
import {
  categoryRule,
  type EligibilityContext,
  type EligibilityMember,
  type EligibilityProblem,
  type EligibilityRun,
  memberEligibility,
  type ProblemCode,
  type ProblemRule,
  personLabel,
  type RunTypeName,
} from './eligibility.ts';

export interface TeamSizeRule {
  min: number;
  max: number;
}

/** Individual-format department teams and relays: 3 to 5; Tech2: exactly 2. */
export const TEAM_SIZES: Readonly<Record<RunTypeName, TeamSizeRule>> = {
  individual: { min: 3, max: 5 },
  relay: { min: 3, max: 5 },
  tech2: { min: 2, max: 2 },
};

const FORMAT_NAMES: Record<RunTypeName, string> = {
  individual: 'an individual-format department team',
  relay: 'a relay team',
  tech2: 'a Tech2 team',
};

export function teamSizeRule(runType: RunTypeName): TeamSizeRule {
  return TEAM_SIZES[runType];
}

export interface MemberCountStatus extends TeamSizeRule {
  count: number;
  withinLimits: boolean;
}

export function memberCountStatus(count: number, runType: RunTypeName): MemberCountStatus {
  const { min, max } = teamSizeRule(runType);
  return { count, min, max, withinLimits: count >= min && count <= max };
}

/** "3 to 5 members" or "exactly 2 members". */
export function sizeText({ min, max }: TeamSizeRule): string {
  return min === max ? `exactly ${min} members` : `${min} to ${max} members`;
}

/** What the team rules need to know about a team. */
export interface TeamFacts {
  runType: RunTypeName;
  /** The team's own department (null when it has none). */
  departmentId: number | null;
  isHybrid: boolean;
  isActive?: boolean;
  isDeleted?: boolean;
}

/** A member as the team rules see them: a person with a department. */
export interface TeamMemberFacts extends EligibilityMember {
  userId: number;
  departmentId: number | null;
}

/**
 * Whether the team spans more than one department: its members' departments and its own, with "no
 * department" counting as one of its own.
 */
export function mixesDepartments(
  team: Pick<TeamFacts, 'departmentId'>,
  members: readonly Pick<TeamMemberFacts, 'departmentId'>[],
): boolean {
  const departments = new Set<number | null>([team.departmentId]);
  for (const member of members) departments.add(member.departmentId);
  return departments.size > 1;
}

function problem(rule: ProblemRule, code: ProblemCode, message: string, userId?: number): EligibilityProblem {
  return userId === undefined ? { rule, code, message } : { rule, code, message, userId };
}

/**
 * The problems of a team as a whole, for a run when one is given (then also: the run's format, hybrid
 * permission and the Mixed rule). Member eligibility is memberEligibility's; teamEligibility runs both.
 * Missing members are reported (TEAM_TOO_SMALL): a team may be incomplete while it is being formed,
 * but not when it registers.
 */
export function teamProblems(
  team: TeamFacts,
  members: readonly TeamMemberFacts[],
  run?: EligibilityRun,
): EligibilityProblem[] {
  const problems: EligibilityProblem[] = [];
  if (team.isDeleted)
    problems.push(
      problem('team-state', 'TEAM_DELETED', 'Team rule: this team is deleted; restore it before it competes.'),
    );
  if (team.isActive === false)
    problems.push(
      problem('team-state', 'TEAM_INACTIVE', 'Team rule: this team is inactive; only active teams compete.'),
    );

  if (run && run.type !== team.runType) {
    problems.push(
      problem(
        'run-type',
        'RUN_TYPE_MISMATCH',
        `Format rule: this is ${FORMAT_NAMES[team.runType]}, and the run is for the ${run.type} format.`,
      ),
    );
  }

  const seen = new Set<number>();
  const reported = new Set<number>();
  for (const member of members) {
    if (seen.has(member.userId) && !reported.has(member.userId)) {
      reported.add(member.userId);
      problems.push(
        problem(
          'membership',
          'DUPLICATE_MEMBER',
          `Membership rule: ${personLabel(member)} is listed more than once; a person is on a team once.`,
          member.userId,
        ),
      );
    }
    seen.add(member.userId);
  }

  const size = teamSizeRule(team.runType);
  const count = seen.size;
  if (count < size.min) {
    problems.push(
      problem(
        'team-size',
        'TEAM_TOO_SMALL',
        `Team size rule: ${FORMAT_NAMES[team.runType]} has ${sizeText(size)}; this one has ${count}.`,
      ),
    );
  } else if (count > size.max) {
    problems.push(
      problem(
        'team-size',
        'TEAM_TOO_LARGE',
        `Team size rule: ${FORMAT_NAMES[team.runType]} has ${sizeText(size)}; this one has ${count}.`,
      ),
    );
  }

  if (mixesDepartments(team, members)) {
    if (!team.isHybrid) {
      problems.push(
        problem(
          'department',
          'HYBRID_FLAG_REQUIRED',
          'Department rule: the members come from more than one department; a team mixing departments must be marked hybrid.',
        ),
      );
    }
    if (run && !run.allowsHybrid) {
      problems.push(
        problem('hybrid', 'HYBRID_NOT_ALLOWED', 'Hybrid rule: this run does not accept teams mixing departments.'),
      );
    }
  }

  if (run && categoryRule(run.category).needsWoman && !members.some((m) => m.gender === 'female')) {
    problems.push(
      problem('category', 'CATEGORY_NEEDS_WOMAN', `Category rule: ${run.category} teams need at least one woman.`),
    );
  }
  return problems;
}

export interface MemberEligibility {
  userId: number;
  problems: EligibilityProblem[];
}

export interface TeamEligibility {
  eligible: boolean;
  /** The team's own problems (size, departments, format, Mixed). */
  teamProblems: EligibilityProblem[];
  /** Every member's own problems, in the order the members were given (each person once). */
  members: MemberEligibility[];
  /** All of them: team problems first, then the members'. */
  problems: EligibilityProblem[];
}

/** Whether a team may compete in a run at an event: its own problems and every member's. */
export function teamEligibility(
  team: TeamFacts,
  members: readonly TeamMemberFacts[],
  context: EligibilityContext,
): TeamEligibility {
  const ofTeam = teamProblems(team, members, context.run);
  const seen = new Set<number>();
  const ofMembers: MemberEligibility[] = [];
  for (const member of members) {
    if (seen.has(member.userId)) continue;
    seen.add(member.userId);
    ofMembers.push({ userId: member.userId, problems: memberEligibility(member, context) });
  }
  const problems = [...ofTeam, ...ofMembers.flatMap((m) => m.problems)];
  return { eligible: problems.length === 0, teamProblems: ofTeam, members: ofMembers, problems };
}

// ---------- refusals of team changes (the teams service throws them; the browser can show them first) ----------

/** A candidate for a place on a team. */
export interface Candidate {
  userId: number;
  firstName?: string;
  lastName?: string;
  departmentId: number | null;
  isActive: boolean;
}

/**
 * Why this person cannot join the team now, or undefined when they can. A team may be incomplete
 * while it is formed, so only the maximum is checked; the minimum is checked when it registers.
 */
export function additionRefusal(
  team: TeamFacts,
  members: readonly Pick<TeamMemberFacts, 'userId' | 'departmentId'>[],
  candidate: Candidate,
): DomainError | undefined {
  const who = personLabel(candidate);
  if (members.some((m) => m.userId === candidate.userId)) {
    return conflict('ALREADY_MEMBER', `Membership rule: ${who} is already on this team; a person is on a team once.`, {
      userId: candidate.userId,
    });
  }
  if (!candidate.isActive) {
    return ruleBroken(
      'ACCOUNT_INACTIVE',
      `Account rule: ${who}'s account is deactivated; only active accounts join teams.`,
      { userId: candidate.userId },
    );
  }
  const size = teamSizeRule(team.runType);
  if (members.length >= size.max) {
    return ruleBroken(
      'TEAM_FULL',
      `Team size rule: ${FORMAT_NAMES[team.runType]} has ${sizeText(size)}, and this one is full.`,
      {
        count: members.length,
        max: size.max,
      },
    );
  }
  if (!team.isHybrid && candidate.departmentId !== team.departmentId) {
    return ruleBroken(
      'HYBRID_REQUIRED',
      `Department rule: ${who} is not in the team's department; a team mixing departments must be made hybrid first.`,
      { userId: candidate.userId, departmentId: candidate.departmentId, teamDepartmentId: team.departmentId },
    );
  }
  return undefined;
}

/**
 * Why the team cannot be made hybrid with exactly these members, or undefined. `found` are the
 * accounts that exist among `memberIds`.
 */
export function hybridRefusal(
  team: TeamFacts & { captainId: number },
  memberIds: readonly number[],
  found: readonly Candidate[],
): DomainError | undefined {
  const byId = new Map(found.map((c) => [c.userId, c]));
  const missing = memberIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    return ruleBroken(
      'MEMBERS_NOT_FOUND',
      `Hybrid rule: every member must be an existing account; not found: ${missing.join(', ')}.`,
      {
        userIds: missing,
      },
    );
  }
  const inactive = memberIds.filter((id) => !byId.get(id)?.isActive);
  if (inactive.length > 0) {
    return ruleBroken(
      'MEMBERS_INACTIVE',
      `Hybrid rule: every member must have an active account; deactivated: ${inactive.join(', ')}.`,
      {
        userIds: inactive,
      },
    );
  }
  if (!memberIds.includes(team.captainId)) {
    return ruleBroken(
      'CAPTAIN_REQUIRED',
      'Hybrid rule: the captain stays on the team; include them, or transfer the captaincy first.',
      {
        captainId: team.captainId,
      },
    );
  }
  const size = teamSizeRule(team.runType);
  if (memberIds.length > size.max) {
    return ruleBroken(
      'TEAM_TOO_LARGE',
      `Team size rule: ${FORMAT_NAMES[team.runType]} has ${sizeText(size)}; ${memberIds.length} were given.`,
      {
        count: memberIds.length,
        max: size.max,
      },
    );
  }
  return undefined;
}

/**
 * Why a team that is not hybrid cannot move to this department (some members are elsewhere), or
 * undefined. A hybrid team may name any department as its own.
 */
export function departmentChangeRefusal(
  team: TeamFacts,
  members: readonly Pick<TeamMemberFacts, 'userId' | 'departmentId'>[],
  departmentId: number | null,
): DomainError | undefined {
  if (team.isHybrid) return undefined;
  const elsewhere = members.filter((m) => m.departmentId !== departmentId).map((m) => m.userId);
  if (elsewhere.length === 0) return undefined;
  return ruleBroken(
    'HYBRID_REQUIRED',
    'Department rule: some members are not in that department; a team mixing departments must be made hybrid first.',
    { userIds: elsewhere, departmentId },
  );
}
