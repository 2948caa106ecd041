import { DomainError } from '../errors.ts';
import { EVENT_STATUSES, type EventStatus } from './statuses.ts';

/**
 * Which status an event may move to from each status (docs/decisions/015-event-status-transitions.md).
 * Pure: the server enforces it and the portal offers only these targets.
 *
 * The main line is Draft -> Tentative -> Confirmed -> Firm -> In Progress -> Completed, one step at a
 * time. Any status that is not final may become Cancelled or To Be Rescheduled; a To Be Rescheduled
 * event comes back as Tentative (its new date is not settled yet). Completed and Cancelled are final.
 */
export const STATUS_TRANSITIONS: { readonly [S in EventStatus]: readonly EventStatus[] } = {
  Draft: ['Tentative', 'Cancelled', 'To Be Rescheduled'],
  Tentative: ['Confirmed', 'Cancelled', 'To Be Rescheduled'],
  Confirmed: ['Firm', 'Cancelled', 'To Be Rescheduled'],
  Firm: ['In Progress', 'Cancelled', 'To Be Rescheduled'],
  'In Progress': ['Completed', 'Cancelled', 'To Be Rescheduled'],
  Completed: [],
  Cancelled: [],
  'To Be Rescheduled': ['Tentative', 'Cancelled'],
};

export const FINAL_STATUSES: readonly EventStatus[] = EVENT_STATUSES.filter((s) => STATUS_TRANSITIONS[s].length === 0);

export function isEventStatus(value: string): value is EventStatus {
  return (EVENT_STATUSES as readonly string[]).includes(value);
}

/** The statuses an event in `from` may move to, in the order of EVENT_STATUSES. */
export function allowedTransitions(from: EventStatus): EventStatus[] {
  const targets = STATUS_TRANSITIONS[from] ?? [];
  return EVENT_STATUSES.filter((s) => targets.includes(s));
}

export function isFinalStatus(status: EventStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Whether `from` may become `to`. Asking for the current status is not a transition: false. */
export function canTransition(from: EventStatus, to: EventStatus): boolean {
  return allowedTransitions(from).includes(to);
}

export interface StatusTransitionRefusal {
  from: EventStatus;
  to: EventStatus;
  allowed: EventStatus[];
}

/** The message of a refused transition, naming the allowed targets (or saying there are none). */
export function transitionRefusalMessage({ from, to, allowed }: StatusTransitionRefusal): string {
  if (allowed.length === 0)
    return `An event that is ${from} cannot change its status any more (asked for ${to}); ${from} is final.`;
  return `An event that is ${from} cannot become ${to}; from ${from} it can become: ${allowed.join(', ')}.`;
}

/**
 * Throws 409 INVALID_STATUS_TRANSITION (details: from, to, allowed) unless `from` may become `to`.
 * The caller decides what asking for the current status means (the API treats it as no change).
 */
export function assertTransition(from: EventStatus, to: EventStatus): void {
  if (canTransition(from, to)) return;
  const refusal: StatusTransitionRefusal = { from, to, allowed: allowedTransitions(from) };
  throw new DomainError(409, 'INVALID_STATUS_TRANSITION', transitionRefusalMessage(refusal), refusal);
}

/** Statuses under which an event takes no registrations, whatever its dates say (docs/decisions/008). */
export const NOT_REGISTERING_STATUSES: readonly EventStatus[] = ['Cancelled', 'Completed', 'To Be Rescheduled'];
