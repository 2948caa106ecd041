import { describe, expect, it } from 'vitest';
import { formatChangeTime, nameInitials } from './format.ts';

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
