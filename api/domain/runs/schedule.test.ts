import { describe, expect, it } from 'vitest';
import { isRunOpen, type RunAvailability, registrationWindowProblem, scheduleProblem } from './schedule.ts';

const TZ = 'America/Toronto';
const twoDays = { startDate: '2027-06-01', endDate: '2027-06-02' };

describe('scheduleProblem', () => {
  it('accepts times on the event days in the site time zone', () => {
    expect(
      scheduleProblem(new Date('2027-06-01T13:00:00Z'), new Date('2027-06-02T21:00:00Z'), twoDays, TZ),
    ).toBeUndefined();
    // 23:30 in Toronto on the last day is 03:30 UTC the next day: still inside.
    expect(
      scheduleProblem(new Date('2027-06-02T12:00:00Z'), new Date('2027-06-03T03:30:00Z'), twoDays, TZ),
    ).toBeUndefined();
    expect(scheduleProblem(null, null, twoDays, TZ)).toBeUndefined();
    expect(scheduleProblem(new Date('2027-06-01T13:00:00Z'), null, twoDays, TZ)).toBeUndefined();
  });

  it('wants the end after the start', () => {
    const same = new Date('2027-06-01T13:00:00Z');
    expect(scheduleProblem(same, same, twoDays, TZ)).toMatchObject({
      code: 'INVALID_SCHEDULE',
      message: 'The end time must be after the start time.',
    });
    expect(scheduleProblem(new Date('2027-06-01T14:00:00Z'), new Date('2027-06-01T13:00:00Z'), twoDays, TZ)?.code).toBe(
      'INVALID_SCHEDULE',
    );
  });

  it('refuses a time before the first or after the last day, judged in the site time zone', () => {
    // 02:00 UTC on June 1 is still May 31 in Toronto.
    const early = scheduleProblem(new Date('2027-06-01T02:00:00Z'), new Date('2027-06-01T15:00:00Z'), twoDays, TZ);
    expect(early).toMatchObject({
      code: 'SCHEDULE_OUTSIDE_EVENT',
      message:
        "The run must start and end within the event's day(s): from 2027-06-01 to 2027-06-02 (America/Toronto time).",
      details: {
        eventStartDate: '2027-06-01',
        eventEndDate: '2027-06-02',
        timeZone: TZ,
        startDay: '2027-05-31',
        endDay: '2027-06-01',
      },
    });
    // The same instant is fine in UTC.
    expect(
      scheduleProblem(new Date('2027-06-01T02:00:00Z'), new Date('2027-06-01T15:00:00Z'), twoDays, 'UTC'),
    ).toBeUndefined();
    const late = scheduleProblem(new Date('2027-06-02T15:00:00Z'), new Date('2027-06-03T05:00:00Z'), twoDays, TZ);
    expect(late?.code).toBe('SCHEDULE_OUTSIDE_EVENT');
    const oneDay = scheduleProblem(
      new Date('2027-06-02T15:00:00Z'),
      null,
      { startDate: '2027-06-01', endDate: '2027-06-01' },
      TZ,
    );
    expect(oneDay?.message).toContain('on 2027-06-01');
  });
});

describe('registrationWindowProblem', () => {
  it('wants the window to close after it opens; either bound may be missing', () => {
    expect(
      registrationWindowProblem(new Date('2027-01-01T00:00:00Z'), new Date('2027-02-01T00:00:00Z')),
    ).toBeUndefined();
    expect(registrationWindowProblem(null, new Date('2027-02-01T00:00:00Z'))).toBeUndefined();
    expect(registrationWindowProblem(new Date('2027-01-01T00:00:00Z'), null)).toBeUndefined();
    expect(registrationWindowProblem(new Date('2027-02-01T00:00:00Z'), new Date('2027-02-01T00:00:00Z'))?.code).toBe(
      'INVALID_REGISTRATION_WINDOW',
    );
  });
});

describe('isRunOpen', () => {
  const now = new Date('2027-05-01T12:00:00Z');
  const today = '2027-05-01';
  const base: RunAvailability = {
    run: { isActive: true, registrationOpensAt: null, registrationClosesAt: null },
    event: {
      isPublic: true,
      status: 'Confirmed',
      endDate: '2027-06-02',
      registrationOpensOn: '2027-04-01',
      registrationClosesOn: '2027-05-20',
    },
  };
  const open = (run: Partial<RunAvailability['run']> = {}, event: Partial<RunAvailability['event']> = {}) =>
    isRunOpen({ run: { ...base.run, ...run }, event: { ...base.event, ...event } }, now, today);

  it('follows the event registration dates when the run sets no window', () => {
    expect(open()).toBe(true);
    expect(open({}, { registrationOpensOn: '2027-05-01' })).toBe(true);
    expect(open({}, { registrationOpensOn: '2027-05-02' })).toBe(false);
    expect(open({}, { registrationOpensOn: null })).toBe(false);
    expect(open({}, { registrationClosesOn: '2027-05-01' })).toBe(true);
    expect(open({}, { registrationClosesOn: '2027-04-30' })).toBe(false);
    expect(open({}, { registrationClosesOn: null })).toBe(true);
  });

  it("uses the run's own bounds where it sets them, each on its own", () => {
    expect(open({ registrationOpensAt: new Date('2027-05-01T11:00:00Z') }, { registrationOpensOn: null })).toBe(true);
    expect(open({ registrationOpensAt: new Date('2027-05-01T13:00:00Z') })).toBe(false);
    expect(open({ registrationClosesAt: new Date('2027-05-01T12:00:00Z') })).toBe(false);
    expect(
      open({ registrationClosesAt: new Date('2027-05-01T12:00:01Z') }, { registrationClosesOn: '2027-04-01' }),
    ).toBe(true);
  });

  it('is closed for an inactive run, a hidden event, an event that takes no registrations or is over', () => {
    expect(open({ isActive: false })).toBe(false);
    expect(open({}, { isPublic: false })).toBe(false);
    for (const status of ['Cancelled', 'Completed', 'To Be Rescheduled'] as const)
      expect(open({}, { status }), status).toBe(false);
    for (const status of ['Tentative', 'Firm', 'In Progress'] as const) expect(open({}, { status }), status).toBe(true);
    expect(open({}, { endDate: '2027-04-30' })).toBe(false);
  });
});
