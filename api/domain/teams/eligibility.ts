/**
 * Who may compete in a run (docs/domain.md; docs/decisions/016). Pure: no I/O,
 * so the registrations service, the teams service and the browser all apply the same rules.
 *
 * Dates are 'YYYY-MM-DD' strings. Ages are whole years on the event's start date.
 */
import { isIsoDate } from '../dates.ts';
import { type DomainError, ruleBroken } from '../errors.ts';

export type RunTypeName = 'individual' | 'relay' | 'tech2';
export type GenderName = 'female' | 'male' | 'other';

/** Competitors are 19 to 69 on the event's start date. */
export const MIN_AGE = 19;
export const MAX_AGE = 69;
/** From this age on a doctor's clearance valid on the event date is needed ("over 60"). */
export const MEDICAL_CLEARANCE_AGE = 60;

/** The rule a problem breaks: what the portal groups problems by, and what every message names. */
export type ProblemRule =
  | 'age'
  | 'account'
  | 'medical-clearance'
  | 'category'
  | 'team-size'
  | 'department'
  | 'hybrid'
  | 'membership'
  | 'run-type'
  | 'team-state';

export const PROBLEM_CODES = [
  'DATE_OF_BIRTH_MISSING',
  'TOO_YOUNG',
  'TOO_OLD',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_UNVERIFIED',
  'MEDICAL_CLEARANCE_MISSING',
  'MEDICAL_CLEARANCE_EXPIRED',
  'CATEGORY_WOMEN_ONLY',
  'CATEGORY_AGE_MINIMUM',
  'CATEGORY_PRE_SERVICE_ONLY',
  'CATEGORY_NEEDS_WOMAN',
  'TEAM_TOO_SMALL',
  'TEAM_TOO_LARGE',
  'DUPLICATE_MEMBER',
  'HYBRID_FLAG_REQUIRED',
  'HYBRID_NOT_ALLOWED',
  'RUN_TYPE_MISMATCH',
  'TEAM_INACTIVE',
  'TEAM_DELETED',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface EligibilityProblem {
  rule: ProblemRule;
  code: ProblemCode;
  /** A sentence for people: names the rule and, for a member, the person. */
  message: string;
  /** The member concerned; absent for problems of the team as a whole. */
  userId?: number;
}

/** What the rules need to know about a person (a user row, or a member of a team). */
export interface EligibilityMember {
  userId?: number;
  firstName?: string;
  lastName?: string;
  dateOfBirth: string | null;
  gender: GenderName | null;
  isActive: boolean;
  isVerified: boolean;
  medicalClearanceUntil: string | null;
  isPreService: boolean;
}

/** What the rules need to know about a run. */
export interface EligibilityRun {
  type: RunTypeName;
  category: string;
  /** Whether teams mixing departments may enter (runs.allows_hybrid). */
  allowsHybrid: boolean;
}

export interface EligibilityContext {
  /** The event's start date: the day ages, age groups and clearances are judged on. */
  eventStartDate: string;
  run: EligibilityRun;
}

/**
 * Whole years from `dateOfBirth` to `onDate`. A birthday counts on its day; someone born on 29 February
 * has their birthday on 1 March in common years (they are not a year older on 28 February).
 */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const years = Number(onDate.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  // Month-day strings compare in calendar order; '02-29' sorts after '02-28', so in a common year the
  // leap-day birthday is reached on '03-01'.
  return onDate.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** What a category asks of its competitors, read from its name (e.g. 'Over 40 Women', 'Mixed', 'Pre-Service'). */
export interface CategoryRule {
  /** Every competitor female: Open Women, Women relay, Over 40 Women... */
  womenOnly: boolean;
  /** A team has at least one woman: Mixed relays. */
  needsWoman: boolean;
  /** Every competitor at least this old on the event date: Over 40, 45, 50, 55, 60. */
  minimumAge: number | null;
  /** Every competitor an enrolled pre-service student: Pre-Service, and Fire School relays. */
  preServiceOnly: boolean;
}

/**
 * The constraints a category name carries; agrees with the category table of api/domain/runs/categories.ts
 * (a test holds them together) and also reads names outside it. Chief and Industrial carry none (the
 * data cannot tell a chief or an industrial brigade), nor do the men's categories (docs/decisions/016).
 */
export function categoryRule(category: string): CategoryRule {
  const name = category.toLowerCase().replace(/[_]+/g, ' ');
  const over = /\b(?:over|masters?)\s*(\d{2})\b/.exec(name) ?? /\b(\d{2})\s*\+/.exec(name);
  return {
    womenOnly: /\b(?:women|woman|womens|female|ladies)\b/.test(name),
    needsWoman: /\bmixed\b/.test(name),
    minimumAge: over ? Number(over[1]) : null,
    preServiceOnly: /\bpre\s*-?\s*service\b|\bfire\s*school\b/.test(name),
  };
}

export function needsMedicalClearance(age: number): boolean {
  return age >= MEDICAL_CLEARANCE_AGE;
}

/** How a person is named in messages: their name when known, else their account id, else "This competitor". */
export function personLabel(member: Pick<EligibilityMember, 'userId' | 'firstName' | 'lastName'>): string {
  const name = [member.firstName, member.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  if (name) return name;
  return member.userId === undefined ? 'This competitor' : `User ${member.userId}`;
}

/**
 * Everything that keeps one person from competing in a run at an event, in a stable order (age,
 * account, clearance, category); an empty list means eligible. The team-wide rules (size, departments,
 * Mixed) are teamProblems' in team-rules.ts.
 */
export function memberEligibility(
  member: EligibilityMember,
  { eventStartDate, run }: EligibilityContext,
): EligibilityProblem[] {
  const problems: EligibilityProblem[] = [];
  const who = personLabel(member);
  const add = (rule: ProblemRule, code: ProblemCode, message: string) =>
    problems.push(
      member.userId === undefined ? { rule, code, message } : { rule, code, message, userId: member.userId },
    );
  const category = categoryRule(run.category);

  const age = member.dateOfBirth && isIsoDate(member.dateOfBirth) ? ageOn(member.dateOfBirth, eventStartDate) : null;
  if (age === null) {
    add(
      'age',
      'DATE_OF_BIRTH_MISSING',
      `Age rule: ${who} has no date of birth on their profile; competitors must be ${MIN_AGE} to ${MAX_AGE} on the event date.`,
    );
  } else if (age < MIN_AGE) {
    add(
      'age',
      'TOO_YOUNG',
      `Age rule: ${who} is ${Math.max(age, 0)} on ${eventStartDate}; competitors must be ${MIN_AGE} to ${MAX_AGE} on the event date.`,
    );
  } else if (age > MAX_AGE) {
    add(
      'age',
      'TOO_OLD',
      `Age rule: ${who} is ${age} on ${eventStartDate}; competitors must be ${MIN_AGE} to ${MAX_AGE} on the event date.`,
    );
  }

  if (!member.isActive)
    add(
      'account',
      'ACCOUNT_INACTIVE',
      `Account rule: ${who}'s account is deactivated; every competitor needs an active account.`,
    );
  if (!member.isVerified) {
    add(
      'account',
      'ACCOUNT_UNVERIFIED',
      `Account rule: ${who} has not confirmed their e-mail address; every competitor needs a verified account.`,
    );
  }

  if (age !== null && needsMedicalClearance(age)) {
    const until = member.medicalClearanceUntil;
    if (!until) {
      add(
        'medical-clearance',
        'MEDICAL_CLEARANCE_MISSING',
        `Medical clearance rule: ${who} is ${age} on ${eventStartDate}; competitors aged ${MEDICAL_CLEARANCE_AGE} or over need a doctor's clearance, and none is recorded.`,
      );
    } else if (until < eventStartDate) {
      add(
        'medical-clearance',
        'MEDICAL_CLEARANCE_EXPIRED',
        `Medical clearance rule: ${who}'s doctor's clearance ends on ${until}, before the event on ${eventStartDate}; competitors aged ${MEDICAL_CLEARANCE_AGE} or over need one valid on the event date.`,
      );
    }
  }

  if (category.womenOnly && member.gender !== 'female') {
    const reason = member.gender === null ? 'has no gender on their profile' : 'is not recorded as female';
    add('category', 'CATEGORY_WOMEN_ONLY', `Category rule: ${run.category} is for women only; ${who} ${reason}.`);
  }
  if (category.minimumAge !== null && age !== null && age < category.minimumAge) {
    add(
      'category',
      'CATEGORY_AGE_MINIMUM',
      `Category rule: ${run.category} is for competitors aged ${category.minimumAge} or over on the event date; ${who} is ${Math.max(age, 0)} on ${eventStartDate}.`,
    );
  }
  if (category.preServiceOnly && !member.isPreService) {
    add(
      'category',
      'CATEGORY_PRE_SERVICE_ONLY',
      `Category rule: ${run.category} is for enrolled pre-service students; ${who} is not recorded as one.`,
    );
  }
  return problems;
}

export function isEligible(member: EligibilityMember, context: EligibilityContext): boolean {
  return memberEligibility(member, context).length === 0;
}

/**
 * A 422 for problems that keep someone (or a team) out: the first problem's code, every message, and
 * the whole list in details.problems, so a client can show each one where it belongs.
 */
export function ineligibleError(problems: readonly EligibilityProblem[]): DomainError {
  const first = problems[0];
  if (!first) throw new Error('ineligibleError needs at least one problem');
  return ruleBroken(first.code, problems.map((p) => p.message).join(' '), { problems });
}
