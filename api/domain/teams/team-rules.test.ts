import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EligibilityRun, RunTypeName } from './eligibility.ts';
import {
  additionRefusal,
  departmentChangeRefusal,
  hybridRefusal,
  memberCountStatus,
  mixesDepartments,
  TEAM_SIZES,
  type TeamFacts,
  type TeamMemberFacts,
  teamEligibility,
  teamProblems,
} from './team-rules.ts';

const DEPT = 10;
const OTHER = 20;
const member = (userId: number, overrides: Partial<TeamMemberFacts> = {}): TeamMemberFacts => ({
  userId,
  firstName: 'Member',
  lastName: String(userId),
  departmentId: DEPT,
  dateOfBirth: '1990-01-01',
  gender: 'male',
  isActive: true,
  isVerified: true,
  medicalClearanceUntil: null,
  isPreService: false,
  ...overrides,
});
const team = (overrides: Partial<TeamFacts> = {}): TeamFacts => ({
  runType: 'relay',
  departmentId: DEPT,
  isHybrid: false,
  ...overrides,
});
const crew = (n: number, overrides: Partial<TeamMemberFacts> = {}) =>
  Array.from({ length: n }, (_, i) => member(i + 1, overrides));
const relay = (overrides: Partial<EligibilityRun> = {}): EligibilityRun => ({
  type: 'relay',
  category: 'Men',
  allowsHybrid: false,
  ...overrides,
});
const codes = (...args: Parameters<typeof teamProblems>) => teamProblems(...args).map((p) => p.code);

describe('team sizes', () => {
  it.each([
    ['individual', 3, 5],
    ['relay', 3, 5],
    ['tech2', 2, 2],
  ] as const)('%s teams have %i to %i members', (runType, min, max) => {
    expect(TEAM_SIZES[runType]).toEqual({ min, max });
    expect(codes(team({ runType }), crew(min - 1))).toEqual(['TEAM_TOO_SMALL']);
    expect(codes(team({ runType }), crew(min))).toEqual([]);
    expect(codes(team({ runType }), crew(max))).toEqual([]);
    expect(codes(team({ runType }), crew(max + 1))).toEqual(['TEAM_TOO_LARGE']);
  });

  it('answers the count against the rule', () => {
    expect(memberCountStatus(2, 'tech2')).toEqual({ count: 2, min: 2, max: 2, withinLimits: true });
    expect(memberCountStatus(2, 'relay')).toEqual({ count: 2, min: 3, max: 5, withinLimits: false });
  });

  it('names the rule and the numbers in the message', () => {
    const [problem] = teamProblems(team({ runType: 'tech2' }), crew(3));
    expect(problem?.message).toBe('Team size rule: a Tech2 team has exactly 2 members; this one has 3.');
    expect(problem?.rule).toBe('team-size');
  });

  it('reports a size problem exactly when the number of distinct members is outside the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RunTypeName>('individual', 'relay', 'tech2'),
        fc.integer({ min: 0, max: 8 }),
        (runType, n) => {
          const problems = codes(team({ runType }), crew(n));
          const { withinLimits } = memberCountStatus(n, runType);
          expect(problems.includes('TEAM_TOO_SMALL') || problems.includes('TEAM_TOO_LARGE')).toBe(!withinLimits);
        },
      ),
    );
  });
});

describe('membership and departments', () => {
  it('reports a person listed twice once, and counts them once', () => {
    const problems = teamProblems(team(), [member(1), member(2), member(1), member(3), member(1)]);
    expect(problems.map((p) => p.code)).toEqual(['DUPLICATE_MEMBER']);
    expect(problems[0]?.userId).toBe(1);
  });

  it('needs a team mixing departments to be hybrid, and the run to allow hybrids', () => {
    const mixed = [member(1), member(2), member(3, { departmentId: OTHER })];
    expect(codes(team(), mixed)).toEqual(['HYBRID_FLAG_REQUIRED']);
    expect(codes(team({ isHybrid: true }), mixed)).toEqual([]);
    expect(codes(team({ isHybrid: true }), mixed, relay())).toEqual(['HYBRID_NOT_ALLOWED']);
    expect(codes(team({ isHybrid: true }), mixed, relay({ allowsHybrid: true }))).toEqual([]);
    expect(codes(team(), mixed, relay({ allowsHybrid: true }))).toEqual(['HYBRID_FLAG_REQUIRED']);
  });

  it('treats a hybrid team whose members share its department as any other team', () => {
    expect(codes(team({ isHybrid: true }), crew(3), relay())).toEqual([]);
  });

  it('counts members without a department as another department, unless the team has none either', () => {
    expect(mixesDepartments({ departmentId: DEPT }, [member(1, { departmentId: null })])).toBe(true);
    expect(mixesDepartments({ departmentId: null }, [member(1, { departmentId: null })])).toBe(false);
    expect(mixesDepartments({ departmentId: DEPT }, [])).toBe(false);
  });
});

