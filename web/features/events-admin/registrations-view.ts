/** How an event's registrations read on its Registrations tab. Pure. */
import type { RegistrationEntry } from '../../../api/contracts/runs.ts';
import type { RegistrationStatus } from './filters.ts';

export const REGISTRATION_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};

/** -800 on -100, as every badge. */
export const REGISTRATION_STATUS_BADGE: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: 'bg-green-100 text-green-800',
  waitlisted: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

export interface Registrant {
  kind: 'team' | 'person';
  name: string;
}

/** A team's entry names the team; an individual's names the person; the ids stand in for a missing name. */
export function registrantOf(
  entry: Pick<RegistrationEntry, 'teamId' | 'teamName' | 'userId' | 'userName'>,
): Registrant {
  if (entry.teamId !== null) return { kind: 'team', name: entry.teamName ?? `Team #${entry.teamId}` };
  if (entry.userId !== null) return { kind: 'person', name: entry.userName ?? `Account #${entry.userId}` };
  return { kind: 'person', name: 'Unknown registrant' };
}
