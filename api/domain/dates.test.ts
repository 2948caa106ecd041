import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, todayIn, yearOf } from './dates.ts';

describe('calendar dates', () => {
  it('takes today in the site time zone, not in UTC', () => {
    const lateEveningInToronto = new Date('2026-11-22T03:30:00Z'); // 22:30 on the 21st in Toronto
    expect(todayIn('America/Toronto', lateEveningInToronto)).toBe('2026-11-21');
    expect(todayIn('UTC', lateEveningInToronto)).toBe('2026-11-22');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days between dates, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
    expect(yearOf('2027-05-01')).toBe(2027);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-02-01')).toBe(false);
  });
});
