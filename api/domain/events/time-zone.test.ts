import { describe, expect, it } from 'vitest';
import { DEFAULT_VENUE_TIME_ZONE, venueInstant, venueTimeZone } from './time-zone.ts';

describe('venueTimeZone', () => {
  it('gives each province its zone, by code or by name, in any case', () => {
    expect(venueTimeZone('ON')).toBe('America/Toronto');
    expect(venueTimeZone('bc')).toBe('America/Vancouver');
    expect(venueTimeZone(' Saskatchewan ')).toBe('America/Regina');
    expect(venueTimeZone('Québec')).toBe('America/Toronto');
    expect(venueTimeZone('NL')).toBe('America/St_Johns');
  });

  it("falls back to Toronto's for what it does not know", () => {
    for (const odd of ['', null, undefined, 'Atlantis', '\u0000', 'x'.repeat(10_000)])
      expect(venueTimeZone(odd)).toBe(DEFAULT_VENUE_TIME_ZONE);
  });
});

describe('venueInstant', () => {
  it('finds the instant of a wall-clock time at the venue, summer and winter', () => {
    expect(venueInstant('2027-06-05', 9, 0, 'America/Toronto').toISOString()).toBe('2027-06-05T13:00:00.000Z');
    expect(venueInstant('2027-01-16', 9, 0, 'America/Toronto').toISOString()).toBe('2027-01-16T14:00:00.000Z');
    expect(venueInstant('2027-06-05', 9, 30, 'America/St_Johns').toISOString()).toBe('2027-06-05T12:00:00.000Z');
    expect(venueInstant('2027-06-05', 9, 0, 'America/Regina').toISOString()).toBe('2027-06-05T15:00:00.000Z');
  });

  it('lands on the right side of a daylight-saving change', () => {
    // Toronto springs forward at 2:00 on 2027-03-14: 9:00 that day is already EDT.
    expect(venueInstant('2027-03-14', 9, 0, 'America/Toronto').toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect(venueInstant('2027-11-07', 9, 0, 'America/Toronto').toISOString()).toBe('2027-11-07T14:00:00.000Z');
  });
});
