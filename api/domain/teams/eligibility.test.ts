import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate } from '../dates.ts';
import { DomainError } from '../errors.ts';
import { RUN_CATEGORIES, RUN_TYPES } from '../runs/categories.ts';
import {
  ageOn,
  categoryRule,
  type EligibilityContext,
  type EligibilityMember,
  type EligibilityRun,
  ineligibleError,
  isEligible,
  MAX_AGE,
  MEDICAL_CLEARANCE_AGE,
  MIN_AGE,
  memberEligibility,
  PROBLEM_CODES,
  personLabel,
} from './eligibility.ts';

const EVENT = '2027-06-01';
const openMen: EligibilityRun = { type: 'individual', category: 'Open Men', allowsHybrid: false };
const at = (run: EligibilityRun = openMen, eventStartDate = EVENT): EligibilityContext => ({ eventStartDate, run });

/** A competitor who meets every rule of an open category at EVENT: 30, active, verified. */
const person = (overrides: Partial<EligibilityMember> = {}): EligibilityMember => ({
  userId: 7,
  firstName: 'Casey',
  lastName: 'Jones',
  dateOfBirth: '1997-03-15',
  gender: 'male',
  isActive: true,
  isVerified: true,
  medicalClearanceUntil: null,
  isPreService: false,
  ...overrides,
});
const codes = (member: EligibilityMember, context = at()) => memberEligibility(member, context).map((p) => p.code);

/** The years between, counting a birthday on its day and a 29 February birthday on 1 March in common years. */
function referenceAge(dob: string, on: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [oy] = on.split('-').map(Number) as [number];
  let age = oy - by;
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const birthdayThisYear =
    bm === 2 && bd === 29 && !leap(oy)
      ? `${oy}-03-01`
      : `${String(oy).padStart(4, '0')}-${String(bm).padStart(2, '0')}-${String(bd).padStart(2, '0')}`;
  if (on < birthdayThisYear) age -= 1;
  return age;
}

const isoDate = (min: string, max: string) =>
  fc
    .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

describe('ageOn', () => {
  it('counts a birthday on its day', () => {
    expect(ageOn('2008-06-01', '2027-06-01')).toBe(19);
    expect(ageOn('2008-06-02', '2027-06-01')).toBe(18);
    expect(ageOn('1957-05-31', '2027-06-01')).toBe(70);
    expect(ageOn('1957-06-02', '2027-06-01')).toBe(69);
  });

  it('makes someone born on 29 February a year older on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2008-02-29', '2027-02-28')).toBe(18);
    expect(ageOn('2008-02-29', '2027-03-01')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('agrees with a calendar reference for any pair of dates', () => {
    fc.assert(
      fc.property(isoDate('1900-01-01', '2099-12-31'), isoDate('1900-01-01', '2099-12-31'), (dob, on) => {
        expect(ageOn(dob, on)).toBe(referenceAge(dob, on));
      }),
      { numRuns: 2000 },
    );
  });

  it('never falls from one day to the next, and rises by at most one', () => {
    fc.assert(
      fc.property(isoDate('1920-01-01', '2010-12-31'), isoDate('1950-01-01', '2090-12-30'), (dob, on) => {
        const step = ageOn(dob, addDays(on, 1)) - ageOn(dob, on);
        expect(step === 0 || step === 1).toBe(true);
      }),
    );
  });
});

describe('the age rule: 19 to 69 on the event start date', () => {
  it('admits someone whose 19th birthday is the event day, not the day after', () => {
    expect(codes(person({ dateOfBirth: '2008-06-01' }))).toEqual([]);
    expect(codes(person({ dateOfBirth: '2008-06-02' }))).toEqual(['TOO_YOUNG']);
  });

  it('refuses someone whose 70th birthday was the day before the event, admits one turning 70 the day after', () => {
    const cleared = { medicalClearanceUntil: '2027-12-31' };
    expect(codes(person({ dateOfBirth: '1957-05-31', ...cleared }))).toEqual(['TOO_OLD']);
    expect(codes(person({ dateOfBirth: '1957-06-01', ...cleared }))).toEqual(['TOO_OLD']);
    expect(codes(person({ dateOfBirth: '1957-06-02', ...cleared }))).toEqual([]);
  });

  it('judges leap-day birthdays in a common event year from 1 March', () => {
    const leapling = person({ dateOfBirth: '2008-02-29' });
    expect(codes(leapling, at(openMen, '2027-02-28'))).toEqual(['TOO_YOUNG']);
    expect(codes(leapling, at(openMen, '2027-03-01'))).toEqual([]);
    const oldLeapling = person({ dateOfBirth: '1956-02-29', medicalClearanceUntil: '2030-01-01' });
    expect(codes(oldLeapling, at(openMen, '2026-02-28'))).toEqual([]);
    expect(codes(oldLeapling, at(openMen, '2026-03-01'))).toEqual(['TOO_OLD']);
  });

  it('reports a missing date of birth, and then no age-based rule', () => {
    const problems = memberEligibility(person({ dateOfBirth: null }), at({ ...openMen, category: 'Over 40' }));
    expect(problems.map((p) => p.code)).toEqual(['DATE_OF_BIRTH_MISSING']);
    expect(problems[0]).toMatchObject({ rule: 'age', userId: 7 });
    expect(problems[0]?.message).toContain('Age rule');
    expect(problems[0]?.message).toContain('Casey Jones');
    expect(codes(person({ dateOfBirth: 'not-a-date' }))).toEqual(['DATE_OF_BIRTH_MISSING']);
  });

  it('says how old the person is and names the rule', () => {
    const [problem] = memberEligibility(person({ dateOfBirth: '2009-01-01' }), at());
    expect(problem?.message).toBe(
      'Age rule: Casey Jones is 18 on 2027-06-01; competitors must be 19 to 69 on the event date.',
    );
  });
});

