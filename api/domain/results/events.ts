/**
 * The events of a result stream (`result:<registrationId>`): one stream per entrant of a run, so two
 * officials entering different heats never touch the same stream, while two edits of one result do
 * (docs/decisions/030-results.md). Pure: the timing table replays a history with the same code.
 *
 * A result is one attempt at a time. A rerun voids the current attempt (kept on record in the stream)
 * and the next ResultRecorded starts the next attempt.
 */
import type { InfractionCode } from './penalties.ts';

export const RESULT_STREAM_TYPE = 'result';

export const resultStreamId = (registrationId: number): string => `result:${registrationId}`;

/** The registration id of a result stream id, or undefined for another kind of stream. */
export function registrationIdOfResultStream(streamId: string): number | undefined {
  const match = /^result:(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : undefined;
}

/** finished: a raw time counts; dnf, dns, dq: no time, listed after the ranked ones. */
export const RESULT_OUTCOMES = ['finished', 'dnf', 'dns', 'dq'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

/** provisional: entered, not yet checked; official: validated by a second official (or an admin, with a reason). */
export const RESULT_STATUSES = ['provisional', 'official'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** What a result holds: the raw time (finished only), the outcome and the penalties called. */
export interface ResultValue {
  /** Milliseconds, a multiple of 10 (hundredths); null unless the outcome is finished. */
  rawTimeMs: number | null;
  outcome: ResultOutcome;
  /** Each call of an infraction once: two missed steps are two entries. */
  penalties: InfractionCode[];
}

export interface ResultRecordedData extends ResultValue {
  runId: number;
  eventId: number;
  /** Where the entrant ran in the run order when the time was taken (null when not placed). */
  heat: number | null;
  position: number | null;
  /** 1 for the first attempt; a rerun after a void is attempt 2... */
  attempt: number;
  /** Entered by hand at the timing table, or applied from a timing system's file. */
  source: 'manual' | 'import';
  enteredBy: number | null;
}
export interface PenaltyAddedData {
  infraction: InfractionCode;
  addedBy: number | null;
}
export interface PenaltyRemovedData {
  infraction: InfractionCode;
  removedBy: number | null;
}
/** A changed value. Of an official result it needs a reason and makes the result provisional again. */
export interface ResultCorrectedData extends ResultValue {
  reason: string | null;
  correctedBy: number | null;
  /** What it was before, for the history's before/after. */
  previous: ResultValue;
}
export interface ResultValidatedData {
  validatedBy: number | null;
  /** Set when the official who entered (or last changed) it validated it: an admin's stated reason. */
  ownEntryReason?: string;
}
/** Sent back by the checking official with a note for whoever entered it: an official result becomes provisional again. */
export interface ValidationWithdrawnData {
  reason: string;
  withdrawnBy: number | null;
}
/** A rerun: the current attempt stays on record, voided; the stream waits for the next ResultRecorded. */
export interface ResultVoidedData {
  reason: string;
  voidedBy: number | null;
  attempt: number;
}

interface Of<T extends string, D> {
  type: T;
  data: D;
}

export type ResultEvent =
  | Of<'ResultRecorded', ResultRecordedData>
  | Of<'PenaltyAdded', PenaltyAddedData>
  | Of<'PenaltyRemoved', PenaltyRemovedData>
  | Of<'ResultCorrected', ResultCorrectedData>
  | Of<'ResultValidated', ResultValidatedData>
  | Of<'ValidationWithdrawn', ValidationWithdrawnData>
  | Of<'ResultVoided', ResultVoidedData>;

export type ResultEventType = ResultEvent['type'];

export const RESULT_EVENT_TYPES: readonly ResultEventType[] = [
  'ResultRecorded',
  'PenaltyAdded',
  'PenaltyRemoved',
  'ResultCorrected',
  'ResultValidated',
  'ValidationWithdrawn',
  'ResultVoided',
];
