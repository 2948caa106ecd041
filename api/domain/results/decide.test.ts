import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { ResultCommand, ResultDecideContext } from './commands.ts';
import { MAX_PENALTIES, REASON_MAX_LENGTH, resultDecider, resultValueProblem, sameValue } from './decide.ts';
import type { ResultEvent, ResultRecordedData } from './events.ts';
import { initialResultState, officialTimeMs, type ResultState } from './evolve.ts';

const ENTERER = 7;
const SECOND = 8;
const REGISTRATION = 42;

const context = (over: Partial<ResultDecideContext> = {}): ResultDecideContext => ({
  actorId: ENTERER,
  actorIsAdmin: true,
  registration: { id: REGISTRATION, runId: 3, eventId: 2, status: 'confirmed' },
  placement: { heat: 2, position: 4 },
  ...over,
});
const as = (actorId: number, over: Partial<ResultDecideContext> = {}) => context({ actorId, ...over });

const spec = deciderSpec(resultDecider, { context: () => context(), id: REGISTRATION });

const recorded = (over: Partial<ResultRecordedData> = {}): ResultEvent => ({
  type: 'ResultRecorded',
  data: {
    runId: 3,
    eventId: 2,
    heat: 2,
    position: 4,
    attempt: 1,
    source: 'manual',
    enteredBy: ENTERER,
    rawTimeMs: 107_320,
    outcome: 'finished',
    penalties: [],
    ...over,
  },
});
const validated: ResultEvent = { type: 'ResultValidated', data: { validatedBy: SECOND } };

const fresh = () => initialResultState(REGISTRATION);
const provisional = (over: Partial<ResultRecordedData> = {}) => spec.given([recorded(over)]);
const official = (over: Partial<ResultRecordedData> = {}) => spec.given([recorded(over), validated]);

const record = (over: Partial<Extract<ResultCommand, { type: 'RecordResult' }>> = {}): ResultCommand => ({
  type: 'RecordResult',
  source: 'manual',
  rawTimeMs: 107_320,
  outcome: 'finished',
  penalties: [],
  ...over,
});
const correct = (over: Partial<Extract<ResultCommand, { type: 'CorrectResult' }>> = {}): ResultCommand => ({
  type: 'CorrectResult',
  reason: 'Mistyped time',
  rawTimeMs: 105_320,
  outcome: 'finished',
  penalties: [],
  ...over,
});

const only = (events: ResultEvent[]): ResultEvent => {
  expect(events).toHaveLength(1);
  return events[0] as ResultEvent;
};

