/** Event day: late entries (admission without the window) and substitutions (docs/decisions/045). */
import { describe, expect, it } from 'vitest';
import type { TeamMemberFacts } from '../teams/team-rules.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { type AdmissionFacts, admissionRefusal } from './admission.ts';
import { type DecideContext, registrationDecider, type SubstitutionFacts } from './decide.ts';
import type { RegistrationEvent } from './events.ts';
import { describeRegistrationEvent } from './events.ts';
import type { StreamChange } from './places.ts';

const person = (userId: number, extra: Partial<TeamMemberFacts> = {}): TeamMemberFacts => ({
  userId,
  departmentId: 1,
  dateOfBirth: '1990-01-01',
  gender: 'male',
  isActive: true,
  isVerified: true,
  medicalClearanceUntil: null,
  isPreService: false,
  ...extra,
});

/** Event day, 1 June 2027; the window closed on 31 May. */
const lateFacts: AdmissionFacts = {
  now: '2027-06-01T09:00:00.000Z',
  today: '2027-06-01',
  run: {
    type: 'individual',
    category: 'Open Men',
    isActive: true,
    allowsHybrid: false,
    registrationOpensAt: null,
    registrationClosesAt: null,
  },
  event: {
    isActive: true,
    isDeleted: false,
    status: 'In Progress',
    startDate: '2027-06-01',
    endDate: '2027-06-02',
    registrationOpensOn: '2027-01-01',
    registrationClosesOn: '2027-05-31',
  },
  entrant: { kind: 'user', person: person(5) },
  alreadyRegistered: false,
  late: true,
};

const ownEvents = (changes: StreamChange[], state: { id: number }) =>
  changes.find((c) => c.id === state.id)?.events ?? [];

describe('late entries: admission', () => {
  const code = (facts: AdmissionFacts) => admissionRefusal(facts)?.code;

  it('admits on event day after the window closed, where an ordinary registration is refused', () => {
    expect(admissionRefusal(lateFacts)).toBeUndefined();
    expect(code({ ...lateFacts, late: false })).toBe('REGISTRATION_CLOSED');
    expect(admissionRefusal({ ...lateFacts, today: '2027-06-02' })).toBeUndefined();
  });

  it('is for event day only, and never for an event that takes no entries', () => {
    expect(code({ ...lateFacts, today: '2027-05-31' })).toBe('NOT_EVENT_DAY');
    expect(admissionRefusal({ ...lateFacts, today: '2027-05-31' })?.message).toContain('2027-06-01');
    expect(code({ ...lateFacts, today: '2027-06-03' })).toBe('NOT_EVENT_DAY');
    expect(code({ ...lateFacts, event: { ...lateFacts.event, status: 'Cancelled' } })).toBe('NOT_EVENT_DAY');
  });

  it('keeps every other rule: active run, format, once per run, eligibility', () => {
    expect(code({ ...lateFacts, run: { ...lateFacts.run, isActive: false } })).toBe('RUN_INACTIVE');
    expect(code({ ...lateFacts, run: { ...lateFacts.run, type: 'relay' } })).toBe('TEAM_REQUIRED');
    expect(code({ ...lateFacts, alreadyRegistered: true })).toBe('ALREADY_REGISTERED');
    expect(code({ ...lateFacts, entrant: { kind: 'user', person: person(5, { dateOfBirth: '2012-01-01' }) } })).toBe(
      'TOO_YOUNG',
    );
  });

  it('words its refusals for the admin who enters someone, naming them, never "you"', () => {
    const jordan = person(5, { firstName: 'Jordan', lastName: 'Okafor' });
    const message = (facts: Partial<AdmissionFacts>) =>
      admissionRefusal({ ...lateFacts, entrant: { kind: 'user', person: jordan }, ...facts })?.message;
    expect(message({ alreadyRegistered: true })).toBe('Jordan Okafor is already entered in this run.');
    expect(message({ run: { ...lateFacts.run, type: 'relay' } })).toBe(
      'Format rule: the relay format is run by teams; enter a team late instead.',
    );
    expect(message({ today: '2027-05-31' })).not.toMatch(/\byou\b/i);
    // An admin registering someone else in the window is told whom it is about too; a competitor, "you".
    const inWindow = { late: false, today: '2027-05-01', now: '2027-05-01T09:00:00.000Z' };
    expect(message({ ...inWindow, alreadyRegistered: true, onBehalf: true })).toBe(
      'Registration rule: Jordan Okafor is already registered for this run; a person registers once per run.',
    );
    expect(message({ ...inWindow, alreadyRegistered: true })).toContain('you are already registered');
  });
});

describe('late entries: decide', () => {
  const spec = deciderSpec(registrationDecider, {
    context: (): DecideContext => ({ places: { limit: 10, confirmed: 3, waitlist: [] } }),
    ownEvents,
  });
  const submit = {
    type: 'Submit',
    id: 9,
    runId: 1,
    eventId: 1,
    teamId: null,
    userId: 5,
    registeredBy: 1,
    late: true,
  } as const;

  it('is confirmed and recorded as late', () => {
    const [change] = spec.when(registrationDecider.initialState(9), submit);
    const event = change?.events[0] as RegistrationEvent;
    expect(event).toMatchObject({ type: 'RegistrationSubmitted', data: { status: 'confirmed', late: true } });
    expect(describeRegistrationEvent(event)).toBe('Entered late on event day and confirmed');
    expect(spec.play(registrationDecider.initialState(9), submit)).toMatchObject({
      exists: true,
      status: 'confirmed',
      isLate: true,
    });
  });

  it('a full run refuses it (RUN_FULL) rather than waitlisting it; an ordinary one is waitlisted', () => {
    const full = { places: { limit: 3, confirmed: 3, waitlist: [] } };
    expect(spec.refusal(registrationDecider.initialState(9), submit, full).code).toBe('RUN_FULL');
    const ordinary = spec.play(registrationDecider.initialState(9), { ...submit, late: false });
    expect(ordinary.isLate).toBe(false);
  });
});

