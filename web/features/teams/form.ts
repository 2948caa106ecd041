/**
 * The team forms: values as typed, and the POST/PUT bodies they become (validated with
 * teamCreateBodySchema and teamUpdateBodySchema, whose messages the forms show).
 */
import type { TeamCreateBody, TeamDto, TeamUpdateBody } from '../../../api/contracts/teams.ts';
import type { FieldErrors } from '../../lib/portal/forms.ts';
import { seedTimeInput, seedTimeProblem, seedTimeText } from '../../lib/portal/seed-time.ts';
import { isTeamRunType, type TeamRunType } from './run-types.ts';

export interface TeamCreateValues {
  name: string;
  /** '' until a format is chosen. */
  runType: TeamRunType | '';
  /** 'me' (the default) or, for admins, another account. */
  captain: 'me' | 'other';
  /** The other account chosen as captain. */
  captainId: number | null;
}

export const TEAM_CREATE_FIELDS = ['name', 'runType', 'captainId'] as const;

export const EMPTY_TEAM: TeamCreateValues = { name: '', runType: '', captain: 'me', captainId: null };

export const TEAM_FORM_MESSAGES = {
  runTypeRequired: 'Choose a format',
  captainRequired: 'Choose the captain, or make yourself the captain',
} as const;

/** The POST /teams body before validation; the department is always the captain's, so it is left out. */
export function teamCreateBody(values: TeamCreateValues): Partial<TeamCreateBody> & Record<string, unknown> {
  return {
    name: values.name,
    runType: values.runType as TeamRunType,
    ...(values.captain === 'other' && values.captainId !== null ? { captainId: values.captainId } : {}),
  };
}

/** What the schema cannot say well: an unchosen format, an unchosen captain. */
export function checkTeamCreate(values: TeamCreateValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!isTeamRunType(values.runType)) errors.runType = TEAM_FORM_MESSAGES.runTypeRequired;
  if (values.captain === 'other' && values.captainId === null) errors.captainId = TEAM_FORM_MESSAGES.captainRequired;
  return errors;
}

export interface TeamEditValues {
  name: string;
  /** A department id as the select holds it; '' for none. */
  departmentId: string;
  isActive: boolean;
  /** The best time as typed (m:ss.hh); '' for none. Named as the API field, so its errors land here. */
  seedTimeMs: string;
}

export const TEAM_EDIT_FIELDS = ['name', 'departmentId', 'seedTimeMs', 'isActive'] as const;

type EditedTeam = Pick<TeamDto, 'name' | 'departmentId' | 'isActive' | 'seedTimeMs'>;

export function teamEditValues(team: EditedTeam): TeamEditValues {
  return {
    name: team.name,
    departmentId: team.departmentId === null ? '' : String(team.departmentId),
    isActive: team.isActive,
    seedTimeMs: seedTimeText(team.seedTimeMs),
  };
}

/** The PUT /teams/{id} body: only what changed, so an untouched department is never re-checked. */
export function teamUpdateBody(values: TeamEditValues, team: EditedTeam): TeamUpdateBody {
  const body: TeamUpdateBody = {};
  if (values.name.trim() !== team.name) body.name = values.name;
  const departmentId = values.departmentId === '' ? null : Number(values.departmentId);
  if (departmentId !== team.departmentId) body.departmentId = departmentId;
  if (values.isActive !== team.isActive) body.isActive = values.isActive;
  const seedTimeMs = seedTimeInput(values.seedTimeMs, team.seedTimeMs);
  if (seedTimeMs !== undefined) body.seedTimeMs = seedTimeMs;
  return body;
}

/** What the schema cannot say in the form's terms: a best time that is not m:ss.hh or out of range. */
export function checkTeamEdit(values: TeamEditValues): FieldErrors {
  const problem = seedTimeProblem(values.seedTimeMs);
  return problem ? { seedTimeMs: problem } : {};
}
