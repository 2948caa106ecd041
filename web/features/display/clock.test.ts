import { describe, expect, it } from 'vitest';
import { formatClock, msUntilNextSecond } from './clock.ts';

describe('formatClock', () => {
  it('writes 24-hour HH:MM:SS with leading zeros', () => {
    expect(formatClock(new Date('2027-06-01T07:05:09Z'), 'UTC')).toBe('07:05:09');
    expect(formatClock(new Date('2027-06-01T19:45:00Z'), 'UTC')).toBe('19:45:00');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatClock(new Date('2027-06-01T00:00:01Z'), 'UTC')).toBe('00:00:01');
  });

  it('shows the time of the zone given (the venue)', () => {
    // Red Deer, Alberta is UTC-6 in June (MDT).
    expect(formatClock(new Date('2027-06-01T18:30:15Z'), 'America/Edmonton')).toBe('12:30:15');
    expect(formatClock(new Date('2027-06-01T18:30:15Z'), 'America/Halifax')).toBe('15:30:15');
  });

  it('uses the browser zone by default', () => {
    expect(formatClock(new Date())).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});

describe('msUntilNextSecond', () => {
  it('waits for the next whole second', () => {
    expect(msUntilNextSecond(10_250)).toBe(750);
    expect(msUntilNextSecond(10_999)).toBe(1);
    expect(msUntilNextSecond(10_000)).toBe(1000);
  });
});
