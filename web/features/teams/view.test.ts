import { describe, expect, it } from 'vitest';
import type { EligibilityProblemDto } from '../../../api/contracts/teams.ts';
import {
  eligibilitySummary,
  hasRoomForMore,
  hybridMemberIds,
  memberName,
  memberStandings,
  runOptions,
  teamPermissions,
} from './view.ts';

const team = { captainId: 1, isDeleted: false, members: [{ userId: 1 }, { userId: 2 }] };

describe('teamPermissions', () => {
  it('lets the captain manage and change members, but not leave', () => {
    expect(teamPermissions(team, { id: 1, role: 'user' })).toEqual({
      isAdmin: false,
      isCaptain: true,
      isMember: true,
      canManage: true,
      canChangeMembers: true,
      canLeave: false,
    });
  });

  it('gives a member who is not captain a read-only team they can leave', () => {
    expect(teamPermissions(team, { id: 2, role: 'user' })).toMatchObject({
      canManage: false,
      canChangeMembers: false,
      canLeave: true,
      isMember: true,
    });
  });

  it('lets admins manage any team, and nobody change the members of a deleted one', () => {
    expect(teamPermissions(team, { id: 9, role: 'admin' })).toMatchObject({
      isAdmin: true,
      canManage: true,
      canChangeMembers: true,
      isMember: false,
    });
    expect(teamPermissions(team, { id: 9, role: 'super-admin' }).canManage).toBe(true);
    const deleted = { ...team, isDeleted: true };
    expect(teamPermissions(deleted, { id: 1, role: 'user' })).toMatchObject({
      canManage: true,
      canChangeMembers: false,
    });
    expect(teamPermissions(deleted, { id: 2, role: 'user' }).canLeave).toBe(false);
  });

  it('gives nothing to nobody', () => {
    expect(teamPermissions(team, null)).toMatchObject({ canManage: false, canLeave: false, isMember: false });
  });
});

describe('sizes', () => {
  it('knows when another member fits', () => {
    expect(hasRoomForMore({ size: { count: 4, min: 3, max: 5, withinLimits: true } })).toBe(true);
    expect(hasRoomForMore({ size: { count: 2, min: 2, max: 2, withinLimits: true } })).toBe(false);
  });
});

describe('memberStandings', () => {
  const young: EligibilityProblemDto = { rule: 'age', code: 'TOO_YOUNG', message: 'Age rule: Kid is 18.', userId: 2 };

  it('is unchecked for everyone without a check', () => {
    expect([...memberStandings(team.members, undefined).values()]).toEqual([
      { kind: 'unchecked' },
      { kind: 'unchecked' },
    ]);
  });

  it('marks each member eligible or with their problems; someone the check missed stays unchecked', () => {
    const standings = memberStandings([...team.members, { userId: 3 }], {
      members: [
        { userId: 1, firstName: 'A', lastName: 'B', ageOnEventDate: 30, problems: [] },
        { userId: 2, firstName: 'K', lastName: 'D', ageOnEventDate: 18, problems: [young] },
      ],
    });
    expect(standings.get(1)).toEqual({ kind: 'eligible' });
    expect(standings.get(2)).toEqual({ kind: 'problems', problems: [young] });
    expect(standings.get(3)).toEqual({ kind: 'unchecked' });
  });
});

describe('eligibilitySummary', () => {
  const member = (problems: number) => ({
    userId: problems,
    firstName: 'A',
    lastName: 'B',
    ageOnEventDate: 30,
    problems: Array.from(
      { length: problems },
      (): EligibilityProblemDto => ({ rule: 'account', code: 'ACCOUNT_UNVERIFIED', message: 'x' }),
    ),
  });

  it('says eligible, or counts the problems of the team and the members not eligible', () => {
    expect(eligibilitySummary({ eligible: true, teamProblems: [], members: [member(0)] })).toMatch(/meet the rules/);
    expect(
      eligibilitySummary({
        eligible: false,
        teamProblems: [{ rule: 'team-size', code: 'TEAM_TOO_SMALL', message: 'x' }],
        members: [member(0), member(2)],
      }),
    ).toBe('Not eligible yet: 1 team problem and 1 member not eligible.');
    expect(eligibilitySummary({ eligible: false, teamProblems: [], members: [member(1), member(3)] })).toBe(
      'Not eligible yet: 2 members not eligible.',
    );
  });
});

describe('runOptions', () => {
  const runs = [
    { id: 1, name: 'Relay: Men', eventName: 'Kamloops Classic', isOpen: true },
    { id: 2, name: 'Relay: Women', eventName: 'Kamloops Classic', isOpen: false },
    { id: 3, name: 'Relay: Mixed', eventName: 'Halifax Open', isOpen: true },
  ];

  it('offers the open runs, named by event and run', () => {
    expect(runOptions(runs, undefined)).toEqual([
      { id: 1, label: 'Kamloops Classic — Relay: Men' },
      { id: 3, label: 'Halifax Open — Relay: Mixed' },
    ]);
  });

  it('keeps the chosen run even when closed or not listed', () => {
    expect(runOptions(runs, 2).map((o) => o.id)).toEqual([1, 2, 3]);
    expect(runOptions(runs, 99)[0]).toEqual({ id: 99, label: 'Run #99' });
  });
});

describe('hybridMemberIds and memberName', () => {
  it('lists the members and the newcomer once', () => {
    expect(hybridMemberIds(team)).toEqual([1, 2]);
    expect(hybridMemberIds(team, 5)).toEqual([1, 2, 5]);
    expect(hybridMemberIds(team, 2)).toEqual([1, 2]);
  });

  it('names a member', () => {
    expect(memberName({ firstName: 'Jo', lastName: 'Doe' })).toBe('Jo Doe');
  });
});
