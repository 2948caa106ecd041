import { describe, expect, it } from 'vitest';
import {
  instantText,
  placesText,
  runTypeLabel,
  scheduleText,
  signInSearch,
  visibleRuns,
  windowView,
} from './run-view.ts';

const TZ = 'America/Toronto';

describe('public run view', () => {
  it('shows only active runs, in the order given', () => {
    const runs = [
      { id: 1, isActive: true },
      { id: 2, isActive: false },
      { id: 3, isActive: true },
    ];
    expect(visibleRuns(runs).map((r) => r.id)).toEqual([1, 3]);
  });

  it('labels run types, and shows an unknown one as given', () => {
    expect(runTypeLabel('individual')).toBe('Individual');
    expect(runTypeLabel('relay')).toBe('Relay');
    expect(runTypeLabel('tech2')).toBe('Tech2 Relay');
    expect(runTypeLabel('sprint')).toBe('sprint');
  });

  it('states the schedule on one day, across days, without an end, and unscheduled', () => {
    expect(scheduleText({ startTime: '2027-06-05T13:00:00.000Z', endTime: '2027-06-05T14:30:00.000Z' }, TZ)).toBe(
      'Sat, Jun 5, 2027 · 9:00 AM – 10:30 AM EDT',
    );
    expect(scheduleText({ startTime: '2027-06-05T22:00:00.000Z', endTime: '2027-06-06T13:00:00.000Z' }, TZ)).toBe(
      'Sat, Jun 5, 2027 · 6:00 PM EDT – Sun, Jun 6, 2027 · 9:00 AM EDT',
    );
    expect(scheduleText({ startTime: '2027-06-05T13:00:00.000Z', endTime: null }, TZ)).toBe(
      'Sat, Jun 5, 2027 · 9:00 AM EDT',
    );
    expect(scheduleText({ startTime: null, endTime: null }, TZ)).toBe('Time to be announced');
    expect(scheduleText({ startTime: 'not a date', endTime: null }, TZ)).toBe('Time to be announced');
  });

  it('formats a window instant with its zone, and nothing for a missing one', () => {
    expect(instantText('2027-05-31T21:00:00.000Z', TZ)).toBe('May 31, 2027, 5:00 PM EDT');
    expect(instantText(null, TZ)).toBe('');
  });

  it('counts the places left, and the waitlist of a full run', () => {
    const run = { participantLimit: 20, spotsLeft: 3, isFull: false, waitlistCount: 0, isOpen: true };
    expect(placesText(run)).toBe('3 of 20 places left');
    expect(placesText({ ...run, participantLimit: 1, spotsLeft: 1 })).toBe('1 of 1 place left');
    expect(placesText({ ...run, spotsLeft: 0, isFull: true })).toBe('Full · waitlist open');
    expect(placesText({ ...run, spotsLeft: 0, isFull: true, waitlistCount: 2 })).toBe('Full · 2 on the waitlist');
    expect(placesText({ ...run, spotsLeft: 0, isFull: true, isOpen: false })).toBe('Full');
  });

  describe('registration window', () => {
    const now = new Date('2027-05-01T12:00:00.000Z');
    const base = { isOpen: false, registrationOpensAt: null, registrationClosesAt: null };

    it('is open when the server says so, with its closing time when the run has one', () => {
      expect(windowView({ ...base, isOpen: true }, 'regular', now, TZ)).toEqual({
        state: 'open',
        label: 'Registration open',
        detail: undefined,
      });
      expect(
        windowView({ ...base, isOpen: true, registrationClosesAt: '2027-05-31T21:00:00.000Z' }, 'regular', now, TZ),
      ).toEqual({
        state: 'open',
        label: 'Registration open',
        detail: 'Closes May 31, 2027, 5:00 PM EDT',
      });
    });

    it('says when a run that is not open yet opens, and when a closed one closed', () => {
      expect(windowView({ ...base, registrationOpensAt: '2027-05-10T13:00:00.000Z' }, 'regular', now, TZ)).toEqual({
        state: 'not-yet',
        label: 'Registration not open yet',
        detail: 'Opens May 10, 2027, 9:00 AM EDT',
      });
      expect(windowView({ ...base, registrationClosesAt: '2027-04-30T13:00:00.000Z' }, 'regular', now, TZ)).toEqual({
        state: 'closed',
        label: 'Registration closed',
        detail: 'Closed Apr 30, 2027, 9:00 AM EDT',
      });
    });

    it("falls back on the event's phase when the run has no window of its own", () => {
      expect(windowView(base, 'not_open', now, TZ)).toEqual({
        state: 'not-yet',
        label: 'Registration not open yet',
        detail: undefined,
      });
      expect(windowView(base, 'something else', now, TZ).state).toBe('not-yet');
      expect(windowView(base, 'closed', now, TZ)).toEqual({
        state: 'closed',
        label: 'Registration closed',
        detail: undefined,
      });
      expect(windowView(base, 'regular', now, TZ).state).toBe('closed');
    });
  });

  it('sends visitors to sign in and back to the event', () => {
    expect(signInSearch(42)).toEqual({ redirect: '/events/42' });
  });
});
