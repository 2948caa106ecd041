import { describe, expect, it } from 'vitest';
import type { RunDto } from '../../../api/contracts/runs.ts';
import { placesLabel, registrationWindowLabel, runSavedMessage, runTypeLabel, scheduleLabel } from './view.ts';

const TZ = 'America/Toronto';

describe('run view', () => {
  it('labels run types', () => {
    expect(runTypeLabel('tech2')).toBe('Tech2 Relay');
    expect(runTypeLabel('individual')).toBe('Individual');
    expect(runTypeLabel('odd')).toBe('odd');
  });

  it('shows a schedule on one day with one date, across days with two', () => {
    expect(scheduleLabel({ startTime: '2027-06-05T13:00:00Z', endTime: '2027-06-05T15:30:00Z' }, TZ)).toBe(
      'Jun 5, 2027, 9:00 AM – 11:30 AM',
    );
    expect(scheduleLabel({ startTime: '2027-06-05T13:00:00Z', endTime: '2027-06-06T21:00:00Z' }, TZ)).toBe(
      'Jun 5, 2027, 9:00 AM – Jun 6, 2027, 5:00 PM',
    );
    expect(scheduleLabel({ startTime: '2027-06-05T13:00:00Z', endTime: null }, TZ)).toBe('From Jun 5, 2027, 9:00 AM');
    expect(scheduleLabel({ startTime: null, endTime: null }, TZ)).toBe('Not scheduled');
  });

  it('says when the registration window follows the event', () => {
    expect(registrationWindowLabel({ registrationOpensAt: null, registrationClosesAt: null }, TZ)).toBe(
      "The event's registration dates",
    );
    expect(
      registrationWindowLabel({ registrationOpensAt: '2027-04-01T13:00:00Z', registrationClosesAt: null }, TZ),
    ).toBe('Opens Apr 1, 2027, 9:00 AM; closes with the event');
  });

  it('counts places, the waitlist and a full run', () => {
    expect(placesLabel({ confirmedCount: 12, participantLimit: 20, waitlistCount: 0, spotsLeft: 8 })).toEqual({
      confirmed: '12 of 20 confirmed',
      waitlist: undefined,
      left: '8 places left',
    });
    expect(placesLabel({ confirmedCount: 20, participantLimit: 20, waitlistCount: 3, spotsLeft: 0 })).toEqual({
      confirmed: '20 of 20 confirmed',
      waitlist: '3 waitlisted',
      left: 'Full',
    });
    expect(placesLabel({ confirmedCount: 19, participantLimit: 20, waitlistCount: 0, spotsLeft: 1 }).left).toBe(
      '1 place left',
    );
  });

  it('reports a save with what the limit call said', () => {
    const run = { name: 'Relay: Mixed' } as RunDto;
    expect(runSavedMessage(run, undefined, true)).toBe('Relay: Mixed was created.');
    expect(runSavedMessage(run, { run, warning: null, promotedCount: 0, changed: false }, false)).toBe(
      'Relay: Mixed had no changes to save.',
    );
    expect(runSavedMessage(run, { run, warning: null, promotedCount: 2, changed: true }, false)).toBe(
      'Relay: Mixed was saved. 2 waitlisted entries were confirmed.',
    );
    expect(runSavedMessage(run, { run, warning: 'Nobody was removed.', promotedCount: 0, changed: true }, false)).toBe(
      'Relay: Mixed was saved. Nobody was removed.',
    );
  });
});
