/**
 * Rules of team invitations (docs/decisions/026). A captain invites by e-mail address and the person
 * accepts; these refusals look only at the team, never at the person invited, so the captain learns
 * nothing about who uses an address. Whether the person may join is judged on acceptance, with
 * `additionRefusal` (team-rules.ts), the rules add-member always applied. Pure: shared with the browser.
 */
import { DomainError, ruleBroken } from '../errors.ts';
import type { RunTypeName } from './eligibility.ts';
import { sizeText, teamSizeRule } from './team-rules.ts';

/** Pending invitations a team may hold at once. */
export const MAX_PENDING_INVITATIONS = 20;
/**
 * Invitations one person may send in 24 hours over all their teams (cancelled ones count), so
 * invitations cannot be used to mail people over and over.
 */
export const MAX_INVITATIONS_PER_DAY = 30;

export interface InvitingTeam {
  runType: RunTypeName;
  memberCount: number;
  pendingCount: number;
  /** Sent in the last 24 hours by the person inviting now. */
  sentLastDay: number;
}

/** Why the team cannot send another invitation now, or undefined. Never about the person invited. */
export function invitationRefusal(team: InvitingTeam): DomainError | undefined {
  const size = teamSizeRule(team.runType);
  if (team.memberCount >= size.max) {
    return ruleBroken(
      'TEAM_FULL',
      `Team size rule: this team has ${sizeText(size)} and is full; remove someone before inviting.`,
      { count: team.memberCount, max: size.max },
    );
  }
  if (team.pendingCount >= MAX_PENDING_INVITATIONS) {
    return ruleBroken(
      'TOO_MANY_INVITATIONS',
      `Invitation rule: a team holds at most ${MAX_PENDING_INVITATIONS} pending invitations; cancel some first.`,
      { pending: team.pendingCount, max: MAX_PENDING_INVITATIONS },
    );
  }
  if (team.sentLastDay >= MAX_INVITATIONS_PER_DAY) {
    return new DomainError(
      429,
      'TOO_MANY_INVITATIONS',
      `Invitation rule: you can send at most ${MAX_INVITATIONS_PER_DAY} invitations a day; try again tomorrow.`,
    );
  }
  return undefined;
}

/**
 * `POST /teams/{id}/hybrid {memberIds}` by a captain (not an admin): it may keep or drop members, never
 * bring anyone in, since joining needs the person's consent. The refusal is the same for an id of
 * nobody and of a real account, and names no one.
 */
export function captainHybridRefusal(
  currentMemberIds: readonly number[],
  memberIds: readonly number[],
): DomainError | undefined {
  const current = new Set(currentMemberIds);
  if (memberIds.every((id) => current.has(id))) return undefined;
  return ruleBroken(
    'NOT_A_MEMBER',
    'Hybrid rule: list only people already on the team; invite anyone else by e-mail, and they join when they accept.',
  );
}
