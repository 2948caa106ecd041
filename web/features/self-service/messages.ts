/**
 * The words of self-service registration: a registration's standing ("You're in", "You're #4 on the
 * waitlist") and the server's refusals, made readable without rewording what the server said.
 */
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import { isAppError } from '../../lib/errors.ts';
import { runTypeLabel } from '../events/run-view.ts';
import type { NoOptionReason } from './actions.ts';

type Standing = Pick<RegistrationDto, 'status' | 'waitlistPosition'>;

/** "You're in", "You're #4 on the waitlist", "You're on the waitlist", "Registration cancelled". */
export function statusHeadline(registration: Standing): string {
  if (registration.status === 'confirmed') return "You're in";
  if (registration.status === 'waitlisted') {
    return registration.waitlistPosition !== null && registration.waitlistPosition > 0
      ? `You're #${registration.waitlistPosition} on the waitlist`
      : "You're on the waitlist";
  }
  return 'Registration cancelled';
}

/** Who holds the place: "Team Station 7 Relay" or "In your own name". */
export function entrantText(registration: Pick<RegistrationDto, 'teamId' | 'teamName' | 'entrantName'>): string {
  return registration.teamId !== null
    ? `Team ${registration.teamName ?? registration.entrantName}`
    : 'In your own name';
}

/** What a waitlisted entrant can expect; nothing for a confirmed one. */
export function standingHint(registration: Standing): string | undefined {
  return registration.status === 'waitlisted' ? 'You move up automatically when a place frees up.' : undefined;
}

/** Said after a cancellation. */
export function cancelledMessage(
  registration: Pick<RegistrationDto, 'teamId' | 'teamName' | 'entrantName' | 'runName'>,
): string {
  const who = registration.teamId !== null ? (registration.teamName ?? registration.entrantName) : 'Your entry';
  return `${who} is no longer registered for ${registration.runName}.`;
}

/** Why no Register button is offered on an open (or closed) run. */
export function noOptionText(reason: NoOptionReason, runType: string): string {
  if (reason === 'closed') return 'This run is not taking registrations now.';
  if (reason === 'all-registered') return 'Everyone you can register is already entered in this run.';
  const format = runTypeLabel(runType).toLowerCase();
  return runType === 'individual'
    ? 'You are already entered in this run.'
    : `A ${format} run is entered by a team. Create a ${format} team, or ask your captain to register yours.`;
}

export interface RefusalView {
  title: string;
  /** The server's reasons: one per eligibility problem when it lists them, else its message. */
  reasons: string[];
}

function problemMessages(data: unknown): string[] {
  const details = data !== null && typeof data === 'object' ? (data as { details?: unknown }).details : undefined;
  const problems =
    details !== null && typeof details === 'object' ? (details as { problems?: unknown }).problems : undefined;
  if (!Array.isArray(problems)) return [];
  return problems
    .map((problem) =>
      problem !== null && typeof problem === 'object' ? (problem as { message?: unknown }).message : undefined,
    )
    .filter((message): message is string => typeof message === 'string' && message.trim() !== '');
}

const TITLES: Readonly<Record<string, string>> = {
  REGISTRATION_CLOSED: 'Registration is closed',
  ALREADY_REGISTERED: 'Already registered',
  TEAM_REQUIRED: 'A team is needed',
  TEAM_TYPE_MISMATCH: 'Wrong team format',
  HYBRID_NOT_ALLOWED: 'Hybrid teams not accepted',
  RUN_INACTIVE: 'This run takes no registrations',
  EVENT_INACTIVE: 'This event takes no registrations',
  RUN_NOT_FOUND: 'This run is no longer available',
  TEAM_NOT_FOUND: 'Team not found',
  COMMAND_ID_REUSED: 'Please try again',
};

/** A failed registration or cancellation, as the page shows it: a short title and the server's reasons. */
export function refusalView(error: unknown, fallbackTitle = 'Registration failed'): RefusalView {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  if (!isAppError(error)) return { title: fallbackTitle, reasons: [message] };
  const problems = problemMessages(error.data);
  if (problems.length > 0) return { title: 'Not eligible for this run', reasons: problems };
  const known = error.code ? TITLES[error.code] : undefined;
  if (known) return { title: known, reasons: [message] };
  if (error.status === 403) return { title: 'Not allowed', reasons: [message] };
  if (error.status === 409) return { title: 'Already registered or changed meanwhile', reasons: [message] };
  if (error.status === 422) return { title: 'Registration refused', reasons: [message] };
  return { title: fallbackTitle, reasons: [message] };
}
