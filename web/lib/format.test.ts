import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  daysAwayLabel,
  formatDate,
  formatDateTime,
  formatDateWithWeekday,
  ordinal,
  parseCalendarDate,
  placeText,
} from './format.ts';

const originalTz = process.env.TZ;

describe.each(['America/Vancouver', 'Pacific/Kiritimati', 'UTC'])('in time zone %s', (zone) => {
  beforeEach(() => {
    process.env.TZ = zone;
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('formats a date-only string as that calendar day', () => {
    expect(formatDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatDateWithWeekday('2026-11-21')).toBe('Saturday, November 21, 2026');
    expect(formatDateWithWeekday('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('formats an instant in the zone asked for', () => {
    expect(formatDateTime('2026-11-21T02:00:00Z', 'America/Vancouver')).toBe('November 20, 2026');
    expect(formatDateTime('2026-11-21T02:00:00Z', 'UTC')).toBe('November 21, 2026');
  });
});

describe('the trap the date-only rule avoids', () => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });
  it('a naive Date would show the previous day in Vancouver', () => {
    process.env.TZ = 'America/Vancouver';
    expect(new Date('2026-11-21').toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })).toBe(
      'November 20, 2026',
    );
    expect(formatDate('2026-11-21')).toBe('November 21, 2026');
  });

  it('formatDateTime uses the viewer zone by default', () => {
    process.env.TZ = 'America/Vancouver';
    expect(formatDateTime('2026-11-21T02:00:00Z')).toBe('November 20, 2026');
  });
});

describe('parseCalendarDate', () => {
  it('accepts real calendar days only', () => {
    expect(parseCalendarDate('2026-11-21')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(parseCalendarDate('2028-02-29')).toBeDefined();
    expect(parseCalendarDate('2026-02-29')).toBeUndefined();
    expect(parseCalendarDate('2026-13-01')).toBeUndefined();
    expect(parseCalendarDate('21/11/2026')).toBeUndefined();
  });
});

describe('bad input', () => {
  it('formats nothing', () => {
    for (const value of [undefined, null, '', 'not a date', '2026-02-30']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateWithWeekday(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('daysAwayLabel', () => {
  it('says 1 day or N days', () => {
    expect(daysAwayLabel(1)).toBe('1 day away');
    expect(daysAwayLabel(2)).toBe('2 days away');
    expect(daysAwayLabel(45)).toBe('45 days away');
  });
  it('says nothing on the day or after', () => {
    expect(daysAwayLabel(0)).toBeUndefined();
    expect(daysAwayLabel(-3)).toBeUndefined();
    expect(daysAwayLabel(undefined)).toBeUndefined();
    expect(daysAwayLabel(null)).toBeUndefined();
    expect(daysAwayLabel(Number.NaN)).toBeUndefined();
  });
});

describe('places', () => {
  it('says ordinals the English way, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
    expect(placeText({ rank: 7, of: 11 })).toBe('7th of 11');
  });
});
