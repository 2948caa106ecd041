/**
 * The result commands decided against the folded state of one result stream (docs/domain.md "Times and
 * results", docs/decisions/020 for the shape). Pure: the module loads the state and the context (the
 * registration and where it stands in the run order), calls decide, appends what it answers. An empty
 * answer means "nothing to change" (validating an official result, a correction to the same value).
 *
 * The rules:
 * - a result is recorded once per attempt, for a confirmed registration; a rerun voids the attempt first;
 * - finished needs a raw time to the hundredth (0:00.01..60:00.00); DNF, DNS and DQ have none;
 * - an official result changes only through a correction with a reason (which makes it provisional
 *   again); penalty changes on it are refused with REASON_REQUIRED;
 * - the official who entered or last changed a result does not validate it: a second official does. An
 *   admin may validate their own entry with a reason, which is recorded;
 * - reasons are trimmed, 1 to 500 characters. The contracts check shapes too; these rules do not trust them.
 */

import type { Decider } from '../decider.ts';
import { conflict, DomainError, notFound, ruleBroken } from '../errors.ts';
import { SEED_TIME_MAX_MS, SEED_TIME_MIN_MS } from '../times.ts';
import type { ResultCommand, ResultDecideContext } from './commands.ts';
import { RESULT_OUTCOMES, type ResultEvent, type ResultValue } from './events.ts';
import { evolve, initialResultState, type ResultState } from './evolve.ts';
import { infractionOf } from './penalties.ts';

/** The longest reason (a correction's, a send-back note, a void's, an own-entry validation's). */
export const REASON_MAX_LENGTH = 500;
/** More calls than this on one run is a typing accident, not a race. */
export const MAX_PENALTIES = 30;

export const resultNotFound = () => notFound('Result', 'RESULT_NOT_FOUND');

type Of<T extends ResultCommand['type']> = Extract<ResultCommand, { type: T }>;

/**
 * The events a command appends, or a DomainError; an empty answer means nothing to change. One named
 * function per command: the rule of a command is in decide<Command>.
 */
export function decide(command: ResultCommand, state: ResultState, context: ResultDecideContext): ResultEvent[] {
  switch (command.type) {
    case 'RecordResult':
      return decideRecordResult(command, state, context);
    case 'AddPenalty':
      return decideAddPenalty(command, state, context);
    case 'RemovePenalty':
      return decideRemovePenalty(command, state, context);
    case 'CorrectResult':
      return decideCorrectResult(command, state, context);
    case 'ValidateResult':
      return decideValidateResult(command, state, context);
    case 'WithdrawValidation':
      return decideWithdrawValidation(command, state, context);
    case 'VoidResult':
      return decideVoidResult(command, state, context);
    default:
      throw ruleBroken('UNKNOWN_COMMAND', 'Result rule: this is not a result command.');
  }
}

/** The result aggregate in the shape of api/domain/decider.ts. */
export const resultDecider: Decider<ResultCommand, ResultState, ResultEvent, ResultDecideContext> = {
  initialState: initialResultState,
  evolve,
  decide,
};

export function decideRecordResult(
  command: Of<'RecordResult'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  const { registration } = context;
  if (registration.status !== 'confirmed') {
    throw ruleBroken(
      'REGISTRATION_NOT_CONFIRMED',
      `Result rule: results are recorded for confirmed registrations only; this one is ${registration.status}.`,
    );
  }
  if (state.exists) {
    throw conflict(
      'RESULT_EXISTS',
      `A result is already recorded for attempt ${state.attempt}; correct it instead (or void it for a rerun).`,
      { attempt: state.attempt, version: state.version },
    );
  }
  if (state.runId !== null && state.runId !== registration.runId)
    throw ruleBroken('RUN_MISMATCH', 'Result rule: this result stream belongs to another run.');
  const value = checkedValue(command);
  return [
    {
      type: 'ResultRecorded',
      data: {
        ...value,
        runId: registration.runId,
        eventId: registration.eventId,
        heat: context.placement?.heat ?? null,
        position: context.placement?.position ?? null,
        attempt: state.attempt + 1,
        source: command.source === 'import' ? 'import' : 'manual',
        enteredBy: context.actorId,
      },
    },
  ];
}