describe('substitutions', () => {
  const individualFacts: SubstitutionFacts = {
    eventStartDate: '2027-06-01',
    run: { type: 'individual', category: 'Open Men', allowsHybrid: false },
    incoming: person(6),
    incomingHoldsPlace: false,
    hasResult: false,
  };
  const members = [person(1), person(2), person(3)];
  const teamFacts: SubstitutionFacts = {
    ...individualFacts,
    run: { type: 'relay', category: 'Men', allowsHybrid: false },
    team: {
      facts: { id: 4, name: 'Engine 7', runType: 'relay', departmentId: 1, isHybrid: false, isActive: true },
      members,
    },
  };
  const spec = deciderSpec(registrationDecider, {
    context: (): DecideContext => ({
      places: { limit: 10, confirmed: 1, waitlist: [] },
      substitution: individualFacts,
    }),
    ownEvents,
    id: 9,
  });
  const submitted = (entrant: { teamId: number | null; userId: number | null }, status = 'confirmed' as const) =>
    spec.given([
      {
        type: 'RegistrationSubmitted',
        data: { runId: 1, eventId: 1, registeredBy: 1, status, ...entrant },
      },
    ]);
  const individual = submitted({ teamId: null, userId: 5 });
  const team = submitted({ teamId: 4, userId: null });
  const inTeam = (facts: Partial<SubstitutionFacts> = {}): DecideContext => ({
    places: { limit: 10, confirmed: 1, waitlist: [] },
    substitution: { ...teamFacts, ...facts },
  });

  it('an individual entry passes to another competitor: same registration, history kept', () => {
    const [change] = spec.when(individual, { type: 'Substitute', userId: 6 });
    expect(change?.events).toEqual([{ type: 'EntrantSubstituted', data: { previousUserId: 5, userId: 6 } }]);
    const after = spec.play(individual, { type: 'Substitute', userId: 6 });
    expect(after).toMatchObject({ id: 9, userId: 6, status: 'confirmed', version: 2 });
  });

  it('refuses the same person, someone already entered, an ineligible one, the wrong replaced person', () => {
    const ctx = (facts: Partial<SubstitutionFacts>): DecideContext => ({
      places: { limit: 10, confirmed: 1, waitlist: [] },
      substitution: { ...individualFacts, ...facts },
    });
    expect(spec.refusal(individual, { type: 'Substitute', userId: 5 }, ctx({ incoming: person(5) })).code).toBe(
      'SAME_PERSON',
    );
    expect(spec.refusal(individual, { type: 'Substitute', userId: 6 }, ctx({ incomingHoldsPlace: true })).code).toBe(
      'ALREADY_REGISTERED',
    );
    const young = ctx({ incoming: person(6, { dateOfBirth: '2012-05-05' }) });
    expect(spec.refusal(individual, { type: 'Substitute', userId: 6 }, young).code).toBe('TOO_YOUNG');
    expect(spec.refusal(individual, { type: 'Substitute', userId: 6, replacedUserId: 7 }).code).toBe('NOT_THE_ENTRANT');
    expect(spec.refusal(individual, { type: 'Substitute', userId: 6 }, ctx({ hasResult: true })).code).toBe(
      'RESULT_RECORDED',
    );
  });

  it('refuses an entry that is not confirmed', () => {
    const waitlisted = spec.given([
      {
        type: 'RegistrationSubmitted',
        data: {
          runId: 1,
          eventId: 1,
          registeredBy: 1,
          teamId: null,
          userId: 5,
          status: 'waitlisted',
          waitlistPosition: 1,
        },
      },
    ]);
    expect(spec.refusal(waitlisted, { type: 'Substitute', userId: 6 }).code).toBe('REGISTRATION_NOT_CONFIRMED');
  });

  it('a team member is replaced when the team stays eligible', () => {
    const [change] = spec.when(team, { type: 'Substitute', userId: 6, replacedUserId: 2 }, inTeam());
    expect(change?.events).toEqual([
      { type: 'TeamMemberSubstituted', data: { teamId: 4, replacedUserId: 2, userId: 6 } },
    ]);
    expect(spec.playIn(inTeam(), team, { type: 'Substitute', userId: 6, replacedUserId: 2 })).toMatchObject({
      teamId: 4,
      userId: null,
      version: 2,
    });
  });

  it('refuses a team substitution without a replaced member, a non-member, a member, or one that breaks the team', () => {
    expect(spec.refusal(team, { type: 'Substitute', userId: 6 }, inTeam()).code).toBe('MEMBER_REQUIRED');
    expect(spec.refusal(team, { type: 'Substitute', userId: 6, replacedUserId: 9 }, inTeam()).code).toBe(
      'NOT_A_MEMBER',
    );
    expect(
      spec.refusal(team, { type: 'Substitute', userId: 3, replacedUserId: 1 }, inTeam({ incoming: person(3) })).code,
    ).toBe('ALREADY_A_MEMBER');
    // From another department: the team would mix departments without being a hybrid team.
    const outsider = inTeam({ incoming: person(6, { departmentId: 2 }) });
    expect(spec.refusal(team, { type: 'Substitute', userId: 6, replacedUserId: 2 }, outsider).code).toBe(
      'HYBRID_FLAG_REQUIRED',
    );
    const unverified = inTeam({ incoming: person(6, { isVerified: false }) });
    expect(spec.refusal(team, { type: 'Substitute', userId: 6, replacedUserId: 2 }, unverified).code).toBe(
      'ACCOUNT_UNVERIFIED',
    );
  });
});
