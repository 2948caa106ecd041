/**
 * Batch registration (POST /registrations/batch-register {teamIds, runId}): the teams picked, and the
 * reasons of a refusal (422 BATCH_REFUSED, details [{teamId, code, message}]: nothing was registered).
 */
import type { BatchRefusal, RegistrationDto } from '../../../api/contracts/registrations.ts';
import { isAppError } from '../../lib/errors.ts';

export interface PickedTeam {
  id: number;
  name: string;
}

/** The refusals of a BATCH_REFUSED answer; undefined for any other failure. */
export function batchRefusalsOf(error: unknown): BatchRefusal[] | undefined {
  if (!isAppError(error) || error.code !== 'BATCH_REFUSED') return undefined;
  const details = (error.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((item): BatchRefusal[] => {
    if (!item || typeof item !== 'object') return [];
    const { teamId, code, message } = item as Record<string, unknown>;
    if (typeof teamId !== 'number') return [];
    return [
      {
        teamId,
        code: typeof code === 'string' ? code : 'REFUSED',
        message: typeof message === 'string' ? message : 'Refused.',
      },
    ];
  });
}

/** Each refusal with the team's name as it was picked (else its number). */
export function namedRefusals(
  refusals: readonly BatchRefusal[],
  picked: readonly PickedTeam[],
): { teamId: number; name: string; message: string }[] {
  const names = new Map(picked.map((team) => [team.id, team.name]));
  return refusals.map((r) => ({
    teamId: r.teamId,
    name: names.get(r.teamId) ?? `Team #${r.teamId}`,
    message: r.message,
  }));
}

/** Adds a team to the picked ones, or takes it out if it is there. */
export function togglePicked(picked: readonly PickedTeam[], team: PickedTeam): PickedTeam[] {
  return picked.some((t) => t.id === team.id) ? picked.filter((t) => t.id !== team.id) : [...picked, team];
}

/** 'Register 3 teams'. */
export function batchButtonLabel(count: number): string {
  return count === 1 ? 'Register 1 team' : `Register ${count} teams`;
}

/** What a successful batch did: '3 teams registered: 2 confirmed, 1 on the waitlist.' */
export function batchOutcome(registrations: readonly Pick<RegistrationDto, 'status'>[]): string {
  const confirmed = registrations.filter((r) => r.status === 'confirmed').length;
  const waitlisted = registrations.filter((r) => r.status === 'waitlisted').length;
  const teams = registrations.length === 1 ? '1 team registered' : `${registrations.length} teams registered`;
  const parts = [
    confirmed > 0 ? `${confirmed} confirmed` : undefined,
    waitlisted > 0 ? `${waitlisted} on the waitlist` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `${teams}: ${parts.join(', ')}.` : `${teams}.`;
}
