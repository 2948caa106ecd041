import { describe, expect, it } from 'vitest';
import { eventDaysLong } from '../../lib/format.ts';
import { registrantOf } from './registrations-view.ts';
import { eventDatesLabel, registrationDateRows } from './view.ts';

describe('event view', () => {
  it('shows one date for a one-day event, a span otherwise, whatever the viewer’s zone', () => {
    expect(eventDatesLabel({ startDate: '2027-06-05', endDate: '2027-06-05' })).toBe('Jun 5, 2027');
    expect(eventDatesLabel({ startDate: '2027-06-05', endDate: '2027-06-06' })).toBe('Jun 5, 2027 – Jun 6, 2027');
    expect(eventDaysLong({ startDate: '2027-06-05', endDate: '2027-06-05' })).toBe('June 5, 2027');
    expect(eventDaysLong({ startDate: '2027-06-05', endDate: '2027-06-06' })).toBe('June 5, 2027 to June 6, 2027');
  });

  it('lists the registration dates in their order', () => {
    const rows = registrationDateRows({
      registrationOpensOn: '2027-03-01',
      earlyBirdEndsOn: null,
      lateStartsOn: null,
      registrationClosesOn: '2027-05-30',
    });
    expect(rows.map((r) => r.label)).toEqual([
      'Registration opens',
      'Early bird ends',
      'Late registration starts',
      'Registration closes',
    ]);
    expect(rows.map((r) => r.value)).toEqual(['2027-03-01', null, null, '2027-05-30']);
  });

  it('names a registrant: the team, else the person', () => {
    expect(registrantOf({ teamId: 4, teamName: 'Ladder 4', userId: null, userName: null })).toEqual({
      kind: 'team',
      name: 'Ladder 4',
    });
    expect(registrantOf({ teamId: null, teamName: null, userId: 9, userName: 'Dana Okoye' })).toEqual({
      kind: 'person',
      name: 'Dana Okoye',
    });
    expect(registrantOf({ teamId: 4, teamName: null, userId: 9, userName: 'Dana' })).toEqual({
      kind: 'team',
      name: 'Team #4',
    });
    expect(registrantOf({ teamId: null, teamName: null, userId: null, userName: null }).name).toBe(
      'Unknown registrant',
    );
  });
});
