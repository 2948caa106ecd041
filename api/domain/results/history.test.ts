import { describe, expect, it } from 'vitest';
import { RESULT_EVENT_TYPES } from './events.ts';
import { describeResultEvent, describeResultValue, resultEventKind } from './history.ts';

describe('describeResultEvent', () => {
  it('says what was entered, where and how', () => {
    expect(
      describeResultEvent({
        type: 'ResultRecorded',
        data: {
          runId: 1,
          eventId: 1,
          heat: 3,
          position: 5,
          attempt: 1,
          source: 'manual',
          enteredBy: 2,
          rawTimeMs: 107_320,
          outcome: 'finished',
          penalties: ['missed-step', 'missed-step', 'false-start'],
        },
      }),
    ).toBe('Entered: 1:47.32 + Missed step on the descent ×2, False start, heat 3 position 5');
    expect(
      describeResultEvent({
        type: 'ResultRecorded',
        data: {
          runId: 1,
          eventId: 1,
          heat: null,
          position: null,
          attempt: 2,
          source: 'import',
          enteredBy: 2,
          rawTimeMs: null,
          outcome: 'dnf',
          penalties: [],
        },
      }),
    ).toBe('Imported from the timing system: DNF (rerun, attempt 2), not placed in the run order');
  });

  it('names penalties with what they cost', () => {
    expect(describeResultEvent({ type: 'PenaltyAdded', data: { infraction: 'false-start', addedBy: 1 } })).toBe(
      'Penalty added: False start (+2 s)',
    );
    expect(describeResultEvent({ type: 'PenaltyRemoved', data: { infraction: 'roll-dropped', removedBy: 1 } })).toBe(
      'Penalty removed: Roll dropped off the platform (disqualifies)',
    );
  });

  it('shows a correction as before and after, with its reason', () => {
    expect(
      describeResultEvent({
        type: 'ResultCorrected',
        data: {
          rawTimeMs: 105_320,
          outcome: 'finished',
          penalties: [],
          reason: 'Penalty overturned on appeal',
          correctedBy: 3,
          previous: { rawTimeMs: 105_320, outcome: 'finished', penalties: ['target-missed'] },
        },
      }),
    ).toBe('Corrected from 1:45.32 + Missed target to 1:45.32: Penalty overturned on appeal');
    expect(
      describeResultEvent({
        type: 'ResultCorrected',
        data: {
          rawTimeMs: null,
          outcome: 'dq',
          penalties: ['roll-dropped'],
          reason: null,
          correctedBy: 3,
          previous: { rawTimeMs: 99_000, outcome: 'finished', penalties: [] },
        },
      }),
    ).toBe('Corrected from 1:39.00 to DQ (Roll dropped off the platform)');
  });

  it('describes validation, send-back and void', () => {
    expect(describeResultEvent({ type: 'ResultValidated', data: { validatedBy: 2 } })).toBe('Validated (official)');
    expect(
      describeResultEvent({ type: 'ResultValidated', data: { validatedBy: 2, ownEntryReason: 'Alone at the table' } }),
    ).toBe('Validated (official) by the official who entered or changed it: Alone at the table');
    expect(describeResultEvent({ type: 'ValidationWithdrawn', data: { reason: 'Check lane 2', withdrawnBy: 2 } })).toBe(
      'Sent back for a check (provisional until validated): Check lane 2',
    );
    expect(
      describeResultEvent({ type: 'ResultVoided', data: { reason: 'Timing failure', voidedBy: 2, attempt: 1 } }),
    ).toBe('Attempt 1 voided for a rerun: Timing failure');
  });

  it('still gives a line for an unknown event or broken data', () => {
    expect(describeResultEvent({ type: 'SomethingNew', data: null })).toBe('SomethingNew');
    expect(describeResultEvent({ type: 'PenaltyAdded', data: 'junk' })).toBe('Penalty added: "undefined"');
    expect(describeResultValue(null)).toBe('no time');
  });
});

describe('resultEventKind', () => {
  it('names every kind of result event in words, and an unknown one by its type', () => {
    const kinds = [
      { type: 'ResultRecorded', data: { source: 'manual' } },
      { type: 'ResultRecorded', data: { source: 'import' } },
      { type: 'PenaltyAdded', data: {} },
      { type: 'PenaltyRemoved', data: {} },
      { type: 'ResultCorrected', data: {} },
      { type: 'ResultValidated', data: {} },
      { type: 'ValidationWithdrawn', data: {} },
      { type: 'ResultVoided', data: {} },
      { type: 'SomethingNew', data: null },
      { type: 'ResultRecorded', data: 'junk' },
    ].map(resultEventKind);
    expect(kinds).toEqual([
      'Entered',
      'Imported',
      'Penalty added',
      'Penalty removed',
      'Corrected',
      'Validated',
      'Sent back',
      'Voided',
      'SomethingNew',
      'Entered',
    ]);
    // A new kind of result event needs its words here too.
    for (const type of RESULT_EVENT_TYPES) expect(resultEventKind({ type, data: {} }), type).not.toBe(type);
  });
});
