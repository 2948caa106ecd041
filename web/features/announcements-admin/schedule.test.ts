import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './schedule.ts';

describe('the publish-at field', () => {
  it('goes to a local value and back to the same instant (to the minute)', () => {
    const iso = '2026-12-01T15:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('is undefined for empty or malformed values', () => {
    for (const value of ['', '2026-12-01', 'tomorrow', '2026-13-45T99:99'])
      expect(fromLocalInput(value)).toBeUndefined();
    expect(toLocalInput('not a date')).toBe('');
  });
});
