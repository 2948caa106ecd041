/**
 * How the team screens name formats, sizes and eligibility problems. The rules themselves are the
 * shared pure ones (api/domain/teams); this only turns them into short words for people.
 */
import type { TeamDto } from '../../../api/contracts/teams.ts';
import { MAX_AGE, MEDICAL_CLEARANCE_AGE, MIN_AGE, type ProblemCode } from '../../../api/domain/teams/eligibility.ts';
import { isTeamRunType, type TeamRunType } from './run-types.ts';

export const RUN_TYPE_LABELS: Readonly<Record<TeamRunType, string>> = {
  individual: 'Individual',
  relay: 'Relay',
  tech2: 'Tech2 relay',
};

/** One line on what the format asks of a team. */
export const RUN_TYPE_RULES: Readonly<Record<TeamRunType, string>> = {
  individual: 'A department team of 3 to 5 from one department (unless hybrid); its 3 fastest times count.',
  relay: 'A team of 3 to 5 members passing a baton; one time per team.',
  tech2: 'Exactly 2 members, with SCBA donning and a cylinder swap mid-course.',
};

export const RUN_TYPE_BADGE: Readonly<Record<TeamRunType, string>> = {
  individual: 'bg-sky-100 text-sky-800',
  relay: 'bg-violet-100 text-violet-800',
  tech2: 'bg-orange-100 text-orange-800',
};

export function runTypeLabel(value: unknown): string {
  return isTeamRunType(value) ? RUN_TYPE_LABELS[value] : String(value ?? '');
}

type Size = Pick<TeamDto['size'], 'count' | 'min' | 'max'>;

/** "3–5" or "2". */
export function sizeRuleText({ min, max }: Pick<Size, 'min' | 'max'>): string {
  return min === max ? String(min) : `${min}–${max}`;
}

/** "3 of 3–5 members", "1 of 2 members". */
export function memberCountText(size: Size): string {
  return `${size.count} of ${sizeRuleText(size)} members`;
}

export type SizeTone = 'short' | 'ok' | 'over';

/** Where the team stands against its size rule, in a word or three. */
export function sizeState(size: Size): { tone: SizeTone; label: string } {
  if (size.count < size.min) return { tone: 'short', label: `Needs ${size.min - size.count} more` };
  if (size.count > size.max) return { tone: 'over', label: `${size.count - size.max} too many` };
  if (size.count === size.max) return { tone: 'ok', label: 'Full' };
  const room = size.max - size.count;
  return { tone: 'ok', label: `Room for ${room} more` };
}

export const SIZE_TONE_BADGE: Readonly<Record<SizeTone, string>> = {
  short: 'bg-amber-100 text-amber-900',
  ok: 'bg-green-100 text-green-800',
  over: 'bg-red-100 text-red-800',
};

/** A problem in a few words, for a badge beside the member; the server's sentence goes under it. */
export const PROBLEM_LABELS: Readonly<Record<ProblemCode, string>> = {
  DATE_OF_BIRTH_MISSING: 'No date of birth on profile',
  TOO_YOUNG: `Under ${MIN_AGE} on the event date`,
  TOO_OLD: `Over ${MAX_AGE} on the event date`,
  ACCOUNT_INACTIVE: 'Account deactivated',
  ACCOUNT_UNVERIFIED: 'E-mail not verified',
  MEDICAL_CLEARANCE_MISSING: `No medical clearance (${MEDICAL_CLEARANCE_AGE} or over)`,
  MEDICAL_CLEARANCE_EXPIRED: 'Medical clearance expired',
  CATEGORY_WOMEN_ONLY: 'Women-only category',
  CATEGORY_AGE_MINIMUM: 'Too young for this category',
  CATEGORY_PRE_SERVICE_ONLY: 'Pre-service students only',
  CATEGORY_NEEDS_WOMAN: 'Needs at least one woman',
  TEAM_TOO_SMALL: 'Too few members',
  TEAM_TOO_LARGE: 'Too many members',
  DUPLICATE_MEMBER: 'Listed more than once',
  HYBRID_FLAG_REQUIRED: 'Mixes departments without being hybrid',
  HYBRID_NOT_ALLOWED: 'Run does not accept hybrid teams',
  RUN_TYPE_MISMATCH: 'Wrong format for this run',
  TEAM_INACTIVE: 'Team is inactive',
  TEAM_DELETED: 'Team is deleted',
};

export function problemLabel(code: string): string {
  return (PROBLEM_LABELS as Readonly<Record<string, string>>)[code] ?? 'Not eligible';
}

/** "Age rule: Jo is 18 …" without its "Age rule: " lead, which the badge already says in other words. */
export function problemDetail(message: string): string {
  const match = /^[A-Z][A-Za-z -]{1,40} rule: (.+)$/s.exec(message);
  const rest = match?.[1] ?? message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
