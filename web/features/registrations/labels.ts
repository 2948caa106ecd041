/**
 * Words and colours of the registration screens (cancelled, confirmed,
 * waitlist position). Pure, so the labels are tested once and every screen says the same.
 */
import type { RegistrationDto, RegistrationHistoryEntry } from '../../../api/contracts/registrations.ts';
import { dateTimeFormat } from '../../../api/domain/dates.ts';
import { RUN_TYPE_LABELS, type RunType } from '../../../api/domain/runs/categories.ts';
import type { RegistrationStatus } from './statuses.ts';

export const REGISTRATION_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};

/** -800 on -100, as every badge (web/lib/labels.ts), for AA contrast. */
export const REGISTRATION_STATUS_BADGE: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: 'bg-green-100 text-green-800',
  waitlisted: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** '#3 on the waitlist'; undefined without a position. */
export function waitlistPositionLabel(position: number | null | undefined): string | undefined {
  return typeof position === 'number' && position > 0 ? `#${position} on the waitlist` : undefined;
}

/** 'Relay' for relay; an unknown type as given. */
export function runTypeLabel(type: string): string {
  return RUN_TYPE_LABELS[type as RunType] ?? type;
}

/** 'Relay · Men': the format and the category of a run. */
export function runKindLabel(run: { type: string; category: string }): string {
  return `${runTypeLabel(run.type)} · ${run.category}`;
}

/** Who is registered, as the owner reads it: the team, or 'Yourself' when it is their own entry. */
export function entrantLabel(
  registration: Pick<RegistrationDto, 'teamName' | 'userId' | 'entrantName'>,
  viewerId: number | undefined,
): string {
  if (registration.teamName) return `Team ${registration.teamName}`;
  if (viewerId !== undefined && registration.userId === viewerId) return 'Yourself';
  return registration.entrantName;
}

/** '18 of 20 places taken'; a run over its limit (a limit lowered later) says so as it is. */
export function placesTakenLabel(confirmed: number, limit: number): string {
  return `${confirmed} of ${limit} ${limit === 1 ? 'place' : 'places'} taken`;
}

/** 'No places left', '1 place left', '3 places left'. */
export function placesLeftLabel(spotsLeft: number): string {
  if (spotsLeft <= 0) return 'No places left';
  return spotsLeft === 1 ? '1 place left' : `${spotsLeft} places left`;
}

/** How full the run is, 0 to 100 (over the limit counts as full). */
export function placesTakenPercent(confirmed: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((confirmed / limit) * 100)));
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** 'RegistrationSomethingNew' → 'Registration something new', for event types this screen does not know yet. */
function humanize(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Changed';
}

/**
 * The title of a history entry: what happened, in a few words ('Registered', 'Moved to waitlist
 * position 2', 'Promoted from waitlist'). The server's summary adds the details and the cause.
 */
export function historyTitle(entry: Pick<RegistrationHistoryEntry, 'type' | 'data'>): string {
  const d = entry.data ?? {};
  switch (entry.type) {
    case 'RegistrationSubmitted': {
      const position = num(d.waitlistPosition);
      return d.status === 'waitlisted'
        ? `Registered onto the waitlist${position ? ` at position ${position}` : ''}`
        : 'Registered';
    }
    case 'RegistrationConfirmed':
      return d.reinstated ? 'Reinstated' : 'Confirmed';
    case 'RegistrationCancelled':
      return 'Cancelled';
    case 'RegistrationWaitlisted': {
      const position = num(d.position);
      return `Back on the waitlist${position ? ` at position ${position}` : ''}`;
    }
    case 'WaitlistPositionChanged': {
      const to = num(d.to);
      return to ? `Moved to waitlist position ${to}` : 'Moved on the waitlist';
    }
    case 'PromotedFromWaitlist':
      return 'Promoted from waitlist';
    case 'RegistrationUpdated':
      return typeof d.notes === 'string' && d.notes ? 'Notes changed' : 'Notes cleared';
    case 'RegistrationSoftDeleted':
      return 'Deleted';
    case 'RegistrationRestored':
      return 'Restored';
    case 'HybridOptedIn':
      return 'Opted in to hybrid';
    default:
      return humanize(entry.type);
  }
}

export type HistoryTone = 'good' | 'waiting' | 'bad' | 'neutral';

/** The colour of the entry's marker on the timeline. */
export function historyTone(type: string): HistoryTone {
  switch (type) {
    case 'RegistrationConfirmed':
    case 'PromotedFromWaitlist':
    case 'RegistrationRestored':
      return 'good';
    case 'RegistrationWaitlisted':
    case 'WaitlistPositionChanged':
      return 'waiting';
    case 'RegistrationCancelled':
    case 'RegistrationSoftDeleted':
      return 'bad';
    default:
      return 'neutral';
  }
}

/** 'by Morgan Lessard'; an actor whose account is gone by its number; none: the system. */
export function historyActorLabel(entry: Pick<RegistrationHistoryEntry, 'actorId' | 'actorName'>): string {
  if (entry.actorName) return `by ${entry.actorName}`;
  if (entry.actorId !== null) return `by account #${entry.actorId}`;
  return 'by the system';
}

/** 'Jun 3, 2026, 10:14 AM' where the viewer is (timeZone overrides it): a history entry's moment. */
export function historyTime(iso: string, timeZone?: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return dateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(instant);
}

/** The server's sentence with 'registration 12' put as the entrant's name where the page knows it ('after Kamloops A was cancelled'). */
export function namedSummary(summary: string, names: ReadonlyMap<number, string>): string {
  return summary.replace(/\bregistration (\d+)\b/g, (match, id: string) => names.get(Number(id)) ?? match);
}
