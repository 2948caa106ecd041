import { describe, expect, it } from 'vitest';
import { canCancel, canChangeRegistration, captainedTeamIds } from './permissions.ts';

const own = { userId: 7, teamId: null, status: 'confirmed' as const, deletedAt: null };
const team = { userId: null, teamId: 30, status: 'waitlisted' as const, deletedAt: null };
const user = { id: 7, role: 'user' };

describe('who may cancel a registration', () => {
  it('the registrant their own', () => {
    expect(canCancel(own, user, new Set())).toBe(true);
    expect(canCancel(own, { id: 8, role: 'user' }, new Set())).toBe(false);
  });

  it("a team's captain, not its other members", () => {
    expect(canCancel(team, user, new Set([30]))).toBe(true);
    expect(canCancel(team, user, new Set([31]))).toBe(false);
  });

  it('admins and super-admins anything', () => {
    expect(canChangeRegistration(team, { id: 1, role: 'admin' }, new Set())).toBe(true);
    expect(canChangeRegistration(team, { id: 1, role: 'super-admin' }, new Set())).toBe(true);
  });

  it('nothing already cancelled or deleted', () => {
    expect(canCancel({ ...own, status: 'cancelled' }, user, new Set())).toBe(false);
    expect(canCancel({ ...own, deletedAt: '2026-01-01T00:00:00.000Z' }, { id: 1, role: 'admin' }, new Set())).toBe(
      false,
    );
  });
});

describe('captainedTeamIds', () => {
  it('keeps the teams the person captains', () => {
    expect([
      ...captainedTeamIds(
        [
          { id: 1, captainId: 7 },
          { id: 2, captainId: 9 },
        ],
        7,
      ),
    ]).toEqual([1]);
    expect(captainedTeamIds(undefined, 7).size).toBe(0);
  });
});
