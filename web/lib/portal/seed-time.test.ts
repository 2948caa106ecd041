import { describe, expect, it } from 'vitest';
import { TIME_MESSAGES } from '../../../api/domain/times.ts';
import { seedTimeChanged, seedTimeInput, seedTimeProblem, seedTimeText } from './seed-time.ts';

describe('the best time field', () => {
  it('starts from the saved time as m:ss.hh, or empty', () => {
    expect(seedTimeText(107_320)).toBe('1:47.32');
    expect(seedTimeText(null)).toBe('');
  });

  it('explains what is wrong with the text, and nothing for a time or empty', () => {
    expect(seedTimeProblem('1:47.32')).toBeUndefined();
    expect(seedTimeProblem('')).toBeUndefined();
    expect(seedTimeProblem('fast')).toBe(TIME_MESSAGES.format);
    expect(seedTimeProblem('61:00')).toBe(TIME_MESSAGES.range);
  });

  it('sends milliseconds for a new time, null for an emptied one and nothing for the same time', () => {
    expect(seedTimeInput('1:47.32', null)).toBe(107_320);
    expect(seedTimeInput('1:47.32', 98_100)).toBe(107_320);
    expect(seedTimeInput('', 98_100)).toBeNull();
    expect(seedTimeInput('  ', null)).toBeUndefined();
    expect(seedTimeInput('1:47.32', 107_320)).toBeUndefined();
    expect(seedTimeInput('1:47.3', 107_300)).toBeUndefined();
    // A time saved finer than the hundredth (an API caller) is not rewritten just by saving the form.
    expect(seedTimeInput('1:47.32', 107_324)).toBeUndefined();
    expect(seedTimeInput('oops', 107_320)).toBeNaN();
  });

  it('knows when the text shows another time', () => {
    expect(seedTimeChanged('1:47.32', 107_320)).toBe(false);
    expect(seedTimeChanged('', null)).toBe(false);
    expect(seedTimeChanged('', 107_320)).toBe(true);
    expect(seedTimeChanged('1:47.33', 107_320)).toBe(true);
    expect(seedTimeChanged('x', null)).toBe(true);
  });
});
