import { describe, expect, it } from 'vitest';
import {
  captainHybridRefusal,
  type InvitingTeam,
  invitationRefusal,
  MAX_INVITATIONS_PER_DAY,
  MAX_PENDING_INVITATIONS,
} from './invitations.ts';

const team = (overrides: Partial<InvitingTeam> = {}): InvitingTeam => ({
  runType: 'relay',
  memberCount: 1,
  pendingCount: 0,
  sentLastDay: 0,
  ...overrides,
});

describe('invitationRefusal', () => {
  it('lets a team with room, few pending and few sent today invite', () => {
    expect(invitationRefusal(team())).toBeUndefined();
    expect(invitationRefusal(team({ runType: 'tech2', memberCount: 1 }))).toBeUndefined();
  });

  it('refuses a full team, too many pending and too many today, in that order, about the team only', () => {
    expect(invitationRefusal(team({ memberCount: 5 }))).toMatchObject({ statusCode: 422, code: 'TEAM_FULL' });
    expect(invitationRefusal(team({ runType: 'tech2', memberCount: 2 }))?.code).toBe('TEAM_FULL');
    expect(invitationRefusal(team({ pendingCount: MAX_PENDING_INVITATIONS }))).toMatchObject({
      statusCode: 422,
      code: 'TOO_MANY_INVITATIONS',
    });
    expect(invitationRefusal(team({ pendingCount: MAX_PENDING_INVITATIONS - 1 }))).toBeUndefined();
    expect(invitationRefusal(team({ sentLastDay: MAX_INVITATIONS_PER_DAY }))).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_INVITATIONS',
    });
    expect(
      invitationRefusal(team({ memberCount: 5, pendingCount: MAX_PENDING_INVITATIONS, sentLastDay: 99 }))?.code,
    ).toBe('TEAM_FULL');
  });
});

describe('captainHybridRefusal', () => {
  it('lets a captain keep or drop current members', () => {
    expect(captainHybridRefusal([1, 2, 3], [1, 2, 3])).toBeUndefined();
    expect(captainHybridRefusal([1, 2, 3], [1])).toBeUndefined();
  });

  it('refuses anyone new with one refusal that names no one and echoes no id', () => {
    const refusal = captainHybridRefusal([1, 2], [1, 2, 7]);
    expect(refusal).toMatchObject({ statusCode: 422, code: 'NOT_A_MEMBER' });
    expect(refusal?.details).toBeUndefined();
    expect(refusal?.message).not.toMatch(/\d/);
    expect(captainHybridRefusal([1, 2], [1, 999999])?.message).toBe(refusal?.message);
  });
});
