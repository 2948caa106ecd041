import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '../../../api/contracts/events.ts';
import { currentEvent } from './components/event-statistics.tsx';
import { idOf, searchParams } from './queries.ts';

describe('public results helpers', () => {
  it('reads a route id: positive whole numbers only', () => {
    expect(idOf('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '99999999999', '2147483648']) expect(idOf(raw)).toBe(0);
  });

  it('puts only the given filters in the search, in a fixed order', () => {
    expect(searchParams({})).toBe('limit=20');
    expect(searchParams({ category: "Men's Open", q: 'ann', eventId: 3, page: 1 })).toBe(
      'q=ann&eventId=3&category=Men%27s+Open&limit=20',
    );
    expect(searchParams({ departmentId: 4, page: 2 }, 10)).toBe('departmentId=4&page=2&limit=10');
    expect(searchParams({ season: 2025, category: 'Open Men' })).toBe('category=Open+Men&season=2025&limit=20');
  });

  it('takes the event in progress, else the latest that has started', () => {
    const event = (id: number, startDate: string, status = 'Completed') => ({ id, startDate, status }) as PublicEvent;
    const events = [event(1, '2026-05-01'), event(2, '2026-06-01'), event(3, '2026-09-01', 'Confirmed')];
    expect(currentEvent(events, '2026-07-01')?.id).toBe(2);
    expect(currentEvent([...events, event(4, '2026-08-01', 'In Progress')], '2026-07-01')?.id).toBe(4);
    expect(currentEvent(events, '2026-01-01')).toBeUndefined();
  });
});
