/**
 * The events of a registration stream (`registration:<id>`). Pure: no I/O, so the browser can read a
 * history and replay a stream with the same code as the server (docs/architecture.md, decision 014).
 */

export const REGISTRATION_STREAM_TYPE = 'registration';

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** The statuses that take part in the run's places: a confirmed place or a waitlist position. */
export type PlaceStatus = Exclude<RegistrationStatus, 'cancelled'>;

export const registrationStreamId = (id: number): string => `registration:${id}`;

/** The registration id of a stream id, or undefined for another kind of stream. */
export function registrationIdOf(streamId: string): number | undefined {
  const match = /^registration:(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : undefined;
}

export interface RegistrationSubmittedData {
  runId: number;
  eventId: number;
  teamId: number | null;
  userId: number | null;
  registeredBy: number | null;
  status: PlaceStatus;
  /** Set when status is waitlisted: the end of the waitlist when it was submitted. */
  waitlistPosition?: number;
  notes?: string | null;
  /** Entered late on event day by an admin, after the registration window closed (always confirmed). */
  late?: boolean;
}

/** A cancelled registration taken back with a free place. */
export type RegistrationConfirmedData = { reinstated?: boolean };
export interface RegistrationCancelledData {
  reason?: string | null;
  /** What it was before: a confirmed one frees a place, a waitlisted one a position. */
  previousStatus: RegistrationStatus;
}
/** A cancelled registration taken back without a free place: at the end of the waitlist. */
export interface RegistrationWaitlistedData {
  position: number;
}
export interface WaitlistPositionChangedData {
  from: number;
  to: number;
}
export interface PromotedFromWaitlistData {
  fromPosition: number;
}
export interface RegistrationUpdatedData {
  notes: string | null;
}
export interface RegistrationSoftDeletedData {
  previousStatus: RegistrationStatus;
}
/** Back from a soft delete: cancelled stays cancelled; otherwise confirmed with a free place, else at the end of the waitlist. */
export interface RegistrationRestoredData {
  status: RegistrationStatus;
  waitlistPosition?: number;
}
export type HybridOptedInData = Record<string, never>;
/** An individual entry's place taken by another competitor: the registration, and its slot, pass to them. */
export interface EntrantSubstitutedData {
  previousUserId: number;
  userId: number;
}
/** One member of a registered team replaced by another person for this run (the team's roster changes too). */
export interface TeamMemberSubstitutedData {
  teamId: number;
  replacedUserId: number;
  userId: number;
}

interface Of<T extends string, D> {
  type: T;
  data: D;
}

export type RegistrationEvent =
  | Of<'RegistrationSubmitted', RegistrationSubmittedData>
  | Of<'RegistrationConfirmed', RegistrationConfirmedData>
  | Of<'RegistrationCancelled', RegistrationCancelledData>
  | Of<'RegistrationWaitlisted', RegistrationWaitlistedData>
  | Of<'WaitlistPositionChanged', WaitlistPositionChangedData>
  | Of<'PromotedFromWaitlist', PromotedFromWaitlistData>
  | Of<'RegistrationUpdated', RegistrationUpdatedData>
  | Of<'RegistrationSoftDeleted', RegistrationSoftDeletedData>
  | Of<'RegistrationRestored', RegistrationRestoredData>
  | Of<'HybridOptedIn', HybridOptedInData>
  | Of<'EntrantSubstituted', EntrantSubstitutedData>
  | Of<'TeamMemberSubstituted', TeamMemberSubstitutedData>;

export type RegistrationEventType = RegistrationEvent['type'];

export const REGISTRATION_EVENT_TYPES: readonly RegistrationEventType[] = [
  'RegistrationSubmitted',
  'RegistrationConfirmed',
  'RegistrationCancelled',
  'RegistrationWaitlisted',
  'WaitlistPositionChanged',
  'PromotedFromWaitlist',
  'RegistrationUpdated',
  'RegistrationSoftDeleted',
  'RegistrationRestored',
  'HybridOptedIn',
  'EntrantSubstituted',
  'TeamMemberSubstituted',
];

/**
 * Why an event landed on a stream that the command did not name (metadata.causedBy): a promotion or a
 * renumbering after another registration changed.
 */
export interface RegistrationCause {
  registrationId?: number;
  command: string;
}

const CAUSES: Record<string, string> = {
  Submit: 'registered',
  Cancel: 'was cancelled',
  Confirm: 'was confirmed',
  MoveOnWaitlist: 'was moved on the waitlist',
  SoftDelete: 'was deleted',
  Restore: 'was restored',
};

function causeText(cause: RegistrationCause | undefined): string {
  if (!cause) return '';
  if (cause.registrationId === undefined)
    return cause.command === 'FillPlaces' ? ' (places became free in the run)' : '';
  const what = CAUSES[cause.command] ?? 'changed';
  return ` (after registration ${cause.registrationId} ${what})`;
}

const num = (v: unknown): string => (typeof v === 'number' ? String(v) : '?');

/** One line a person can read for a history: what happened, without who and when (the history adds those). */
export function describeRegistrationEvent(event: { type: string; data: unknown }, cause?: RegistrationCause): string {
  const d = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const why = causeText(cause);
  switch (event.type) {
    case 'RegistrationSubmitted':
      if (d.late === true) return 'Entered late on event day and confirmed';
      return d.status === 'waitlisted'
        ? `Registered; the run was full, so it joined the waitlist at position ${num(d.waitlistPosition)}`
        : 'Registered and confirmed';
    case 'RegistrationConfirmed':
      return `Confirmed${d.reinstated ? ' again after a cancellation' : ''}${why}`;
    case 'RegistrationCancelled':
      return `Cancelled${typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : ''}`;
    case 'RegistrationWaitlisted':
      return `Taken back onto the waitlist at position ${num(d.position)} (the run was full)`;
    case 'WaitlistPositionChanged':
      return `Waitlist position changed from ${num(d.from)} to ${num(d.to)}${why}`;
    case 'PromotedFromWaitlist':
      return `Promoted from waitlist position ${num(d.fromPosition)} to a confirmed place${why}`;
    case 'RegistrationUpdated':
      return typeof d.notes === 'string' && d.notes ? 'Notes changed' : 'Notes cleared';
    case 'RegistrationSoftDeleted':
      return 'Deleted (it no longer holds a place)';
    case 'RegistrationRestored':
      return d.status === 'waitlisted'
        ? `Restored onto the waitlist at position ${num(d.waitlistPosition)}`
        : d.status === 'confirmed'
          ? 'Restored with a confirmed place'
          : 'Restored (still cancelled)';
    case 'HybridOptedIn':
      return 'Opted in to hybrid (mixed-department) participation';
    case 'EntrantSubstituted':
      return `Substitution: user ${num(d.userId)} takes the place of user ${num(d.previousUserId)}`;
    case 'TeamMemberSubstituted':
      return `Substitution in the team: user ${num(d.userId)} replaces user ${num(d.replacedUserId)}`;
    default:
      return event.type;
  }
}
