/**
 * What a signed-in competitor can do on each run of the public event page: which of their
 * registrations the run holds (and whether they may cancel each), and whom they may still register.
 * Pure; the server has the last word (eligibility, windows, places) and its refusals are shown as sent.
 */
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../api/contracts/runs.ts';
import type { TeamSummaryDto } from '../../../api/contracts/teams.ts';

export type EntrantKey = 'self' | `team:${number}`;

export type EntrantOption =
  | { key: 'self'; kind: 'self'; label: string; detail: string }
  | { key: `team:${number}`; kind: 'team'; teamId: number; label: string; detail: string };

export interface HeldRegistration {
  registration: RegistrationDto;
  /** The registrant, the team's captain, or an admin: may cancel it. */
  canCancel: boolean;
}

/**
 * Why nothing can be registered: the run is not open; every possible entrant is already in; or the
 * format needs a team the person captains and they have none.
 */
export type NoOptionReason = 'closed' | 'all-registered' | 'no-team';

export interface RunActions {
  held: HeldRegistration[];
  options: EntrantOption[];
  reason: NoOptionReason | undefined;
}

export interface Me {
  id: number;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}

/** A registration that still holds a place or a waitlist spot. */
export function holdsPlace(registration: Pick<RegistrationDto, 'status' | 'deletedAt'>): boolean {
  return registration.deletedAt === null && registration.status !== 'cancelled';
}

/** The teams this person captains that can enter a run of this type: active, not deleted, of the same format. */
export function captainedTeamsFor(
  teams: readonly TeamSummaryDto[],
  me: Pick<Me, 'id'>,
  runType: string,
): TeamSummaryDto[] {
  return teams
    .filter((team) => team.captainId === me.id && team.runType === runType && team.isActive && !team.isDeleted)
    .sort((a, b) => a.name.localeCompare(b.name));
}

function entrantKeyOf(registration: Pick<RegistrationDto, 'teamId' | 'userId'>): EntrantKey | undefined {
  if (registration.teamId !== null) return `team:${registration.teamId}`;
  return registration.userId !== null ? 'self' : undefined;
}

function teamDetail(team: TeamSummaryDto): string {
  const members = `${team.memberCount} ${team.memberCount === 1 ? 'member' : 'members'}`;
  return team.departmentName ? `${members} · ${team.departmentName}` : members;
}

/**
 * The actions for one run. `registrations` are the person's own and their teams' (any event);
 * `teams` are the teams they are on (captained or not).
 */
export function runActionsFor(
  run: Pick<RunDto, 'id' | 'type' | 'isOpen'>,
  me: Me,
  registrations: readonly RegistrationDto[],
  teams: readonly TeamSummaryDto[],
): RunActions {
  const captainOf = new Set(teams.filter((team) => team.captainId === me.id).map((team) => team.id));
  const held: HeldRegistration[] = registrations
    .filter((registration) => registration.runId === run.id && holdsPlace(registration))
    // Personal entries first, then teams by name.
    .sort((a, b) => Number(a.teamId !== null) - Number(b.teamId !== null) || a.entrantName.localeCompare(b.entrantName))
    .map((registration) => ({
      registration,
      canCancel:
        me.isAdmin ||
        registration.userId === me.id ||
        (registration.teamId !== null && captainOf.has(registration.teamId)),
    }));

  if (!run.isOpen) return { held, options: [], reason: 'closed' };

  const taken = new Set(held.map((entry) => entrantKeyOf(entry.registration)).filter((key) => key !== undefined));
  const options: EntrantOption[] = [];
  if (run.type === 'individual' && !taken.has('self')) {
    options.push({
      key: 'self',
      kind: 'self',
      label: `Myself (${`${me.firstName} ${me.lastName}`.trim()})`,
      detail: 'A personal entry',
    });
  }
  for (const team of captainedTeamsFor(teams, me, run.type)) {
    const key = `team:${team.id}` as const;
    if (!taken.has(key))
      options.push({ key, kind: 'team', teamId: team.id, label: team.name, detail: teamDetail(team) });
  }
  const reason = options.length > 0 ? undefined : held.length > 0 ? 'all-registered' : 'no-team';
  return { held, options, reason };
}
