import { describe, expect, it } from 'vitest';
import { ACTION_COMMANDS, actionCopy, actionOutcome } from './actions.ts';

const confirmed = { entrantName: 'Kamloops A', status: 'confirmed' as const, waitlistPosition: null };
const waitlisted = { entrantName: 'Halifax B', status: 'waitlisted' as const, waitlistPosition: 2 };

describe('the command behind each action', () => {
  it('promote and reinstate are both confirm', () => {
    expect(ACTION_COMMANDS).toEqual({
      cancel: 'cancel',
      promote: 'confirm',
      reinstate: 'confirm',
      delete: 'soft-delete',
      restore: 'restore',
    });
  });
});

describe('actionCopy', () => {
  it("asks before cancelling, says where a confirmed place goes, and names the way out 'Keep it'", () => {
    const copy = actionCopy('cancel', confirmed, { waitlistLength: 2 });
    expect(copy.title).toBe('Cancel the registration of Kamloops A?');
    expect(copy.body).toContain('goes to the first on the waitlist');
    expect(copy).toMatchObject({
      confirmLabel: 'Cancel registration',
      dismissLabel: 'Keep it',
      tone: 'danger',
      asksReason: true,
    });
    expect(actionCopy('cancel', confirmed, { waitlistLength: 0 }).body).not.toContain('waitlist');
    expect(actionCopy('cancel', waitlisted).body).toContain('those behind move up');
  });

  it('speaks to the person about their own registration', () => {
    const copy = actionCopy('cancel', confirmed, { self: true });
    expect(copy.title).toBe('Cancel your registration?');
    expect(copy.body).toMatch(/^You give up your place/);
  });

  it('explains promote, reinstate, delete and restore', () => {
    expect(actionCopy('promote', waitlisted).confirmLabel).toBe('Confirm registration');
    expect(actionCopy('reinstate', { ...confirmed, status: 'cancelled' }).body).toContain('end of the waitlist');
    expect(actionCopy('delete', confirmed).body).toContain('Deleted tab');
    expect(actionCopy('restore', { ...confirmed, status: 'cancelled' }).body).toBe(
      'It comes back to the lists, still cancelled.',
    );
    expect(actionCopy('restore', confirmed).tone).toBe('primary');
  });
});

describe('actionOutcome', () => {
  it('says what happened, with where the registration now stands', () => {
    expect(actionOutcome('cancel', { ...confirmed, status: 'cancelled' }, confirmed)).toContain(
      'its place went to the first on the waitlist',
    );
    expect(actionOutcome('cancel', { ...waitlisted, status: 'cancelled' }, waitlisted)).toBe(
      'The registration of Halifax B was cancelled.',
    );
    expect(actionOutcome('promote', { ...waitlisted, status: 'confirmed', waitlistPosition: null })).toBe(
      'Halifax B was confirmed.',
    );
    expect(actionOutcome('reinstate', { ...waitlisted, waitlistPosition: 3 })).toBe(
      'Halifax B was reinstated at #3 on the waitlist.',
    );
    expect(actionOutcome('restore', confirmed)).toBe('Kamloops A was restored with a confirmed place.');
    expect(actionOutcome('restore', { ...confirmed, status: 'cancelled' })).toBe(
      'Kamloops A was restored; it is still cancelled.',
    );
    expect(actionOutcome('delete', confirmed)).toContain('can be restored');
  });
});
