/**
 * Who may do what with a registration, as the server decides it (docs/decisions/014 "Who"): the
 * registrant, the team's captain and admins change it; team members only read it. The portal hides
 * what would be refused; the server still checks.
 */
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import { roleAtLeast } from '../../lib/portal/roles.ts';

export interface Viewer {
  id: number;
  role: string;
}

/** Whether the viewer may change this registration (cancel it, for a person). */
export function canChangeRegistration(
  registration: Pick<RegistrationDto, 'userId' | 'teamId'>,
  viewer: Viewer,
  captainedTeamIds: ReadonlySet<number>,
): boolean {
  if (roleAtLeast(viewer.role, 'admin')) return true;
  if (registration.userId !== null && registration.userId === viewer.id) return true;
  return registration.teamId !== null && captainedTeamIds.has(registration.teamId);
}

/** A cancel button is offered for what still holds a place or a waitlist position, and is not deleted. */
export function canCancel(
  registration: Pick<RegistrationDto, 'userId' | 'teamId' | 'status' | 'deletedAt'>,
  viewer: Viewer,
  captainedTeamIds: ReadonlySet<number>,
): boolean {
  return (
    registration.status !== 'cancelled' &&
    registration.deletedAt === null &&
    canChangeRegistration(registration, viewer, captainedTeamIds)
  );
}

/** The ids of the teams a person captains, from a list of their teams. */
export function captainedTeamIds(
  teams: readonly { id: number; captainId: number }[] | undefined,
  userId: number,
): Set<number> {
  return new Set((teams ?? []).filter((team) => team.captainId === userId).map((team) => team.id));
}
