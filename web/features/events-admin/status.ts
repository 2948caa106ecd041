/**
 * The status changes the portal offers for an event: exactly the server's status machine
 * (api/domain/events/status-machine.ts, docs/decisions/015), each with the words of its button and
 * of the confirmation that explains what it does.
 */
import { allowedTransitions, isFinalStatus } from '../../../api/domain/events/status-machine.ts';
import type { EventStatus } from '../../../api/domain/events/statuses.ts';

export interface TransitionChoice {
  to: EventStatus;
  /** The button: 'Mark Confirmed'. */
  label: string;
  /** The confirmation's title: 'Mark Red Deer Firefit as Confirmed?'. */
  title: (eventName: string) => string;
  /** What the change means, in the confirmation. */
  consequence: string;
  tone: 'primary' | 'secondary' | 'danger';
  /** No status change is possible afterwards. */
  final: boolean;
}

const MAIN_LINE_CONSEQUENCES: Partial<Record<EventStatus, string>> = {
  Confirmed: 'The date and venue are booked.',
  Firm: 'The event will certainly run: entries, officials and equipment are in place.',
  'In Progress': 'The event is running now.',
  Completed: 'The event is over. Completed is final: the status cannot change again.',
};

function choiceFor(from: EventStatus, to: EventStatus): TransitionChoice {
  const final = isFinalStatus(to);
  if (to === 'Cancelled') {
    return {
      to,
      label: 'Cancel event',
      title: (name) => `Cancel ${name}?`,
      consequence:
        'Registration closes and the public site shows the event as Cancelled. Cancelled is final: the status cannot change again.',
      tone: 'danger',
      final,
    };
  }
  if (to === 'To Be Rescheduled') {
    return {
      to,
      label: 'Postpone',
      title: (name) => `Postpone ${name}?`,
      consequence:
        'The event becomes To Be Rescheduled: registration closes until it comes back as Tentative with its new date.',
      tone: 'secondary',
      final,
    };
  }
  if (to === 'Tentative') {
    const fromDraft = from === 'Draft';
    return {
      to,
      label: fromDraft ? 'Publish as Tentative' : 'Back to Tentative',
      title: (name) => (fromDraft ? `Publish ${name} as Tentative?` : `Bring ${name} back as Tentative?`),
      consequence: fromDraft
        ? 'The event leaves Draft: when it is active, the public site shows it, pencilled in.'
        : 'The event is back on the calendar, pencilled in, and climbs the status line again.',
      tone: 'primary',
      final,
    };
  }
  return {
    to,
    label: to === 'In Progress' ? 'Start (In Progress)' : `Mark ${to}`,
    title: (name) => `Mark ${name} as ${to}?`,
    consequence: MAIN_LINE_CONSEQUENCES[to] ?? `The event becomes ${to}.`,
    tone: 'primary',
    final,
  };
}

/**
 * The changes offered from a status, in the machine's order (the next step on the main line first,
 * then postpone, then cancel); none from a final status.
 */
export function transitionChoices(from: EventStatus): TransitionChoice[] {
  const rank = (choice: TransitionChoice) => (choice.tone === 'primary' ? 0 : choice.tone === 'secondary' ? 1 : 2);
  return allowedTransitions(from)
    .map((to) => choiceFor(from, to))
    .sort((a, b) => rank(a) - rank(b));
}

/** The line under the status when no change is possible any more. */
export function finalStatusNote(status: EventStatus): string | undefined {
  return isFinalStatus(status) ? `${status} is final: the status cannot change any more.` : undefined;
}