export function decideAddPenalty(
  command: Of<'AddPenalty'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  refuseWhenOfficial(state, 'add a penalty');
  checkInfraction(command.infraction);
  if (state.penalties.length >= MAX_PENALTIES)
    throw ruleBroken('TOO_MANY_PENALTIES', `Penalty rule: a result holds at most ${MAX_PENALTIES} penalty calls.`);
  return [{ type: 'PenaltyAdded', data: { infraction: command.infraction, addedBy: context.actorId } }];
}

export function decideRemovePenalty(
  command: Of<'RemovePenalty'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  refuseWhenOfficial(state, 'remove a penalty');
  checkInfraction(command.infraction);
  if (!state.penalties.includes(command.infraction)) {
    throw ruleBroken(
      'PENALTY_NOT_PRESENT',
      `Penalty rule: this result has no "${infractionOf(command.infraction)?.label}" penalty to remove.`,
    );
  }
  return [{ type: 'PenaltyRemoved', data: { infraction: command.infraction, removedBy: context.actorId } }];
}

export function decideCorrectResult(
  command: Of<'CorrectResult'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  const value = checkedValue(command);
  // The same value changes nothing, so it needs no reason (a repeated send answers nothing).
  if (sameValue(value, state)) return [];
  const reason =
    state.status === 'official'
      ? requiredReason(command.reason, 'correct an official result')
      : optionalReason(command.reason);
  return [
    {
      type: 'ResultCorrected',
      data: {
        ...value,
        reason,
        correctedBy: context.actorId,
        previous: { rawTimeMs: state.rawTimeMs, outcome: state.outcome, penalties: [...state.penalties] },
      },
    },
  ];
}

export function decideValidateResult(
  command: Of<'ValidateResult'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  if (state.status === 'official') return [];
  const actor = context.actorId;
  if (actor === null)
    throw new DomainError(403, 'OWN_ENTRY', 'Validation rule: a result is validated by a signed-in official.');
  const ownEntry = actor === state.enteredBy || actor === state.lastChangedBy;
  if (!ownEntry) return [{ type: 'ResultValidated', data: { validatedBy: actor } }];
  if (!context.actorIsAdmin) {
    throw new DomainError(
      403,
      'OWN_ENTRY',
      'Validation rule: you entered or last changed this result; a second official validates it.',
    );
  }
  const reason = trimmed(command.ownEntryReason);
  if (reason === '') {
    throw new DomainError(
      403,
      'OWN_ENTRY',
      'Validation rule: you entered or last changed this result; a second official validates it, or state why you validate your own entry.',
    );
  }
  checkLength(reason);
  return [{ type: 'ResultValidated', data: { validatedBy: actor, ownEntryReason: reason } }];
}

export function decideWithdrawValidation(
  command: Of<'WithdrawValidation'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  // Official: it becomes provisional again. Provisional: the checking official's note for whoever
  // entered it (the validation screen's "send back"); it stays unvalidated either way.
  const reason = requiredReason(command.reason, 'send a result back');
  return [{ type: 'ValidationWithdrawn', data: { reason, withdrawnBy: context.actorId } }];
}

export function decideVoidResult(
  command: Of<'VoidResult'>,
  state: ResultState,
  context: ResultDecideContext,
): ResultEvent[] {
  requireResult(state);
  const reason = requiredReason(command.reason, 'void a result for a rerun');
  return [{ type: 'ResultVoided', data: { reason, voidedBy: context.actorId, attempt: state.attempt } }];
}

// ---------- the value rules, shared with the timing table ----------

