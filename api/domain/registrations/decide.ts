/**
 * The rules of registrations: a command, the registration's state and what the run looks like in, the
 * events to append (to this stream and to every other stream of the run the command moves) out, or a
 * DomainError. Pure: the I/O side loads the context under a lock on the run and appends the result.
 *
 * The run's places span many streams, so decide works on RunPlaces (places.ts): how many registrations
 * hold a confirmed place and the waitlist in order. Admission (who may register now) is admission.ts.
 * One named function per command: the rule of a command is in decide<Command>.
 */

import type { Decider } from '../decider.ts';
import { conflict, type DomainError, notFound, ruleBroken } from '../errors.ts';
import { ineligibleError, memberEligibility, type RunTypeName } from '../teams/eligibility.ts';
import { type TeamFacts, type TeamMemberFacts, teamEligibility } from '../teams/team-rules.ts';
import { type AdmissionFacts, admissionRefusal } from './admission.ts';
import type { RegistrationEvent } from './events.ts';
import { evolve, initialRegistrationState, type RegistrationState } from './evolve.ts';
import { PlacesPlan, type RunPlaces, type StreamChange } from './places.ts';

export type RegistrationCommand =
  | {
      type: 'Submit';
      /** The new registration's id (from the registration_ids sequence). */
      id: number;
      runId: number;
      eventId: number;
      teamId: number | null;
      userId: number | null;
      registeredBy: number | null;
      notes?: string | null;
      /** A late entry on event day (admins): the window is not checked, a full run refuses it. */
      late?: boolean;
    }
  | { type: 'Cancel'; reason?: string | null }
  | { type: 'Confirm' }
  | { type: 'MoveOnWaitlist'; position: number }
  /** notes undefined: nothing to change (an empty PUT). */
  | { type: 'Update'; notes?: string | null }
  | { type: 'SoftDelete' }
  | { type: 'Restore' }
  | { type: 'OptInHybrid' }
  /**
   * Someone else takes the place: for an individual entry, the person `userId` becomes the entrant; for
   * a team, `userId` replaces the member `replacedUserId`. The registration (and so its slot) stays.
   */
  | { type: 'Substitute'; userId: number; replacedUserId?: number };

export type RegistrationCommandType = RegistrationCommand['type'];

export interface DecideContext {
  places: RunPlaces;
  /** OptInHybrid: whether the run accepts hybrid entries. */
  allowsHybrid?: boolean;
  /** Submit: everything admission needs; its first problem refuses the registration. */
  admission?: AdmissionFacts;
  /** Confirm of a cancelled one, Restore: whether the same team or person already holds another place in the run. */
  entrantHasOtherActive?: boolean;
  /** Substitute: what the rules need to know about the run, the incoming person and the team. */
  substitution?: SubstitutionFacts;
}

export interface SubstitutionFacts {
  eventStartDate: string;
  run: { type: RunTypeName; category: string; allowsHybrid: boolean };
  /** The person coming in. */
  incoming: TeamMemberFacts;
  /** The incoming person already holds a place of their own in the run (an individual entry). */
  incomingHoldsPlace: boolean;
  /** A team registration: the team and its members now. */
  team?: { facts: TeamFacts & { id: number; name: string }; members: TeamMemberFacts[] };
  /** A result is recorded for this registration: it ran, so nobody takes its place any more. */
  hasResult: boolean;
}

type Of<T extends RegistrationCommandType> = Extract<RegistrationCommand, { type: T }>;

const registrationNotFound = () => notFound('Registration', 'REGISTRATION_NOT_FOUND');

function requireLive(state: RegistrationState): void {
  if (!state.exists) throw registrationNotFound();
  if (state.deletedAt !== null)
    throw conflict('REGISTRATION_DELETED', 'This registration is deleted; restore it first.');
}

function alreadyRegistered(): DomainError {
  return conflict(
    'ALREADY_REGISTERED',
    'Registration rule: this team or person already holds another registration for this run; one per run.',
  );
}

/** The events of the registration's own stream alone. */
const own = (id: number, event: RegistrationEvent): StreamChange[] => [{ id, events: [event] }];

/**
 * The events a command appends, stream by stream (the command's own stream first), or a DomainError.
 * An empty list means there is nothing to change (the command is already satisfied).
 */
