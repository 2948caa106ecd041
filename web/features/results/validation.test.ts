import { describe, expect, it } from 'vitest';
import { resultOf, timingView } from './test-fixtures.ts';
import {
  firstHeatToCheck,
  firstRowToCheck,
  isOwnEntry,
  nextProvisional,
  validationHeats,
  validationKey,
} from './validation.ts';

describe('validation heats', () => {
  const view = timingView(
    [1, 2, 3, 4, 5, 6],
    {
      1: resultOf(1, { status: 'official' }),
      2: resultOf(2, { status: 'official' }),
      5: resultOf(5),
      6: resultOf(6, { recorded: false }),
    },
    1,
  );

  it('lists the heats with recorded results and counts the provisional ones', () => {
    expect(validationHeats(view).map((h) => [h.heat, h.lanes.length, h.provisional])).toEqual([
      [1, 2, 0],
      [3, 1, 1],
    ]);
  });

  it('opens the first heat with something to check', () => {
    expect(firstHeatToCheck(validationHeats(view))).toBe(3);
    expect(firstHeatToCheck([])).toBeUndefined();
  });

  it('opens a heat on its first result still to check, else on its first row', () => {
    const lanes = [resultOf(1, { status: 'official' }), resultOf(2), resultOf(3)].map((result) => ({ result }));
    expect(firstRowToCheck(lanes)).toBe(1);
    expect(firstRowToCheck([{ result: resultOf(1, { status: 'official' }) }])).toBe(0);
    expect(firstRowToCheck([])).toBe(0);
  });

  it('moves on to the next provisional result, wrapping round the heat', () => {
    const lanes = [resultOf(1), resultOf(2, { status: 'official' }), resultOf(3)].map((result) => ({ result }));
    expect(nextProvisional(lanes, 0)).toBe(2);
    expect(nextProvisional(lanes, 2)).toBe(0);
    expect(nextProvisional([{ result: resultOf(1, { status: 'official' }) }], 0)).toBe(-1);
  });
});

describe('own entries and keys', () => {
  it('knows the official who entered or last changed a result', () => {
    const result = resultOf(1, { enteredBy: { id: 10, name: 'A' }, lastChangedBy: { id: 11, name: 'B' } });
    expect(isOwnEntry(result, 10)).toBe(true);
    expect(isOwnEntry(result, 11)).toBe(true);
    expect(isOwnEntry(result, 12)).toBe(false);
    expect(isOwnEntry(result, null)).toBe(false);
  });

  it('maps the keys, leaving modified ones to the browser', () => {
    expect(validationKey({ key: 'v' })).toBe('validate');
    expect(validationKey({ key: 'Enter' })).toBe('validate');
    expect(validationKey({ key: 'b' })).toBe('send-back');
    expect(validationKey({ key: 'ArrowDown' })).toBe('next');
    expect(validationKey({ key: 'PageUp' })).toBe('previous-heat');
    expect(validationKey({ key: 'v', ctrlKey: true })).toBeUndefined();
    expect(validationKey({ key: 'x' })).toBeUndefined();
  });
});
