import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../../api/domain/teams/eligibility.ts';
import { TEAM_SIZES } from '../../../api/domain/teams/team-rules.ts';
import {
  memberCountText,
  PROBLEM_LABELS,
  problemDetail,
  problemLabel,
  runTypeLabel,
  sizeRuleText,
  sizeState,
} from './labels.ts';
import { isTeamRunType, RUN_TYPE_ORDER } from './run-types.ts';

describe('formats', () => {
  it('names every run type, and only those', () => {
    expect(RUN_TYPE_ORDER.map(runTypeLabel)).toEqual(['Individual', 'Relay', 'Tech2 relay']);
    expect(isTeamRunType('tech2')).toBe(true);
    expect(isTeamRunType('sprint')).toBe(false);
    expect(runTypeLabel('sprint')).toBe('sprint');
  });
});

describe('sizes', () => {
  it('shows the count against the rule of the format', () => {
    expect(memberCountText({ count: 3, ...TEAM_SIZES.relay })).toBe('3 of 3–5 members');
    expect(memberCountText({ count: 1, ...TEAM_SIZES.tech2 })).toBe('1 of 2 members');
    expect(sizeRuleText(TEAM_SIZES.individual)).toBe('3–5');
  });

  it('says what is missing, what room is left, or how many are too many', () => {
    expect(sizeState({ count: 1, min: 3, max: 5 })).toEqual({ tone: 'short', label: 'Needs 2 more' });
    expect(sizeState({ count: 3, min: 3, max: 5 })).toEqual({ tone: 'ok', label: 'Room for 2 more' });
    expect(sizeState({ count: 2, min: 2, max: 2 })).toEqual({ tone: 'ok', label: 'Full' });
    expect(sizeState({ count: 6, min: 3, max: 5 })).toEqual({ tone: 'over', label: '1 too many' });
  });
});

describe('problems', () => {
  it('has a short label for every problem code the API can send', () => {
    expect(Object.keys(PROBLEM_LABELS).sort()).toEqual([...PROBLEM_CODES].sort());
    expect(problemLabel('TOO_YOUNG')).toBe('Under 19 on the event date');
    expect(problemLabel('MEDICAL_CLEARANCE_EXPIRED')).toBe('Medical clearance expired');
    expect(problemLabel('ACCOUNT_UNVERIFIED')).toBe('E-mail not verified');
    expect(problemLabel('SOMETHING_NEW')).toBe('Not eligible');
  });

  it("drops the rule's name from the server's sentence", () => {
    expect(
      problemDetail('Age rule: Kid Doe is 18 on 2027-06-01; competitors must be 19 to 69 on the event date.'),
    ).toBe('Kid Doe is 18 on 2027-06-01; competitors must be 19 to 69 on the event date.');
    expect(problemDetail("Medical clearance rule: Al's doctor's clearance ends on 2027-01-01.")).toBe(
      "Al's doctor's clearance ends on 2027-01-01.",
    );
    expect(problemDetail('something else')).toBe('Something else');
  });
});
