/**
 * The state of one registration, folded from its stream. Pure and total: an unknown or out-of-place
 * event leaves the state as it is (only the version moves), so the server's projection and the
 * browser's optimistic updates run the same function.
 */
import { type Enveloped, fold } from '../decider.ts';
import type { RegistrationEvent, RegistrationStatus } from './events.ts';

export interface RegistrationState {
  id: number;
  /** False until RegistrationSubmitted: nothing is stored for such a state. */
  exists: boolean;
  runId: number;
  eventId: number;
  teamId: number | null;
  userId: number | null;
  registeredBy: number | null;
  status: RegistrationStatus;
  /** 1..n among the run's waitlisted, not deleted registrations; null otherwise. */
  waitlistPosition: number | null;
  isHybridOptIn: boolean;
  /** Entered late on event day (docs/decisions/045). */
  isLate: boolean;
  notes: string | null;
  /** ISO date-times: when the event that set them was recorded. */
  submittedAt: string | null;
  confirmedAt: string | null;
  cancelledAt: string | null;
  deletedAt: string | null;
  updatedAt: string | null;
  /** The stream version this state includes. */
  version: number;
}

/** A registration event as evolve takes it: the recorded version and time when there are some. */
export type RegistrationEventEnvelope = Enveloped<RegistrationEvent>;

export function initialRegistrationState(id: number): RegistrationState {
  return {
    id,
    exists: false,
    runId: 0,
    eventId: 0,
    teamId: null,
    userId: null,
    registeredBy: null,
    status: 'cancelled',
    waitlistPosition: null,
    isHybridOptIn: false,
    isLate: false,
    notes: null,
    submittedAt: null,
    confirmedAt: null,
    cancelledAt: null,
    deletedAt: null,
    updatedAt: null,
    version: 0,
  };
}

const intOr = (v: unknown, fallback: number | null): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : fallback;
const isStatus = (v: unknown): v is RegistrationStatus => v === 'confirmed' || v === 'waitlisted' || v === 'cancelled';

function timeOf(event: RegistrationEventEnvelope, state: RegistrationState): string | null {
  if (event.recordedAt === undefined || event.recordedAt === null) return state.updatedAt;
  const date = event.recordedAt instanceof Date ? event.recordedAt : new Date(event.recordedAt);
  return Number.isNaN(date.getTime()) ? state.updatedAt : date.toISOString();
}

/** Typed and total: an unknown or out-of-place event only moves the version. */
export function evolve(state: RegistrationState, event: RegistrationEventEnvelope): RegistrationState {
  // Read defensively all the same: a stored event is whatever JSON the log holds.
  const d = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const at = timeOf(event, state);
  const base: RegistrationState = { ...state, version: event.version ?? state.version + 1 };
  if (!state.exists && event.type !== 'RegistrationSubmitted') return base;
  const changed = (patch: Partial<RegistrationState>): RegistrationState => ({ ...base, ...patch, updatedAt: at });

  switch (event.type) {
    case 'RegistrationSubmitted': {
      if (state.exists) return base;
      const status = d.status === 'waitlisted' ? 'waitlisted' : 'confirmed';
      return changed({
        exists: true,
        runId: intOr(d.runId, 0) ?? 0,
        eventId: intOr(d.eventId, 0) ?? 0,
        teamId: intOr(d.teamId, null),
        userId: intOr(d.userId, null),
        registeredBy: intOr(d.registeredBy, null),
        status,
        waitlistPosition: status === 'waitlisted' ? intOr(d.waitlistPosition, null) : null,
        notes: typeof d.notes === 'string' ? d.notes : null,
        isLate: d.late === true,
        submittedAt: at,
        confirmedAt: status === 'confirmed' ? at : null,
        cancelledAt: null,
        deletedAt: null,
      });
    }
    case 'RegistrationConfirmed':
    case 'PromotedFromWaitlist':
      return changed({ status: 'confirmed', waitlistPosition: null, confirmedAt: at, cancelledAt: null });
    case 'RegistrationCancelled':
      return changed({ status: 'cancelled', waitlistPosition: null, cancelledAt: at });
    case 'RegistrationWaitlisted':
      return changed({
        status: 'waitlisted',
        waitlistPosition: intOr(d.position, null),
        confirmedAt: null,
        cancelledAt: null,
      });
    case 'WaitlistPositionChanged':
      return changed({ waitlistPosition: intOr(d.to, state.waitlistPosition) });
    case 'RegistrationUpdated':
      return changed({ notes: typeof d.notes === 'string' ? d.notes : null });
    case 'RegistrationSoftDeleted':
      return changed({ deletedAt: at, waitlistPosition: null });
    case 'RegistrationRestored': {
      const status = isStatus(d.status) ? d.status : state.status;
      return changed({
        deletedAt: null,
        status,
        waitlistPosition: status === 'waitlisted' ? intOr(d.waitlistPosition, null) : null,
        confirmedAt:
          status === 'confirmed'
            ? state.status === 'confirmed'
              ? state.confirmedAt
              : at
            : status === 'waitlisted'
              ? null
              : state.confirmedAt,
      });
    }
    case 'HybridOptedIn':
      return changed({ isHybridOptIn: true });
    case 'EntrantSubstituted':
      return state.userId === null ? base : changed({ userId: intOr(d.userId, state.userId) });
    case 'TeamMemberSubstituted':
      // The roster is the team's; the registration records that it changed, and when.
      return changed({});
    default:
      return base;
  }
}

/** Folds a whole stream from the beginning. */
export function foldRegistration(
  id: number,
  events: readonly { type: string; data: unknown; version?: number; recordedAt?: Date | string | null }[],
): RegistrationState {
  return fold(evolve, events as readonly RegistrationEventEnvelope[], initialRegistrationState(id));
}

/** Whether the registration holds a place or a waitlist position in its run. */
export function holdsPlace(state: Pick<RegistrationState, 'exists' | 'status' | 'deletedAt'>): boolean {
  return state.exists && state.deletedAt === null && state.status !== 'cancelled';
}
