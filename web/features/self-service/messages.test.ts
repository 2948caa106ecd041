import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { cancelledMessage, entrantText, noOptionText, refusalView, standingHint, statusHeadline } from './messages.ts';

function apiError(status: number, code: string, message: string, details?: unknown) {
  return new AppError({
    message,
    status,
    code,
    type: status === 422 ? 'validation' : 'conflict',
    severity: 'error',
    data: { statusCode: status, code, message, details },
  });
}

describe('self-service messages', () => {
  it('states where a registration stands', () => {
    expect(statusHeadline({ status: 'confirmed', waitlistPosition: null })).toBe("You're in");
    expect(statusHeadline({ status: 'waitlisted', waitlistPosition: 4 })).toBe("You're #4 on the waitlist");
    expect(statusHeadline({ status: 'waitlisted', waitlistPosition: null })).toBe("You're on the waitlist");
    expect(statusHeadline({ status: 'cancelled', waitlistPosition: null })).toBe('Registration cancelled');
    expect(standingHint({ status: 'waitlisted', waitlistPosition: 1 })).toBe(
      'You move up automatically when a place frees up.',
    );
    expect(standingHint({ status: 'confirmed', waitlistPosition: null })).toBeUndefined();
  });

  it('names who holds the place', () => {
    expect(entrantText({ teamId: 3, teamName: 'Station 7 Relay', entrantName: 'Station 7 Relay' })).toBe(
      'Team Station 7 Relay',
    );
    expect(entrantText({ teamId: null, teamName: null, entrantName: 'Dana Okoye' })).toBe('In your own name');
    expect(
      cancelledMessage({
        teamId: 3,
        teamName: 'Station 7 Relay',
        entrantName: 'Station 7 Relay',
        runName: 'Relay: Men',
      }),
    ).toBe('Station 7 Relay is no longer registered for Relay: Men.');
    expect(
      cancelledMessage({ teamId: null, teamName: null, entrantName: 'Dana Okoye', runName: 'Individual: Open Men' }),
    ).toBe('Your entry is no longer registered for Individual: Open Men.');
  });

  it('explains why nothing is offered', () => {
    expect(noOptionText('closed', 'relay')).toBe('This run is not taking registrations now.');
    expect(noOptionText('all-registered', 'relay')).toBe('Everyone you can register is already entered in this run.');
    expect(noOptionText('no-team', 'relay')).toBe(
      'A relay run is entered by a team. Create a relay team, or ask your captain to register yours.',
    );
    expect(noOptionText('no-team', 'tech2')).toContain('A tech2 relay run is entered by a team.');
  });

  it('lists each eligibility problem the server gives', () => {
    const error = apiError(
      422,
      'TEAM_TOO_SMALL',
      'Team size rule: a relay team has 3 to 5 members; this one has 2. Age rule: Kim is 17.',
      {
        problems: [
          {
            rule: 'team-size',
            code: 'TEAM_TOO_SMALL',
            message: 'Team size rule: a relay team has 3 to 5 members; this one has 2.',
          },
          { rule: 'age', code: 'TOO_YOUNG', message: 'Age rule: Kim is 17.' },
        ],
      },
    );
    expect(refusalView(error)).toEqual({
      title: 'Not eligible for this run',
      reasons: ['Team size rule: a relay team has 3 to 5 members; this one has 2.', 'Age rule: Kim is 17.'],
    });
  });

  it("titles the other refusals and keeps the server's message", () => {
    expect(
      refusalView(
        apiError(
          422,
          'REGISTRATION_CLOSED',
          'Registration window rule: registration for this run closed at 2027-05-01T00:00:00.000Z.',
        ),
      ),
    ).toEqual({
      title: 'Registration is closed',
      reasons: ['Registration window rule: registration for this run closed at 2027-05-01T00:00:00.000Z.'],
    });
    expect(
      refusalView(apiError(409, 'ALREADY_REGISTERED', 'Registration rule: Crew is already registered for this run.'))
        .title,
    ).toBe('Already registered');
    expect(refusalView(apiError(409, 'VERSION_CONFLICT', 'Changed meanwhile')).title).toBe(
      'Already registered or changed meanwhile',
    );
    expect(refusalView(apiError(403, 'FORBIDDEN', "Only the team's captain or an admin can register a team."))).toEqual(
      {
        title: 'Not allowed',
        reasons: ["Only the team's captain or an admin can register a team."],
      },
    );
    expect(refusalView(apiError(422, 'SOMETHING_NEW', 'A new rule.'))).toEqual({
      title: 'Registration refused',
      reasons: ['A new rule.'],
    });
    expect(refusalView(new Error('offline'), 'Cancellation failed')).toEqual({
      title: 'Cancellation failed',
      reasons: ['offline'],
    });
    expect(refusalView('???')).toEqual({
      title: 'Registration failed',
      reasons: ['Something went wrong. Please try again.'],
    });
  });
});