describe('account and medical clearance', () => {
  it('needs an active and verified account', () => {
    expect(codes(person({ isActive: false, isVerified: false }))).toEqual(['ACCOUNT_INACTIVE', 'ACCOUNT_UNVERIFIED']);
  });

  it('needs a clearance valid on the event date from the age of 60', () => {
    const sixty = '1967-06-01';
    expect(codes(person({ dateOfBirth: '1967-06-02' }))).toEqual([]);
    expect(codes(person({ dateOfBirth: sixty }))).toEqual(['MEDICAL_CLEARANCE_MISSING']);
    expect(codes(person({ dateOfBirth: sixty, medicalClearanceUntil: '2027-05-31' }))).toEqual([
      'MEDICAL_CLEARANCE_EXPIRED',
    ]);
    expect(codes(person({ dateOfBirth: sixty, medicalClearanceUntil: EVENT }))).toEqual([]);
    expect(codes(person({ dateOfBirth: '1957-06-02', medicalClearanceUntil: '2028-01-01' }))).toEqual([]);
  });
});

describe('categories', () => {
  it('reads the constraints from the category name', () => {
    expect(categoryRule('Open Women')).toEqual({
      womenOnly: true,
      needsWoman: false,
      minimumAge: null,
      preServiceOnly: false,
    });
    expect(categoryRule('Open Men')).toEqual({
      womenOnly: false,
      needsWoman: false,
      minimumAge: null,
      preServiceOnly: false,
    });
    expect(categoryRule('Over 45 Women')).toMatchObject({ womenOnly: true, minimumAge: 45 });
    expect(categoryRule('Men Over 50')).toMatchObject({ womenOnly: false, minimumAge: 50 });
    expect(categoryRule("Women's Relay")).toMatchObject({ womenOnly: true });
    expect(categoryRule('Mixed')).toMatchObject({ needsWoman: true, womenOnly: false });
    expect(categoryRule('Pre-Service')).toMatchObject({ preServiceOnly: true });
    expect(categoryRule('pre service')).toMatchObject({ preServiceOnly: true });
    expect(categoryRule('Fire School')).toMatchObject({ preServiceOnly: true });
    for (const open of ['Chief', 'Industrial', 'Men', '']) {
      expect(categoryRule(open)).toEqual({
        womenOnly: false,
        needsWoman: false,
        minimumAge: null,
        preServiceOnly: false,
      });
    }
  });

  it("agrees with the category table of the runs, except that men's categories are open", () => {
    for (const type of RUN_TYPES) {
      for (const category of RUN_CATEGORIES[type]) {
        expect(categoryRule(category.name), `${type} ${category.name}`).toEqual({
          womenOnly: category.gender === 'women',
          needsWoman: category.gender === 'mixed',
          minimumAge: category.minAge ?? null,
          preServiceOnly: category.preServiceOnly === true,
        });
      }
    }
  });

  it('keeps women-only categories for women, with a distinct message for a missing gender', () => {
    const women = { ...openMen, category: 'Open Women' };
    expect(codes(person({ gender: 'female' }), at(women))).toEqual([]);
    expect(codes(person({ gender: 'male' }), at(women))).toEqual(['CATEGORY_WOMEN_ONLY']);
    expect(codes(person({ gender: 'other' }), at(women))).toEqual(['CATEGORY_WOMEN_ONLY']);
    const [missing] = memberEligibility(person({ gender: null }), at(women));
    expect(missing?.message).toContain('has no gender on their profile');
  });

  it('needs every competitor of an age group to be at least that age on the event date', () => {
    const over40 = { ...openMen, category: 'Over 40' };
    expect(codes(person({ dateOfBirth: '1987-06-01' }), at(over40))).toEqual([]);
    expect(codes(person({ dateOfBirth: '1987-06-02' }), at(over40))).toEqual(['CATEGORY_AGE_MINIMUM']);
  });

  it('keeps Pre-Service for pre-service students', () => {
    const pre = { ...openMen, category: 'Pre-Service' };
    expect(codes(person({ isPreService: true }), at(pre))).toEqual([]);
    expect(codes(person(), at(pre))).toEqual(['CATEGORY_PRE_SERVICE_ONLY']);
  });

  it('leaves the Mixed rule to the team (a single person is not checked for it)', () => {
    expect(codes(person(), at({ type: 'relay', category: 'Mixed', allowsHybrid: false }))).toEqual([]);
  });
});

