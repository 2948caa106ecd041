/**
 * The registration commands as the screens offer them: what each asks before it runs and what it
 * says once done. Pure: the words follow the rules of docs/decisions/014 and are tested once.
 */
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import { waitlistPositionLabel } from './labels.ts';
import type { RegistrationCommand } from './mutations.ts';

/** promote and reinstate are both the confirm command: on a waitlisted and on a cancelled registration. */
export type RegistrationAction = 'cancel' | 'promote' | 'reinstate' | 'delete' | 'restore';

export const ACTION_COMMANDS: Readonly<Record<RegistrationAction, RegistrationCommand>> = {
  cancel: 'cancel',
  promote: 'confirm',
  reinstate: 'confirm',
  delete: 'soft-delete',
  restore: 'restore',
};

export interface ActionCopy {
  title: string;
  body: string;
  confirmLabel: string;
  pendingLabel: string;
  dismissLabel: string;
  tone: 'primary' | 'danger';
  /** The cancel command takes an optional reason. */
  asksReason: boolean;
}

type Subject = Pick<RegistrationDto, 'entrantName' | 'status'>;

/** The question before an action. `self`: the person's own registration ('your registration'). */
export function actionCopy(
  action: RegistrationAction,
  registration: Subject,
  options: { self?: boolean; waitlistLength?: number } = {},
): ActionCopy {
  const name = registration.entrantName;
  const whose = options.self ? 'your registration' : `the registration of ${name}`;
  switch (action) {
    case 'cancel':
      return {
        title: options.self ? `Cancel your registration?` : `Cancel the registration of ${name}?`,
        body:
          registration.status === 'confirmed'
            ? `${options.self ? 'You give up your' : 'It gives up its'} place${(options.waitlistLength ?? 1) > 0 ? ', which goes to the first on the waitlist' : ''}. An admin can reinstate it later, if a place is free.`
            : `${options.self ? 'You leave' : 'It leaves'} the waitlist, and those behind move up one place.`,
        confirmLabel: 'Cancel registration',
        pendingLabel: 'Cancelling…',
        dismissLabel: 'Keep it',
        tone: 'danger',
        asksReason: true,
      };
    case 'promote':
      return {
        title: `Confirm ${name}?`,
        body: `${name} leaves the waitlist for a confirmed place. The run must have a free place; when it is full the server says so and nothing changes.`,
        confirmLabel: 'Confirm registration',
        pendingLabel: 'Confirming…',
        dismissLabel: 'Go back',
        tone: 'primary',
        asksReason: false,
      };
    case 'reinstate':
      return {
        title: `Reinstate ${name}?`,
        body: `${name} gets a confirmed place if one is free, otherwise joins the end of the waitlist.`,
        confirmLabel: 'Reinstate',
        pendingLabel: 'Reinstating…',
        dismissLabel: 'Go back',
        tone: 'primary',
        asksReason: false,
      };
    case 'delete':
      return {
        title: `Delete ${whose}?`,
        body: `It leaves every list${registration.status === 'confirmed' ? ', and its place goes to the first on the waitlist' : ''}. You can restore it from the Deleted tab.`,
        confirmLabel: 'Delete registration',
        pendingLabel: 'Deleting…',
        dismissLabel: 'Keep it',
        tone: 'danger',
        asksReason: false,
      };
    case 'restore':
      return {
        title: `Restore ${name}?`,
        body:
          registration.status === 'cancelled'
            ? 'It comes back to the lists, still cancelled.'
            : 'It comes back confirmed if a place is free, otherwise at the end of the waitlist.',
        confirmLabel: 'Restore',
        pendingLabel: 'Restoring…',
        dismissLabel: 'Go back',
        tone: 'primary',
        asksReason: false,
      };
  }
}

/** Where the registration stands after a command, in the words of the flash message. */
function standing(after: Pick<RegistrationDto, 'status' | 'waitlistPosition'>): string {
  if (after.status === 'confirmed') return 'with a confirmed place';
  if (after.status === 'waitlisted')
    return waitlistPositionLabel(after.waitlistPosition)?.replace(/^#/, 'at #') ?? 'on the waitlist';
  return 'still cancelled';
}

/** What the flash message says once the server has answered. */
export function actionOutcome(
  action: RegistrationAction,
  after: Pick<RegistrationDto, 'entrantName' | 'status' | 'waitlistPosition'>,
  before?: Pick<RegistrationDto, 'status'>,
): string {
  const name = after.entrantName;
  switch (action) {
    case 'cancel':
      return before?.status === 'confirmed'
        ? `The registration of ${name} was cancelled; its place went to the first on the waitlist, if anyone was waiting.`
        : `The registration of ${name} was cancelled.`;
    case 'promote':
      return after.status === 'confirmed' ? `${name} was confirmed.` : `${name} is ${standing(after)}.`;
    case 'reinstate':
      return `${name} was reinstated ${standing(after)}.`;
    case 'delete':
      return `The registration of ${name} was deleted. It can be restored from the Deleted tab.`;
    case 'restore':
      return after.status === 'cancelled'
        ? `${name} was restored; it is still cancelled.`
        : `${name} was restored ${standing(after)}.`;
  }
}
