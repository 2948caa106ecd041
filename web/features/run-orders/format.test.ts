import { describe, expect, it } from 'vitest';
import { formatChangeTime, formatSeedTime, nameInitials } from './format.ts';

describe('formatSeedTime', () => {
  it('shows minutes, seconds and hundredths as m:ss.hh', () => {
    expect(formatSeedTime(107_320)).toBe('1:47.32');
    expect(formatSeedTime(59_990)).toBe('0:59.99');
    expect(formatSeedTime(5_000)).toBe('0:05.00');
    expect(formatSeedTime(3_725_010)).toBe('62:05.01');
  });

  it('rounds to the hundredth and carries into the next second and minute', () => {
    expect(formatSeedTime(107_324)).toBe('1:47.32');
    expect(formatSeedTime(107_325)).toBe('1:47.33');
    expect(formatSeedTime(59_996)).toBe('1:00.00');
  });

  it('is empty for a missing or impossible time', () => {
    expect(formatSeedTime(null)).toBe('');
    expect(formatSeedTime(undefined)).toBe('');
    expect(formatSeedTime(-1)).toBe('');
    expect(formatSeedTime(Number.NaN)).toBe('');
  });
});

describe('formatChangeTime', () => {
  it('shows the day and the time in en-US', () => {
    expect(formatChangeTime('2026-11-21T15:04:00Z', 'UTC')).toBe('Nov 21, 2026, 3:04 PM');
  });
  it('is empty for nothing or nonsense', () => {
    expect(formatChangeTime(null)).toBe('');
    expect(formatChangeTime('not a date')).toBe('');
  });
});

describe('nameInitials', () => {
  it('takes the first and last words', () => {
    expect(nameInitials('Alex Morgan')).toBe('AM');
    expect(nameInitials('Mary Jane van Dyke')).toBe('MD');
    expect(nameInitials('cher')).toBe('C');
    expect(nameInitials('  ')).toBe('?');
  });
});
