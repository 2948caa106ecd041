import { describe, expect, it } from 'vitest';
import { eventDays } from './event-days.ts';
import { parseRunOrderIndexSearch } from './index-search.ts';

describe('parseRunOrderIndexSearch', () => {
  it('keeps a valid event, search text and page', () => {
    expect(parseRunOrderIndexSearch({ eventId: '4', query: '  kamloops ', page: '2' })).toEqual({
      eventId: 4,
      query: 'kamloops',
      page: 2,
    });
  });
  it('drops what is not valid', () => {
    expect(parseRunOrderIndexSearch({ eventId: 'x', query: '   ', page: '1' })).toEqual({});
    expect(parseRunOrderIndexSearch({ eventId: 0 })).toEqual({});
  });
});

describe('eventDays', () => {
  it('shows one day, a span in a month, across months and years', () => {
    expect(eventDays('2026-11-21', '2026-11-21')).toBe('Nov 21, 2026');
    expect(eventDays('2026-11-21', '2026-11-22')).toBe('Nov 21–22, 2026');
    expect(eventDays('2026-10-31', '2026-11-01')).toBe('Oct 31 – Nov 1, 2026');
    expect(eventDays('2026-12-31', '2027-01-01')).toBe('Dec 31, 2026 – Jan 1, 2027');
    expect(eventDays('nope', '2026-11-21')).toBe('');
  });
});