describe('with a run', () => {
  it('needs the run to be of the team format', () => {
    expect(codes(team({ runType: 'tech2' }), crew(2), relay())).toEqual(['RUN_TYPE_MISMATCH']);
  });

  it('needs a woman on a Mixed team', () => {
    const mixedRelay = relay({ category: 'Mixed' });
    expect(codes(team(), crew(3), mixedRelay)).toEqual(['CATEGORY_NEEDS_WOMAN']);
    expect(codes(team(), [member(1), member(2, { gender: 'female' }), member(3)], mixedRelay)).toEqual([]);
  });

  it('reports a deleted or inactive team', () => {
    expect(codes(team({ isDeleted: true, isActive: false }), crew(3), relay())).toEqual([
      'TEAM_DELETED',
      'TEAM_INACTIVE',
    ]);
  });

  it('puts team and member problems together', () => {
    const women = relay({ category: 'Women' });
    const members = [member(1, { gender: 'female' }), member(2, { gender: 'female', dateOfBirth: null }), member(3)];
    const result = teamEligibility(team(), [...members, member(3)], { eventStartDate: '2027-06-01', run: women });
    expect(result.eligible).toBe(false);
    expect(result.teamProblems.map((p) => p.code)).toEqual(['DUPLICATE_MEMBER']);
    expect(result.members.map((m) => [m.userId, m.problems.map((p) => p.code)])).toEqual([
      [1, []],
      [2, ['DATE_OF_BIRTH_MISSING']],
      [3, ['CATEGORY_WOMEN_ONLY']],
    ]);
    expect(result.problems.map((p) => p.code)).toEqual([
      'DUPLICATE_MEMBER',
      'DATE_OF_BIRTH_MISSING',
      'CATEGORY_WOMEN_ONLY',
    ]);
    const ok = teamEligibility(team(), crew(3, { gender: 'female' }), { eventStartDate: '2027-06-01', run: women });
    expect(ok).toMatchObject({ eligible: true, problems: [] });
  });

  it('does not depend on the order of the members', () => {
    const anyMember = fc.record({
      userId: fc.integer({ min: 1, max: 6 }),
      departmentId: fc.constantFrom(DEPT, OTHER, null),
      gender: fc.constantFrom('female' as const, 'male' as const, null),
    });
    fc.assert(
      fc.property(
        fc.array(anyMember, { maxLength: 7 }),
        fc.boolean(),
        fc.constantFrom('Mixed', 'Men', 'Women'),
        fc.boolean(),
        (facts, isHybrid, category, allowsHybrid) => {
          const members = facts.map((f) => member(f.userId, f));
          const run = relay({ category, allowsHybrid });
          const sorted = (ms: TeamMemberFacts[]) =>
            teamProblems(team({ isHybrid }), ms, run)
              .map((p) => p.code)
              .sort();
          expect(sorted([...members].reverse())).toEqual(sorted(members));
        },
      ),
    );
  });
});

describe('refusals of team changes', () => {
  const candidate = (userId: number, overrides: Partial<{ departmentId: number | null; isActive: boolean }> = {}) => ({
    userId,
    firstName: 'New',
    lastName: 'Person',
    departmentId: DEPT,
    isActive: true,
    ...overrides,
  });

  it('adds a person once, with an active account, up to the maximum, from the department unless hybrid', () => {
    expect(additionRefusal(team(), crew(2), candidate(9))).toBeUndefined();
    expect(additionRefusal(team(), crew(2), candidate(1))).toMatchObject({ statusCode: 409, code: 'ALREADY_MEMBER' });
    expect(additionRefusal(team(), crew(2), candidate(9, { isActive: false }))).toMatchObject({
      statusCode: 422,
      code: 'ACCOUNT_INACTIVE',
    });
    expect(additionRefusal(team(), crew(5), candidate(9))).toMatchObject({ statusCode: 422, code: 'TEAM_FULL' });
    expect(additionRefusal(team({ runType: 'tech2' }), crew(2), candidate(9))).toMatchObject({ code: 'TEAM_FULL' });
    expect(additionRefusal(team(), crew(2), candidate(9, { departmentId: OTHER }))).toMatchObject({
      statusCode: 422,
      code: 'HYBRID_REQUIRED',
    });
    expect(additionRefusal(team({ isHybrid: true }), crew(2), candidate(9, { departmentId: OTHER }))).toBeUndefined();
    expect(additionRefusal(team(), crew(1), candidate(9, { departmentId: OTHER }))?.message).toContain(
      'Department rule',
    );
  });

  it('never lets a team grow past its maximum, whatever the order of additions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RunTypeName>('individual', 'relay', 'tech2'),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 20 }),
        (runType, ids) => {
          const members: TeamMemberFacts[] = [];
          for (const id of ids)
            if (!additionRefusal(team({ runType }), members, candidate(id))) members.push(member(id));
          expect(members.length).toBeLessThanOrEqual(TEAM_SIZES[runType].max);
          expect(new Set(members.map((m) => m.userId)).size).toBe(members.length);
        },
      ),
    );
  });

  it('makes a team hybrid only with existing active accounts, the captain among them, within the maximum', () => {
    const captained = { ...team(), captainId: 1 };
    const found = [candidate(1), candidate(2, { departmentId: OTHER }), candidate(3, { isActive: false })];
    expect(hybridRefusal(captained, [1, 2], found)).toBeUndefined();
    expect(hybridRefusal(captained, [1, 2, 4], found)).toMatchObject({
      code: 'MEMBERS_NOT_FOUND',
      details: { userIds: [4] },
    });
    expect(hybridRefusal(captained, [1, 3], found)).toMatchObject({
      code: 'MEMBERS_INACTIVE',
      details: { userIds: [3] },
    });
    expect(hybridRefusal(captained, [2], found)).toMatchObject({ code: 'CAPTAIN_REQUIRED' });
    const many = Array.from({ length: 6 }, (_, i) => candidate(i + 1));
    expect(hybridRefusal(captained, [1, 2, 3, 4, 5, 6], many)).toMatchObject({ code: 'TEAM_TOO_LARGE' });
  });

  it('moves a team that is not hybrid only to the department of all its members', () => {
    expect(departmentChangeRefusal(team(), crew(3), OTHER)).toMatchObject({
      code: 'HYBRID_REQUIRED',
      details: { userIds: [1, 2, 3] },
    });
    expect(departmentChangeRefusal(team(), crew(3, { departmentId: OTHER }), OTHER)).toBeUndefined();
    expect(departmentChangeRefusal(team({ isHybrid: true }), crew(3), OTHER)).toBeUndefined();
  });
});