describe('RecordResult', () => {
  it('records attempt 1 with the heat and position of the placement, by the actor', () => {
    const event = only(spec.when(fresh(), record({ penalties: ['false-start'] })));
    expect(event).toEqual(recorded({ penalties: ['false-start'] }));
    const state = spec.play(fresh(), record({ penalties: ['false-start'] }));
    expect(state).toMatchObject({
      exists: true,
      status: 'provisional',
      attempt: 1,
      enteredBy: ENTERER,
      lastChangedBy: ENTERER,
      version: 1,
    });
    expect(officialTimeMs(state)).toBe(109_320);
  });

  it('records an unplaced entrant without heat or position, and an import as such', () => {
    const event = only(spec.when(fresh(), record({ source: 'import' }), context({ placement: null })));
    expect(event.data).toMatchObject({ heat: null, position: null, source: 'import' });
  });

  it.each(['waitlisted', 'cancelled', 'deleted'] as const)('refuses a %s registration (422)', (status) => {
    const ctx = context({ registration: { id: REGISTRATION, runId: 3, eventId: 2, status } });
    expect(spec.refusal(fresh(), record(), ctx)).toMatchObject({
      statusCode: 422,
      code: 'REGISTRATION_NOT_CONFIRMED',
    });
  });

  it('refuses a second result for the same attempt (409 RESULT_EXISTS): correct it instead', () => {
    expect(spec.refusal(provisional(), record())).toMatchObject({ statusCode: 409, code: 'RESULT_EXISTS' });
    expect(spec.refusal(official(), record())).toMatchObject({ statusCode: 409, code: 'RESULT_EXISTS' });
  });

  it('needs a raw time for finished, and none for DNF, DNS and DQ', () => {
    expect(spec.refusal(fresh(), record({ rawTimeMs: null }))).toMatchObject({
      statusCode: 422,
      code: 'TIME_REQUIRED',
    });
    for (const outcome of ['dnf', 'dns', 'dq'] as const) {
      expect(spec.refusal(fresh(), record({ outcome }))).toMatchObject({ statusCode: 422, code: 'TIME_NOT_ALLOWED' });
      expect(only(spec.when(fresh(), record({ outcome, rawTimeMs: null }))).data).toMatchObject({
        outcome,
        rawTimeMs: null,
      });
    }
  });

  it('takes raw times to the hundredth from 0:00.01 to 60:00.00 only', () => {
    for (const rawTimeMs of [0, -10, 5, 107_321, 3_600_010, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(spec.refusal(fresh(), record({ rawTimeMs })), String(rawTimeMs)).toMatchObject({
        statusCode: 422,
        code: 'INVALID_TIME',
      });
    }
    for (const rawTimeMs of [10, 3_600_000]) expect(spec.when(fresh(), record({ rawTimeMs }))).toHaveLength(1);
  });

  it('refuses an unknown outcome or infraction, and an absurd number of penalty calls', () => {
    expect(spec.refusal(fresh(), record({ outcome: 'won' as never }))).toMatchObject({ code: 'INVALID_OUTCOME' });
    expect(spec.refusal(fresh(), record({ penalties: ['cheating' as never] }))).toMatchObject({
      code: 'UNKNOWN_INFRACTION',
    });
    const many = Array(MAX_PENALTIES + 1).fill('missed-step');
    expect(spec.refusal(fresh(), record({ penalties: many }))).toMatchObject({ code: 'TOO_MANY_PENALTIES' });
  });

  it('records the rerun as the next attempt after a void, keeping the first on record', () => {
    const voided = spec.play(provisional(), { type: 'VoidResult', reason: 'Lane 2 timing failed' });
    expect(voided.exists).toBe(false);
    const event = only(spec.when(voided, record({ rawTimeMs: 101_000 })));
    expect(event.data).toMatchObject({ attempt: 2, rawTimeMs: 101_000 });
    const rerun = spec.play(voided, record({ rawTimeMs: 101_000 }));
    expect(rerun).toMatchObject({ exists: true, attempt: 2, rawTimeMs: 101_000 });
    expect(rerun.voided).toEqual([
      {
        attempt: 1,
        rawTimeMs: 107_320,
        outcome: 'finished',
        penalties: [],
        reason: 'Lane 2 timing failed',
        voidedBy: ENTERER,
      },
    ]);
  });

  it('refuses a registration of another run on a stream that has one', () => {
    const voided = spec.play(provisional(), { type: 'VoidResult', reason: 'Rerun' });
    const ctx = context({ registration: { id: REGISTRATION, runId: 4, eventId: 2, status: 'confirmed' } });
    expect(spec.refusal(voided, record(), ctx)).toMatchObject({ code: 'RUN_MISMATCH' });
  });
});

describe('result needed', () => {
  const commands: ResultCommand[] = [
    { type: 'AddPenalty', infraction: 'false-start' },
    { type: 'RemovePenalty', infraction: 'false-start' },
    correct(),
    { type: 'ValidateResult' },
    { type: 'WithdrawValidation', reason: 'x' },
    { type: 'VoidResult', reason: 'x' },
  ];
  it.each(commands.map((c) => [c.type, c] as const))('%s needs a recorded result (404)', (_, command) => {
    expect(spec.refusal(fresh(), command)).toMatchObject({ statusCode: 404, code: 'RESULT_NOT_FOUND' });
    const voided = spec.play(provisional(), { type: 'VoidResult', reason: 'Rerun' });
    expect(spec.refusal(voided, command)).toMatchObject({ code: 'RESULT_NOT_FOUND' });
  });
});

describe('AddPenalty and RemovePenalty', () => {
  it('adds a call of an infraction; two calls are two penalties', () => {
    const state = spec.play(
      provisional(),
      { type: 'AddPenalty', infraction: 'missed-step' },
      { type: 'AddPenalty', infraction: 'missed-step' },
    );
    expect(state.penalties).toEqual(['missed-step', 'missed-step']);
    expect(officialTimeMs(state)).toBe(111_320);
    expect(only(spec.when(provisional(), { type: 'AddPenalty', infraction: 'missed-step' }, as(SECOND)))).toEqual({
      type: 'PenaltyAdded',
      data: { infraction: 'missed-step', addedBy: SECOND },
    });
  });

  it('a disqualifying call makes the outcome DQ', () => {
    const state = spec.play(provisional(), { type: 'AddPenalty', infraction: 'roll-dropped' });
    expect(officialTimeMs(state)).toBeNull();
  });

  it('removes one call of an infraction that is there, and refuses one that is not (422)', () => {
    const state = provisional({ penalties: ['missed-step', 'missed-step'] });
    expect(spec.play(state, { type: 'RemovePenalty', infraction: 'missed-step' }).penalties).toEqual(['missed-step']);
    expect(spec.refusal(state, { type: 'RemovePenalty', infraction: 'false-start' })).toMatchObject({
      statusCode: 422,
      code: 'PENALTY_NOT_PRESENT',
    });
  });

  it('refuses an unknown infraction and more calls than a run can hold', () => {
    expect(spec.refusal(provisional(), { type: 'AddPenalty', infraction: 'x' as never })).toMatchObject({
      code: 'UNKNOWN_INFRACTION',
    });
    const full = provisional({ penalties: Array(MAX_PENALTIES).fill('missed-step') });
    expect(spec.refusal(full, { type: 'AddPenalty', infraction: 'missed-step' })).toMatchObject({
      code: 'TOO_MANY_PENALTIES',
    });
  });

  it('on an official result refuses both: use a correction with a reason (422 REASON_REQUIRED)', () => {
    const state = official({ penalties: ['false-start'] });
    for (const command of [
      { type: 'AddPenalty', infraction: 'missed-step' },
      { type: 'RemovePenalty', infraction: 'false-start' },
    ] as const) {
      const error = spec.refusal(state, command);
      expect(error).toMatchObject({ statusCode: 422, code: 'REASON_REQUIRED' });
      expect(error.message).toContain('correction with a reason');
    }
  });

  it('makes the change the last change: its author no longer validates alone', () => {
    const state = spec.playIn(as(SECOND), provisional(), { type: 'AddPenalty', infraction: 'false-start' });
    expect(state.lastChangedBy).toBe(SECOND);
    expect(spec.refusal(state, { type: 'ValidateResult' }, as(SECOND, { actorIsAdmin: false }))).toMatchObject({
      code: 'OWN_ENTRY',
    });
  });
});

describe('CorrectResult', () => {
  it('corrects a provisional result, reason optional, carrying what it was before', () => {
    const event = only(spec.when(provisional({ penalties: ['false-start'] }), correct({ reason: '  ' })));
    expect(event).toEqual({
      type: 'ResultCorrected',
      data: {
        rawTimeMs: 105_320,
        outcome: 'finished',
        penalties: [],
        reason: null,
        correctedBy: ENTERER,
        previous: { rawTimeMs: 107_320, outcome: 'finished', penalties: ['false-start'] },
      },
    });
  });

  it('needs a reason on an official result (422 REASON_REQUIRED) and makes it provisional again', () => {
    for (const reason of [null, '', '   \n ']) {
      expect(spec.refusal(official(), correct({ reason }))).toMatchObject({ statusCode: 422, code: 'REASON_REQUIRED' });
    }
    const state = spec.playIn(as(SECOND), official(), correct({ reason: '  Penalty overturned on appeal ' }));
    expect(state).toMatchObject({
      status: 'provisional',
      validatedBy: null,
      rawTimeMs: 105_320,
      lastChangedBy: SECOND,
    });
    const event = only(spec.when(official(), correct({ reason: '  Penalty overturned on appeal ' })));
    expect(event.data).toMatchObject({ reason: 'Penalty overturned on appeal' });
  });

  it('answers nothing for the same value (penalties in any order)', () => {
    const state = official({ penalties: ['false-start', 'missed-step'] });
    expect(
      spec.when(state, correct({ rawTimeMs: 107_320, penalties: ['missed-step', 'false-start'], reason: null })),
    ).toEqual([]);
  });

  it('checks the new value like a record, and the reason length', () => {
    expect(spec.refusal(provisional(), correct({ outcome: 'dnf' }))).toMatchObject({ code: 'TIME_NOT_ALLOWED' });
    expect(spec.refusal(provisional(), correct({ rawTimeMs: 105_321 }))).toMatchObject({ code: 'INVALID_TIME' });
    expect(spec.refusal(official(), correct({ reason: 'x'.repeat(REASON_MAX_LENGTH + 1) }))).toMatchObject({
      code: 'REASON_TOO_LONG',
    });
    expect(spec.when(official(), correct({ reason: 'x'.repeat(REASON_MAX_LENGTH) }))).toHaveLength(1);
  });

  it('turns a finished run into a DNF without a time', () => {
    const state = spec.play(provisional(), correct({ outcome: 'dnf', rawTimeMs: null }));
    expect(state).toMatchObject({ outcome: 'dnf', rawTimeMs: null });
    expect(officialTimeMs(state)).toBeNull();
  });
});

describe('ValidateResult', () => {
  it('a second official validates: the result becomes official', () => {
    expect(only(spec.when(provisional(), { type: 'ValidateResult' }, as(SECOND)))).toEqual(validated);
    expect(spec.playIn(as(SECOND), provisional(), { type: 'ValidateResult' })).toMatchObject({
      status: 'official',
      validatedBy: SECOND,
    });
  });

  it('ignores an own-entry reason given by a second official', () => {
    const event = only(spec.when(provisional(), { type: 'ValidateResult', ownEntryReason: 'x' }, as(SECOND)));
    expect(event.data).toEqual({ validatedBy: SECOND });
  });

  it('answers nothing for an official result', () => {
    expect(spec.when(official(), { type: 'ValidateResult' }, as(9))).toEqual([]);
  });

  it('refuses the official who entered it (403 OWN_ENTRY) unless an admin states a reason, which is recorded', () => {
    expect(spec.refusal(provisional(), { type: 'ValidateResult' }, as(ENTERER, { actorIsAdmin: false }))).toMatchObject(
      { statusCode: 403, code: 'OWN_ENTRY' },
    );
    expect(
      spec.refusal(
        provisional(),
        { type: 'ValidateResult', ownEntryReason: 'alone' },
        as(ENTERER, { actorIsAdmin: false }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'OWN_ENTRY' });
    expect(spec.refusal(provisional(), { type: 'ValidateResult', ownEntryReason: '  ' })).toMatchObject({
      statusCode: 403,
      code: 'OWN_ENTRY',
    });
    const event = only(
      spec.when(provisional(), { type: 'ValidateResult', ownEntryReason: ' Only official at the table ' }),
    );
    expect(event).toEqual({
      type: 'ResultValidated',
      data: { validatedBy: ENTERER, ownEntryReason: 'Only official at the table' },
    });
  });

  it('counts the last changer too, not only who entered it', () => {
    const corrected = spec.playIn(as(SECOND), provisional(), correct());
    expect(spec.refusal(corrected, { type: 'ValidateResult' }, as(SECOND, { actorIsAdmin: false }))).toMatchObject({
      code: 'OWN_ENTRY',
    });
    expect(spec.refusal(corrected, { type: 'ValidateResult' }, as(ENTERER, { actorIsAdmin: false }))).toMatchObject({
      code: 'OWN_ENTRY',
    });
    expect(spec.when(corrected, { type: 'ValidateResult' }, as(9, { actorIsAdmin: false }))).toHaveLength(1);
  });

  it('refuses an unknown actor', () => {
    expect(spec.refusal(provisional(), { type: 'ValidateResult' }, context({ actorId: null }))).toMatchObject({
      statusCode: 403,
    });
  });
});

describe('WithdrawValidation', () => {
  it('sends an official result back with a note', () => {
    const event = only(spec.when(official(), { type: 'WithdrawValidation', reason: ' Check lane 2 ' }, as(SECOND)));
    expect(event).toEqual({ type: 'ValidationWithdrawn', data: { reason: 'Check lane 2', withdrawnBy: SECOND } });
    expect(spec.play(official(), { type: 'WithdrawValidation', reason: 'Check lane 2' })).toMatchObject({
      status: 'provisional',
      validatedBy: null,
      returnedReason: 'Check lane 2',
    });
  });

  it('sends a provisional result back with a note for whoever entered it; it stays provisional', () => {
    expect(spec.play(provisional(), { type: 'WithdrawValidation', reason: ' Lane 2 looks swapped ' })).toMatchObject({
      status: 'provisional',
      validatedBy: null,
      returnedReason: 'Lane 2 looks swapped',
    });
  });

  it('refuses a missing reason, and a result never recorded', () => {
    expect(spec.refusal(spec.given([]), { type: 'WithdrawValidation', reason: 'x' }).statusCode).toBe(404);
    expect(spec.refusal(official(), { type: 'WithdrawValidation', reason: ' ' })).toMatchObject({
      code: 'REASON_REQUIRED',
    });
  });
});

describe('VoidResult', () => {
  it('voids the current attempt with a reason, provisional or official', () => {
    for (const state of [provisional(), official()]) {
      expect(only(spec.when(state, { type: 'VoidResult', reason: ' Timing failure ' }))).toEqual({
        type: 'ResultVoided',
        data: { reason: 'Timing failure', voidedBy: ENTERER, attempt: 1 },
      });
    }
  });

  it('needs a reason', () => {
    expect(spec.refusal(provisional(), { type: 'VoidResult', reason: '' })).toMatchObject({
      statusCode: 422,
      code: 'REASON_REQUIRED',
    });
  });
});

describe('resultValueProblem and sameValue', () => {
  it('are the rules the timing table checks before sending', () => {
    expect(resultValueProblem({ rawTimeMs: 47_320, outcome: 'finished', penalties: ['false-start'] })).toBeUndefined();
    expect(resultValueProblem({ rawTimeMs: null, outcome: 'dns', penalties: [] })).toBeUndefined();
    expect(resultValueProblem({ rawTimeMs: null, outcome: 'finished', penalties: [] })?.code).toBe('TIME_REQUIRED');
    expect(
      sameValue({ rawTimeMs: 1, outcome: 'dq', penalties: [] }, { rawTimeMs: 1, outcome: 'dnf', penalties: [] }),
    ).toBe(false);
  });
});

describe('a whole life', () => {
  it('entered, penalised, validated, corrected with a reason, revalidated, voided and rerun', () => {
    let state: ResultState = fresh();
    state = spec.playIn(as(ENTERER), state, record(), { type: 'AddPenalty', infraction: 'false-start' });
    state = spec.playIn(as(SECOND), state, { type: 'ValidateResult' });
    expect(state.status).toBe('official');
    state = spec.playIn(as(SECOND), state, correct({ rawTimeMs: 107_320, penalties: [], reason: 'Overturned' }));
    expect(state).toMatchObject({ status: 'provisional', penalties: [] });
    state = spec.playIn(as(9), state, { type: 'ValidateResult' });
    expect(state).toMatchObject({ status: 'official', validatedBy: 9, version: 5 });
    state = spec.playIn(as(SECOND), state, { type: 'VoidResult', reason: 'Rerun' }, record({ rawTimeMs: 99_990 }));
    expect(state).toMatchObject({ attempt: 2, status: 'provisional', rawTimeMs: 99_990, enteredBy: SECOND });
    expect(state.voided.map((v) => v.attempt)).toEqual([1]);
  });
});
