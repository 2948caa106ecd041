/**
 * What the team page derives from the team, the signed-in person and an eligibility check: who may
 * do what (the server decides in the end; this keeps refused controls out of sight), each member's
 * standing for the chosen run, and the runs worth offering.
 */
import type { RunDto } from '../../../api/contracts/runs.ts';
import type {
  EligibilityProblemDto,
  TeamDto,
  TeamEligibilityDto,
  TeamMemberDto,
} from '../../../api/contracts/teams.ts';
import type { RoleName } from '../../lib/portal/roles.ts';
import { roleAtLeast } from '../../lib/portal/roles.ts';

type Actor = { id: number; role: RoleName | string } | null | undefined;
type TeamLike = Pick<TeamDto, 'captainId' | 'isDeleted'> & { members: readonly Pick<TeamMemberDto, 'userId'>[] };

export interface TeamPermissions {
  isAdmin: boolean;
  isCaptain: boolean;
  isMember: boolean;
  /** Edit, delete or restore: the captain and admins (decision 016). */
  canManage: boolean;
  /** Add, remove, hand over the captaincy, make hybrid: managers, on a team that is not deleted. */
  canChangeMembers: boolean;
  /** A member who is not the captain may take themselves off the team. */
  canLeave: boolean;
}

export function teamPermissions(team: TeamLike, actor: Actor): TeamPermissions {
  const isAdmin = !!actor && roleAtLeast(actor.role, 'admin');
  const isCaptain = !!actor && team.captainId === actor.id;
  const isMember = !!actor && team.members.some((m) => m.userId === actor.id);
  const canManage = isAdmin || isCaptain;
  return {
    isAdmin,
    isCaptain,
    isMember,
    canManage,
    canChangeMembers: canManage && !team.isDeleted,
    canLeave: isMember && !isCaptain && !team.isDeleted,
  };
}

/** Whether another member fits under the maximum of the run type. */
export function hasRoomForMore(team: Pick<TeamDto, 'size'>): boolean {
  return team.size.count < team.size.max;
}

export type MemberStanding =
  | { kind: 'unchecked' }
  | { kind: 'eligible' }
  | { kind: 'problems'; problems: EligibilityProblemDto[] };

/**
 * Each member's standing for the chosen run: unchecked without a check (or for someone the check did
 * not include, e.g. just added), eligible with no problems, else the problems.
 */
export function memberStandings(
  members: readonly Pick<TeamMemberDto, 'userId'>[],
  eligibility: Pick<TeamEligibilityDto, 'members'> | undefined,
): Map<number, MemberStanding> {
  const checked = new Map(eligibility?.members.map((m) => [m.userId, m.problems]));
  return new Map(
    members.map((m): [number, MemberStanding] => {
      const problems = checked.get(m.userId);
      if (!problems) return [m.userId, { kind: 'unchecked' }];
      return [m.userId, problems.length === 0 ? { kind: 'eligible' } : { kind: 'problems', problems }];
    }),
  );
}

/** "Eligible", or how many problems stand in the way, and whose. */
export function eligibilitySummary(
  eligibility: Pick<TeamEligibilityDto, 'eligible' | 'teamProblems' | 'members'>,
): string {
  if (eligibility.eligible) return 'The team and every member meet the rules for this run.';
  const people = eligibility.members.filter((m) => m.problems.length > 0).length;
  const parts: string[] = [];
  if (eligibility.teamProblems.length > 0) {
    parts.push(`${eligibility.teamProblems.length} team problem${eligibility.teamProblems.length === 1 ? '' : 's'}`);
  }
  if (people > 0) parts.push(`${people} member${people === 1 ? '' : 's'} not eligible`);
  return `Not eligible yet: ${parts.join(' and ')}.`;
}

export interface RunOption {
  id: number;
  label: string;
}

/**
 * The runs to check against: those taking registrations now (the API lists active runs of public
 * events, latest event first), and the one in the URL even if it has closed since.
 */
export function runOptions(
  runs: readonly Pick<RunDto, 'id' | 'name' | 'eventName' | 'isOpen'>[],
  selectedId: number | undefined,
): RunOption[] {
  const options = runs
    .filter((run) => run.isOpen || run.id === selectedId)
    .map((run) => ({ id: run.id, label: `${run.eventName} — ${run.name}` }));
  if (selectedId !== undefined && !options.some((o) => o.id === selectedId))
    options.unshift({ id: selectedId, label: `Run #${selectedId}` });
  return options;
}

/** The member list for POST /teams/{id}/hybrid: everyone on the team now, and the newcomer if any. */
export function hybridMemberIds(
  team: { members: readonly Pick<TeamMemberDto, 'userId'>[] },
  newcomer?: number,
): number[] {
  const ids = team.members.map((m) => m.userId);
  return newcomer === undefined || ids.includes(newcomer) ? ids : [...ids, newcomer];
}

/** "Jo Doe". */
export function memberName(member: Pick<TeamMemberDto, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}