export function decide(command: RegistrationCommand, state: RegistrationState, context: DecideContext): StreamChange[] {
  switch (command.type) {
    case 'Submit':
      return decideSubmit(command, state, context);
    case 'Cancel':
      return decideCancel(command, state, context);
    case 'Confirm':
      return decideConfirm(command, state, context);
    case 'MoveOnWaitlist':
      return decideMoveOnWaitlist(command, state, context);
    case 'Update':
      return decideUpdate(command, state);
    case 'SoftDelete':
      return decideSoftDelete(command, state, context);
    case 'Restore':
      return decideRestore(command, state, context);
    case 'OptInHybrid':
      return decideOptInHybrid(command, state, context);
    case 'Substitute':
      return decideSubstitute(command, state, context);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown registration command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The registration aggregate in the shape of api/domain/decider.ts; its decisions span the run's streams. */
export const registrationDecider: Decider<
  RegistrationCommand,
  RegistrationState,
  RegistrationEvent,
  DecideContext,
  StreamChange[]
> = { initialState: initialRegistrationState, evolve, decide };

export function decideSubmit(command: Of<'Submit'>, state: RegistrationState, context: DecideContext): StreamChange[] {
  const { id } = command;
  if (state.exists) throw conflict('REGISTRATION_EXISTS', `Registration ${command.id} already exists.`);
  if ((command.teamId === null) === (command.userId === null)) {
    throw ruleBroken('ENTRANT_REQUIRED', 'Registration rule: a registration is for one team or one person.');
  }
  if (context.admission) {
    const refusal = admissionRefusal(context.admission);
    if (refusal) throw refusal;
  }
  const plan = new PlacesPlan(context.places, id);
  plan.settle();
  const base = {
    runId: command.runId,
    eventId: command.eventId,
    teamId: command.teamId,
    userId: command.userId,
    registeredBy: command.registeredBy,
    ...(command.notes ? { notes: command.notes } : {}),
    ...(command.late ? { late: true } : {}),
  };
  if (plan.hasFreePlace) {
    plan.takePlace();
    plan.add(id, { type: 'RegistrationSubmitted', data: { ...base, status: 'confirmed' } });
  } else if (command.late) {
    // A late entry is for today's order: a waitlist place would help nobody, so the limit says no.
    throw conflict(
      'RUN_FULL',
      'The run is full: raise its participant limit to take a late entry, or enter them in place of someone (a substitution).',
      { limit: context.places.limit, confirmed: context.places.confirmed },
    );
  } else {
    const position = plan.joinWaitlist(id);
    plan.add(id, {
      type: 'RegistrationSubmitted',
      data: { ...base, status: 'waitlisted', waitlistPosition: position },
    });
  }
  plan.renumber();
  return plan.result();
}

export function decideCancel(command: Of<'Cancel'>, state: RegistrationState, context: DecideContext): StreamChange[] {
  requireLive(state);
  if (state.status === 'cancelled') return [];
  const plan = new PlacesPlan(context.places, state.id);
  plan.add(state.id, {
    type: 'RegistrationCancelled',
    data: { previousStatus: state.status, ...(command.reason ? { reason: command.reason } : {}) },
  });
  plan.release(state.id, state.status);
  plan.settle();
  plan.renumber();
  return plan.result();
}

export function decideConfirm(_: Of<'Confirm'>, state: RegistrationState, context: DecideContext): StreamChange[] {
  requireLive(state);
  if (state.status === 'confirmed') return [];
  const { id } = state;
  const plan = new PlacesPlan(context.places, id);
  if (state.status === 'waitlisted') {
    if (!plan.hasFreePlace) {
      throw conflict(
        'RUN_FULL',
        'The run is full: this registration stays on the waitlist until a place frees up or the limit is raised.',
        {
          limit: context.places.limit,
          confirmed: context.places.confirmed,
        },
      );
    }
    plan.promote(id);
  } else {
    if (context.entrantHasOtherActive) throw alreadyRegistered();
    plan.settle();
    if (plan.hasFreePlace) {
      plan.takePlace();
      plan.add(id, { type: 'RegistrationConfirmed', data: { reinstated: true } });
    } else {
      plan.add(id, { type: 'RegistrationWaitlisted', data: { position: plan.joinWaitlist(id) } });
    }
  }
  plan.settle();
  plan.renumber();
  return plan.result();
}

export function decideMoveOnWaitlist(
  command: Of<'MoveOnWaitlist'>,
  state: RegistrationState,
  context: DecideContext,
): StreamChange[] {
  requireLive(state);
  const { id } = state;
  const plan = new PlacesPlan(context.places, id);
  if (state.status !== 'waitlisted' || !plan.isWaitlisted(id)) {
    throw conflict('NOT_WAITLISTED', 'Only a waitlisted registration has a waitlist position to move.');
  }
  const n = plan.waitlistLength;
  if (!Number.isInteger(command.position) || command.position < 1 || command.position > n) {
    throw ruleBroken('INVALID_WAITLIST_POSITION', `Waitlist rule: positions run from 1 to ${n}.`, {
      position: command.position,
      waitlistLength: n,
    });
  }
  if (plan.order.indexOf(id) === command.position - 1 && plan.storedPosition(id) === command.position) return [];
  plan.move(id, command.position);
  plan.renumber();
  return plan.result();
}

export function decideUpdate(command: Of<'Update'>, state: RegistrationState): StreamChange[] {
  requireLive(state);
  if (command.notes === undefined || command.notes === state.notes) return [];
  return own(state.id, { type: 'RegistrationUpdated', data: { notes: command.notes } });
}

export function decideSoftDelete(
  _: Of<'SoftDelete'>,
  state: RegistrationState,
  context: DecideContext,
): StreamChange[] {
  if (!state.exists) throw registrationNotFound();
  if (state.deletedAt !== null) return [];
  const plan = new PlacesPlan(context.places, state.id);
  plan.add(state.id, { type: 'RegistrationSoftDeleted', data: { previousStatus: state.status } });
  if (state.status !== 'cancelled') plan.release(state.id, state.status);
  plan.settle();
  plan.renumber();
  return plan.result();
}

export function decideRestore(_: Of<'Restore'>, state: RegistrationState, context: DecideContext): StreamChange[] {
  if (!state.exists) throw registrationNotFound();
  if (state.deletedAt === null) return [];
  const { id } = state;
  if (state.status === 'cancelled') return own(id, { type: 'RegistrationRestored', data: { status: 'cancelled' } });
  if (context.entrantHasOtherActive) throw alreadyRegistered();
  const plan = new PlacesPlan(context.places, id);
  plan.settle();
  if (plan.hasFreePlace) {
    plan.takePlace();
    plan.add(id, { type: 'RegistrationRestored', data: { status: 'confirmed' } });
  } else {
    plan.add(id, {
      type: 'RegistrationRestored',
      data: { status: 'waitlisted', waitlistPosition: plan.joinWaitlist(id) },
    });
  }
  plan.renumber();
  return plan.result();
}

export function decideOptInHybrid(
  _: Of<'OptInHybrid'>,
  state: RegistrationState,
  context: DecideContext,
): StreamChange[] {
  requireLive(state);
  if (!context.allowsHybrid) {
    throw ruleBroken('HYBRID_NOT_ALLOWED', 'Hybrid rule: this run does not accept hybrid (mixed-department) entries.');
  }
  if (state.isHybridOptIn) return [];
  return own(state.id, { type: 'HybridOptedIn', data: {} });
}

export function decideSubstitute(
  command: Of<'Substitute'>,
  state: RegistrationState,
  context: DecideContext,
): StreamChange[] {
  requireLive(state);
  const facts = context.substitution;
  if (!facts) throw new Error('Substitute needs the substitution facts');
  if (state.status !== 'confirmed') {
    throw ruleBroken(
      'REGISTRATION_NOT_CONFIRMED',
      `Substitution rule: only a confirmed entry is substituted; this one is ${state.status}.`,
    );
  }
  if (facts.hasResult) {
    throw conflict(
      'RESULT_RECORDED',
      'Substitution rule: this entry already has a result, so it ran; void the result first if it has to run again.',
    );
  }
  const eligibility = { eventStartDate: facts.eventStartDate, run: facts.run };
  const { incoming } = facts;
  if (state.userId !== null) {
    if (command.replacedUserId !== undefined && command.replacedUserId !== state.userId)
      throw ruleBroken('NOT_THE_ENTRANT', 'Substitution rule: the person replaced must be the one entered.');
    if (incoming.userId === state.userId)
      throw ruleBroken('SAME_PERSON', 'Substitution rule: the substitute is the person already entered.');
    if (facts.incomingHoldsPlace) {
      throw conflict(
        'ALREADY_REGISTERED',
        'Substitution rule: the substitute already holds an entry of their own in this run.',
      );
    }
    const problems = memberEligibility(incoming, eligibility);
    if (problems.length > 0) throw ineligibleError(problems);
    return own(state.id, {
      type: 'EntrantSubstituted',
      data: { previousUserId: state.userId, userId: incoming.userId },
    });
  }
  const team = facts.team;
  if (!team || state.teamId === null) throw new Error('A team substitution needs the team');
  if (command.replacedUserId === undefined)
    throw ruleBroken('MEMBER_REQUIRED', 'Substitution rule: name the team member who is replaced.');
  const replaced = command.replacedUserId;
  if (!team.members.some((m) => m.userId === replaced))
    throw ruleBroken('NOT_A_MEMBER', `Substitution rule: user ${replaced} is not a member of ${team.facts.name}.`);
  if (team.members.some((m) => m.userId === incoming.userId))
    throw conflict('ALREADY_A_MEMBER', `Substitution rule: the substitute is already a member of ${team.facts.name}.`);
  const after = team.members.map((m) => (m.userId === replaced ? incoming : m));
  const result = teamEligibility(team.facts, after, eligibility);
  if (!result.eligible) throw ineligibleError(result.problems);
  return own(state.id, {
    type: 'TeamMemberSubstituted',
    data: { teamId: state.teamId, replacedUserId: replaced, userId: incoming.userId },
  });
}