describe('memberEligibility as a whole', () => {
  const member = fc.record({
    userId: fc.integer({ min: 1, max: 1000 }),
    dateOfBirth: fc.option(isoDate('1940-01-01', '2015-12-31'), { nil: null }),
    gender: fc.option(fc.constantFrom('female' as const, 'male' as const, 'other' as const), { nil: null }),
    isActive: fc.boolean(),
    isVerified: fc.boolean(),
    medicalClearanceUntil: fc.option(isoDate('2020-01-01', '2035-12-31'), { nil: null }),
    isPreService: fc.boolean(),
  });
  const run = fc.record({
    type: fc.constantFrom('individual' as const, 'relay' as const, 'tech2' as const),
    category: fc.constantFrom(
      'Open Men',
      'Open Women',
      'Over 40',
      'Over 50 Women',
      'Over 60',
      'Pre-Service',
      'Mixed',
      'Chief',
      'Men',
    ),
    allowsHybrid: fc.boolean(),
  });
  const eventDate = isoDate('2020-01-01', '2035-12-31');

  /** The rules of docs/domain.md and decision 016, written out plainly. */
  function shouldBeEligible(m: EligibilityMember, context: EligibilityContext): boolean {
    if (!m.dateOfBirth || !m.isActive || !m.isVerified) return false;
    const age = referenceAge(m.dateOfBirth, context.eventStartDate);
    if (age < MIN_AGE || age > MAX_AGE) return false;
    if (age >= MEDICAL_CLEARANCE_AGE && !(m.medicalClearanceUntil && m.medicalClearanceUntil >= context.eventStartDate))
      return false;
    const c = context.run.category;
    if (c.includes('Women') && m.gender !== 'female') return false;
    const over = /Over (\d+)/.exec(c);
    if (over && age < Number(over[1])) return false;
    if (c === 'Pre-Service' && !m.isPreService) return false;
    return true;
  }

  it('finds no problem exactly when every rule is met', () => {
    fc.assert(
      fc.property(member, run, eventDate, (m, r, date) => {
        const context = { eventStartDate: date, run: r };
        expect(isEligible(m, context)).toBe(shouldBeEligible(m, context));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives every problem a known code, a rule named in its message and the member id', () => {
    const ruleWords: Record<string, string> = {
      age: 'Age rule',
      account: 'Account rule',
      'medical-clearance': 'Medical clearance rule',
      category: 'Category rule',
    };
    fc.assert(
      fc.property(member, run, eventDate, (m, r, date) => {
        const problems = memberEligibility(m, { eventStartDate: date, run: r });
        expect(new Set(problems.map((p) => p.code)).size).toBe(problems.length);
        for (const p of problems) {
          expect(PROBLEM_CODES).toContain(p.code);
          expect(p.message.startsWith(ruleWords[p.rule] ?? '?')).toBe(true);
          expect(p.userId).toBe(m.userId);
        }
      }),
    );
  });

  it('does not depend on anything but the event date (same answer on every day of the same age)', () => {
    fc.assert(
      fc.property(member, run, eventDate, (m, r, date) => {
        fc.pre(m.dateOfBirth !== null && isIsoDate(date));
        const next = addDays(date, 1);
        fc.pre(referenceAge(m.dateOfBirth as string, next) === referenceAge(m.dateOfBirth as string, date));
        fc.pre(m.medicalClearanceUntil === null || m.medicalClearanceUntil < date || m.medicalClearanceUntil >= next);
        expect(codes(m, { eventStartDate: next, run: r })).toEqual(codes(m, { eventStartDate: date, run: r }));
      }),
    );
  });
});

describe('helpers', () => {
  it('names a person by name, else by account id', () => {
    expect(personLabel({ firstName: 'A', lastName: 'B' })).toBe('A B');
    expect(personLabel({ userId: 3, firstName: ' ', lastName: '' })).toBe('User 3');
    expect(personLabel({})).toBe('This competitor');
  });

  it('turns problems into one 422 carrying them all', () => {
    const problems = memberEligibility(person({ dateOfBirth: null, isVerified: false }), at());
    const error = ineligibleError(problems);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('DATE_OF_BIRTH_MISSING');
    expect(error.message).toContain('Account rule');
    expect(error.details).toEqual({ problems });
    expect(() => ineligibleError([])).toThrow();
  });
});
