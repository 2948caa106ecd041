/**
 * The formats a team can be made for and their guard: what the list's URL may ask for (filters.ts,
 * loaded with every page) without the screens' words (labels.ts, loaded with the portal).
 */
import type { RunTypeName } from '../../../api/domain/teams/eligibility.ts';

export type TeamRunType = RunTypeName;

/** In the order the forms offer them. */
export const RUN_TYPE_ORDER: readonly TeamRunType[] = ['individual', 'relay', 'tech2'];

export function isTeamRunType(value: unknown): value is TeamRunType {
  return typeof value === 'string' && (RUN_TYPE_ORDER as readonly string[]).includes(value);
}