/** What is wrong with a result value (the first problem), or undefined: the timing table checks before sending. */
export function resultValueProblem(value: ResultValue): { code: string; message: string } | undefined {
  if (!(RESULT_OUTCOMES as readonly unknown[]).includes(value.outcome))
    return { code: 'INVALID_OUTCOME', message: 'Result rule: the outcome is finished, DNF, DNS or DQ.' };
  if (value.outcome === 'finished') {
    if (value.rawTimeMs === null || value.rawTimeMs === undefined)
      return { code: 'TIME_REQUIRED', message: 'Result rule: a finished run needs its raw time.' };
    if (!rawTimeInRange(value.rawTimeMs))
      return {
        code: 'INVALID_TIME',
        message: 'Result rule: a raw time is to the hundredth of a second, from 0:00.01 to 60:00.00.',
      };
  } else if (value.rawTimeMs !== null && value.rawTimeMs !== undefined) {
    return {
      code: 'TIME_NOT_ALLOWED',
      message: `Result rule: a ${value.outcome.toUpperCase()} has no raw time; leave it empty.`,
    };
  }
  if (!Array.isArray(value.penalties))
    return { code: 'UNKNOWN_INFRACTION', message: 'Penalty rule: penalties are a list of infractions.' };
  if (value.penalties.length > MAX_PENALTIES)
    return {
      code: 'TOO_MANY_PENALTIES',
      message: `Penalty rule: a result holds at most ${MAX_PENALTIES} penalty calls.`,
    };
  const unknown = value.penalties.find((code) => typeof code !== 'string' || infractionOf(code) === undefined);
  if (unknown !== undefined)
    return {
      code: 'UNKNOWN_INFRACTION',
      message: `Penalty rule: "${String(unknown)}" is not an infraction of the catalogue.`,
    };
  return undefined;
}

/** A raw time as recorded: whole hundredths (a multiple of 10 ms) from 0:00.01 to 60:00.00. */
export function rawTimeInRange(ms: number): boolean {
  return Number.isInteger(ms) && ms % 10 === 0 && ms >= SEED_TIME_MIN_MS && ms <= SEED_TIME_MAX_MS;
}

/** Two values mean the same result: the same time and outcome, and the same penalty calls in any order. */
export function sameValue(a: ResultValue, b: ResultValue): boolean {
  if (a.rawTimeMs !== b.rawTimeMs || a.outcome !== b.outcome || a.penalties.length !== b.penalties.length) return false;
  const x = [...a.penalties].sort();
  const y = [...b.penalties].sort();
  return x.every((code, i) => code === y[i]);
}

function checkedValue(value: ResultValue): ResultValue {
  const problem = resultValueProblem(value);
  if (problem) throw ruleBroken(problem.code, problem.message);
  return {
    rawTimeMs: value.outcome === 'finished' ? value.rawTimeMs : null,
    outcome: value.outcome,
    penalties: [...value.penalties],
  };
}

function checkInfraction(code: string): void {
  if (typeof code !== 'string' || infractionOf(code) === undefined)
    throw ruleBroken('UNKNOWN_INFRACTION', `Penalty rule: "${String(code)}" is not an infraction of the catalogue.`);
}

function requireResult(state: ResultState): void {
  if (!state.exists) throw resultNotFound();
}

function refuseWhenOfficial(state: ResultState, what: string): void {
  if (state.status === 'official') {
    throw ruleBroken(
      'REASON_REQUIRED',
      `Result rule: this result is official; to ${what}, use a correction with a reason.`,
    );
  }
}

const trimmed = (text: string | null | undefined): string => (typeof text === 'string' ? text.trim() : '');

function checkLength(reason: string): void {
  if (reason.length > REASON_MAX_LENGTH)
    throw ruleBroken('REASON_TOO_LONG', `Result rule: a reason is at most ${REASON_MAX_LENGTH} characters.`);
}

function requiredReason(text: string | null | undefined, what: string): string {
  const reason = trimmed(text);
  if (reason === '') throw ruleBroken('REASON_REQUIRED', `Result rule: give a reason to ${what}.`);
  checkLength(reason);
  return reason;
}

function optionalReason(text: string | null | undefined): string | null {
  const reason = trimmed(text);
  if (reason === '') return null;
  checkLength(reason);
  return reason;
}
