import { describe, expect, it } from 'vitest';
import { eventDayOf, localDay } from './event-day.ts';

describe('eventDayOf', () => {
  const event = (status: string, startDate: string, endDate = startDate) => ({ status, startDate, endDate });
  it('is today for an event in progress, whatever its dates, and for one whose days include today', () => {
    expect(eventDayOf(event('In Progress', '2026-11-20'), '2026-11-25')).toBe('today');
    expect(eventDayOf(event('Confirmed', '2026-11-24', '2026-11-26'), '2026-11-25')).toBe('today');
  });
  it('is next for one that starts later, and nothing for one that is over', () => {
    expect(eventDayOf(event('Confirmed', '2026-12-01'), '2026-11-25')).toBe('next');
    expect(eventDayOf(event('Completed', '2026-11-01'), '2026-11-25')).toBeUndefined();
  });
  it('writes the local day as YYYY-MM-DD', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
