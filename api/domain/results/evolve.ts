/**
 * A result stream folded into its state (docs/decisions/020: typed and total; an unknown event only
 * moves the version). The projector folds the same evolve into the `results` row, and the timing
 * table replays a history with it.
 */
import type { Enveloped } from '../decider.ts';
import type { ResultEvent, ResultOutcome, ResultStatus, ResultValue } from './events.ts';
import { disqualifyingPenalty, penaltyMs } from './penalties.ts';

/** A voided attempt, kept on record. */
export interface VoidedAttempt extends ResultValue {
  attempt: number;
  reason: string;
  voidedBy: number | null;
}

export interface ResultState extends ResultValue {
  registrationId: number;
  /** False until the first ResultRecorded, and again after a void until the rerun is recorded. */
  exists: boolean;
  runId: number | null;
  eventId: number | null;
  heat: number | null;
  position: number | null;
  attempt: number;
  status: ResultStatus;
  source: 'manual' | 'import';
  enteredBy: number | null;
  /** Who last entered or changed the value: the official who may not validate it (without an admin's reason). */
  lastChangedBy: number | null;
  validatedBy: number | null;
  /** Set when a result was sent back: the note for whoever entered it. */
  returnedReason: string | null;
  voided: VoidedAttempt[];
  version: number;
}

export const initialResultState = (registrationId: number): ResultState => ({
  registrationId,
  exists: false,
  runId: null,
  eventId: null,
  heat: null,
  position: null,
  attempt: 0,
  rawTimeMs: null,
  outcome: 'finished',
  penalties: [],
  status: 'provisional',
  source: 'manual',
  enteredBy: null,
  lastChangedBy: null,
  validatedBy: null,
  returnedReason: null,
  voided: [],
  version: 0,
});

export type ResultEventEnvelope = Enveloped<ResultEvent>;

export function evolve(state: ResultState, event: ResultEventEnvelope): ResultState {
  const version = event.version ?? state.version + 1;
  return { ...applyEvent(state, event), version };
}

function applyEvent(state: ResultState, event: ResultEvent): ResultState {
  switch (event.type) {
    case 'ResultRecorded': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        runId: d.runId,
        eventId: d.eventId,
        heat: d.heat,
        position: d.position,
        attempt: d.attempt,
        rawTimeMs: d.rawTimeMs,
        outcome: d.outcome,
        penalties: [...d.penalties],
        status: 'provisional',
        source: d.source,
        enteredBy: d.enteredBy,
        lastChangedBy: d.enteredBy,
        validatedBy: null,
        returnedReason: null,
      };
    }
    case 'PenaltyAdded':
      return {
        ...state,
        penalties: [...state.penalties, event.data.infraction],
        status: 'provisional',
        validatedBy: null,
        lastChangedBy: event.data.addedBy,
      };
    case 'PenaltyRemoved': {
      const at = state.penalties.lastIndexOf(event.data.infraction);
      if (at < 0) return state;
      return {
        ...state,
        penalties: state.penalties.filter((_, i) => i !== at),
        status: 'provisional',
        validatedBy: null,
        lastChangedBy: event.data.removedBy,
      };
    }
    case 'ResultCorrected': {
      const d = event.data;
      return {
        ...state,
        rawTimeMs: d.rawTimeMs,
        outcome: d.outcome,
        penalties: [...d.penalties],
        status: 'provisional',
        validatedBy: null,
        lastChangedBy: d.correctedBy,
      };
    }
    case 'ResultValidated':
      return { ...state, status: 'official', validatedBy: event.data.validatedBy, returnedReason: null };
    case 'ValidationWithdrawn':
      return { ...state, status: 'provisional', validatedBy: null, returnedReason: event.data.reason };
    case 'ResultVoided':
      return {
        ...initialResultState(state.registrationId),
        runId: state.runId,
        eventId: state.eventId,
        attempt: state.attempt,
        voided: [
          ...state.voided,
          {
            attempt: state.attempt,
            rawTimeMs: state.rawTimeMs,
            outcome: state.outcome,
            penalties: state.penalties,
            reason: event.data.reason,
            voidedBy: event.data.voidedBy,
          },
        ],
      };
    default:
      return state;
  }
}

/** The outcome that counts: a disqualifying penalty makes any run DQ. */
export function effectiveOutcome(value: ResultValue): ResultOutcome {
  return disqualifyingPenalty(value.penalties) ? 'dq' : value.outcome;
}

/** Raw time + penalties, in ms; null unless the run finished (and was not disqualified). */
export function officialTimeMs(value: ResultValue): number | null {
  if (effectiveOutcome(value) !== 'finished' || value.rawTimeMs === null) return null;
  return value.rawTimeMs + penaltyMs(value.penalties);
}
