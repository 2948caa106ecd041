/** How an event reads in the portal. Pure. */
import type { AdminEvent } from '../../../api/contracts/events.ts';
import { dateTimeFormat } from '../../../api/domain/dates.ts';

const SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

function shortDate(date: string): string {
  return dateTimeFormat('en-US', SHORT).format(new Date(`${date}T00:00:00Z`));
}

/** 'Jun 1, 2027', or 'Jun 1, 2027 – Jun 2, 2027' for an event of several days. */
export function eventDatesLabel(event: Pick<AdminEvent, 'startDate' | 'endDate'>): string {
  if (event.endDate === event.startDate) return shortDate(event.startDate);
  return `${shortDate(event.startDate)} – ${shortDate(event.endDate)}`;
}

export interface RegistrationDateRow {
  label: string;
  value: string | null;
}

/** The four registration dates in their order, for the details tab. */
export function registrationDateRows(
  event: Pick<AdminEvent, 'registrationOpensOn' | 'earlyBirdEndsOn' | 'lateStartsOn' | 'registrationClosesOn'>,
): RegistrationDateRow[] {
  return [
    { label: 'Registration opens', value: event.registrationOpensOn },
    { label: 'Early bird ends', value: event.earlyBirdEndsOn },
    { label: 'Late registration starts', value: event.lateStartsOn },
    { label: 'Registration closes', value: event.registrationClosesOn },
  ];
}
