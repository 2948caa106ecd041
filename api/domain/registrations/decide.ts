/**
 * The rules of registrations: a command, the registration's state and what the run looks like in, the
 * events to append (to this stream and to every other stream of the run the command moves) out, or a
 * DomainError. Pure: the I/O side loads the context under a lock on the run and appends the result.
 *
 * The run's places span many streams, so decide works on RunPlaces: how many registrations hold a
 * confirmed place and the waitlist in order. Whatever the command, the result keeps:
 * - no more confirmed than the limit, except that lowering the limit never removes anyone (nobody is
 *   promoted until the run is below its limit again);
 * - waitlist positions 1..n without gaps, in the order people joined unless an admin moved them;
 * - nobody waiting while a place is free (the first waitlisted is promoted whenever a place frees up).
 */

import { conflict, type DomainError, notFound, ruleBroken } from '../errors.ts';
import type { EventStatus } from '../events/statuses.ts';
import { type EligibilityMember, ineligibleError, memberEligibility, type RunTypeName } from '../teams/eligibility.ts';
import { mixesDepartments, type TeamFacts, type TeamMemberFacts, teamEligibility } from '../teams/team-rules.ts';
import type { RegistrationEvent, RegistrationStatus } from './events.ts';
import type { RegistrationState } from './evolve.ts';

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
    }
  | { type: 'Cancel'; reason?: string | null }
  | { type: 'Confirm' }
  | { type: 'MoveOnWaitlist'; position: number }
  /** notes undefined: nothing to change (an empty PUT). */
  | { type: 'Update'; notes?: string | null }
  | { type: 'SoftDelete' }
  | { type: 'Restore' }
  | { type: 'OptInHybrid' };

export type RegistrationCommandType = RegistrationCommand['type'];

export interface WaitlistEntry {
  id: number;
  position: number;
}

/** The run's places as the read model has them (registrations that are not deleted). */
export interface RunPlaces {
  limit: number;
  /** How many registrations hold a confirmed place. */
  confirmed: number;
  /** The waitlisted registrations, by position. */
  waitlist: readonly WaitlistEntry[];
}

export interface DecideContext {
  places: RunPlaces;
  /** OptInHybrid: whether the run accepts hybrid entries. */
  allowsHybrid?: boolean;
  /** Submit: everything admission needs; its first problem refuses the registration. */
  admission?: AdmissionFacts;
  /** Confirm of a cancelled one, Restore: whether the same team or person already holds another place in the run. */
  entrantHasOtherActive?: boolean;
}

/** The events for one stream. */
export interface StreamChange {
  id: number;
  events: RegistrationEvent[];
}

// ---------- admission: may this team or person register for this run now? ----------

export interface AdmissionFacts {
  /** ISO date-time of now, and the calendar day in the site's time zone. */
  now: string;
  today: string;
  run: {
    type: RunTypeName;
    category: string;
    isActive: boolean;
    allowsHybrid: boolean;
    registrationOpensAt: string | null;
    registrationClosesAt: string | null;
  };
  event: {
    isActive: boolean;
    isDeleted: boolean;
    status: EventStatus | string;
    startDate: string;
    endDate: string;
    registrationOpensOn: string | null;
    registrationClosesOn: string | null;
  };
  entrant:
    | { kind: 'user'; person: EligibilityMember & { userId: number } }
    | { kind: 'team'; team: TeamFacts & { id: number; name: string }; members: TeamMemberFacts[] };
  /** The same team or person already holds a place (confirmed or waitlisted) in the run. */
  alreadyRegistered: boolean;
}

/** Statuses under which an event takes no registrations whatever its dates say (docs/decisions/008), and drafts. */
const NOT_REGISTERING: readonly string[] = ['Draft', 'Cancelled', 'Completed', 'To Be Rescheduled'];

/**
 * Why the registration window is shut, or undefined when it is open. Each bound of the run's own window
 * falls back, separately, to the event's registration dates (docs/decisions/008).
 */
export function registrationWindowProblem(
  facts: Pick<AdmissionFacts, 'now' | 'today' | 'run' | 'event'>,
): string | undefined {
  const { run, event, now, today } = facts;
  if (NOT_REGISTERING.includes(event.status))
    return `Registration window rule: the event is ${event.status}, so it takes no registrations.`;
  if (today > event.endDate) return 'Registration window rule: the event is over.';
  const nowMs = Date.parse(now);
  if (run.registrationOpensAt !== null) {
    if (nowMs < Date.parse(run.registrationOpensAt))
      return `Registration window rule: registration for this run opens at ${run.registrationOpensAt}.`;
  } else if (event.registrationOpensOn === null) {
    return 'Registration window rule: registration for this event has not opened yet.';
  } else if (today < event.registrationOpensOn) {
    return `Registration window rule: registration for this event opens on ${event.registrationOpensOn}.`;
  }
  if (run.registrationClosesAt !== null) {
    if (nowMs >= Date.parse(run.registrationClosesAt))
      return `Registration window rule: registration for this run closed at ${run.registrationClosesAt}.`;
  } else if (event.registrationClosesOn !== null && today > event.registrationClosesOn) {
    return `Registration window rule: registration for this event closed on ${event.registrationClosesOn}.`;
  }
  return undefined;
}

/** The first rule that keeps this entrant out of the run now, as the 422 to answer; undefined when admitted. */
export function admissionRefusal(facts: AdmissionFacts): DomainError | undefined {
  const { run, event, entrant } = facts;
  if (!run.isActive)
    return ruleBroken('RUN_INACTIVE', 'Run rule: this run is not active, so it takes no registrations.');
  if (!event.isActive || event.isDeleted)
    return ruleBroken('EVENT_INACTIVE', 'Event rule: this event is not active, so its runs take no registrations.');
  const closed = registrationWindowProblem(facts);
  if (closed) return ruleBroken('REGISTRATION_CLOSED', closed);
  const context = {
    eventStartDate: event.startDate,
    run: { type: run.type, category: run.category, allowsHybrid: run.allowsHybrid },
  };

  if (entrant.kind === 'user') {
    if (run.type !== 'individual') {
      return ruleBroken(
        'TEAM_REQUIRED',
        `Format rule: the ${run.type} format is run by teams; register a team for it.`,
      );
    }
    if (facts.alreadyRegistered) {
      return conflict(
        'ALREADY_REGISTERED',
        'Registration rule: you are already registered for this run; a person registers once per run.',
      );
    }
    const problems = memberEligibility(entrant.person, context);
    return problems.length > 0 ? ineligibleError(problems) : undefined;
  }

  const { team, members } = entrant;
  if (team.runType !== run.type) {
    return ruleBroken(
      'TEAM_TYPE_MISMATCH',
      `Format rule: ${team.name} is a ${team.runType} team and this run is for the ${run.type} format.`,
      { teamType: team.runType, runType: run.type },
    );
  }
  // The hybrid flag alone refuses nothing: only a team whose people really come from several departments
  // needs a run that accepts hybrid teams (the same rule as the team's own eligibility check).
  if (!run.allowsHybrid && mixesDepartments(team, members)) {
    return ruleBroken(
      'HYBRID_NOT_ALLOWED',
      `Hybrid rule: ${team.name} mixes departments and this run does not accept hybrid teams.`,
    );
  }
  if (facts.alreadyRegistered) {
    return conflict(
      'ALREADY_REGISTERED',
      `Registration rule: ${team.name} is already registered for this run; a team registers once per run.`,
    );
  }
  const eligibility = teamEligibility(team, members, context);
  return eligibility.eligible ? undefined : ineligibleError(eligibility.problems);
}

// ---------- places ----------

/** The run's places while a command is decided: what changes, and the events that say so. */
class Plan {
  private readonly limit: number;
  private confirmed: number;
  /** Waitlisted ids in their new order. */
  readonly order: number[];
  /** The waitlist position each stream will have stored once its own events so far are applied. */
  private readonly stored = new Map<number, number | null>();
  private readonly changes = new Map<number, RegistrationEvent[]>();

  constructor(places: RunPlaces, targetId?: number) {
    this.limit = places.limit;
    this.confirmed = places.confirmed;
    const sorted = [...places.waitlist].sort((a, b) => a.position - b.position || a.id - b.id);
    this.order = sorted.map((e) => e.id);
    for (const e of sorted) this.stored.set(e.id, e.position);
    // The command's own stream first, so its events are appended first.
    if (targetId !== undefined) this.changes.set(targetId, []);
  }

  get hasFreePlace(): boolean {
    return this.confirmed < this.limit;
  }

  get waitlistLength(): number {
    return this.order.length;
  }

  isWaitlisted(id: number): boolean {
    return this.order.includes(id);
  }

  storedPosition(id: number): number {
    return this.stored.get(id) ?? this.order.indexOf(id) + 1;
  }

  add(id: number, event: RegistrationEvent): void {
    const list = this.changes.get(id);
    if (list) list.push(event);
    else this.changes.set(id, [event]);
  }

  /** The registration leaves its place or its waitlist position (cancelled, deleted). */
  release(id: number, status: RegistrationStatus): void {
    const index = this.order.indexOf(id);
    if (index >= 0) {
      this.order.splice(index, 1);
      this.stored.delete(id);
    } else if (status === 'confirmed') {
      this.confirmed -= 1;
    }
  }

  /** A registration takes a confirmed place (its event says how). */
  takePlace(): void {
    this.confirmed += 1;
  }

  /** A registration joins the end of the waitlist at the position its own event records. */
  joinWaitlist(id: number): number {
    this.order.push(id);
    const position = this.order.length;
    this.stored.set(id, position);
    return position;
  }

  promote(id: number): void {
    const index = this.order.indexOf(id);
    if (index < 0) return;
    this.add(id, { type: 'PromotedFromWaitlist', data: { fromPosition: this.storedPosition(id) } });
    this.order.splice(index, 1);
    this.stored.delete(id);
    this.confirmed += 1;
  }

  /** While places are free and people wait, the first in line moves up. */
  settle(): void {
    while (this.hasFreePlace && this.order.length > 0) this.promote(this.order[0] as number);
  }

  move(id: number, position: number): void {
    const from = this.storedPosition(id);
    this.order.splice(this.order.indexOf(id), 1);
    this.order.splice(position - 1, 0, id);
    this.add(id, { type: 'WaitlistPositionChanged', data: { from, to: position } });
    this.stored.set(id, position);
  }

  /** Positions 1..n in the new order: an event for every stream whose stored position differs. */
  renumber(): void {
    this.order.forEach((id, index) => {
      const to = index + 1;
      const from = this.stored.get(id);
      if (from !== to) {
        this.add(id, { type: 'WaitlistPositionChanged', data: { from: from ?? to, to } });
        this.stored.set(id, to);
      }
    });
  }

  result(): StreamChange[] {
    return [...this.changes].filter(([, events]) => events.length > 0).map(([id, events]) => ({ id, events }));
  }
}

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

/**
 * The events a command appends, stream by stream (the command's own stream first), or a DomainError.
 * An empty list means there is nothing to change (the command is already satisfied).
 */
export function decide(command: RegistrationCommand, state: RegistrationState, context: DecideContext): StreamChange[] {
  const id = command.type === 'Submit' ? command.id : state.id;
  const plan = new Plan(context.places, id);

  switch (command.type) {
    case 'Submit': {
      if (state.exists) throw conflict('REGISTRATION_EXISTS', `Registration ${command.id} already exists.`);
      if ((command.teamId === null) === (command.userId === null)) {
        throw ruleBroken('ENTRANT_REQUIRED', 'Registration rule: a registration is for one team or one person.');
      }
      if (context.admission) {
        const refusal = admissionRefusal(context.admission);
        if (refusal) throw refusal;
      }
      plan.settle();
      const base = {
        runId: command.runId,
        eventId: command.eventId,
        teamId: command.teamId,
        userId: command.userId,
        registeredBy: command.registeredBy,
        ...(command.notes ? { notes: command.notes } : {}),
      };
      if (plan.hasFreePlace) {
        plan.takePlace();
        plan.add(id, { type: 'RegistrationSubmitted', data: { ...base, status: 'confirmed' } });
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

    case 'Cancel': {
      requireLive(state);
      if (state.status === 'cancelled') return [];
      plan.add(id, {
        type: 'RegistrationCancelled',
        data: { previousStatus: state.status, ...(command.reason ? { reason: command.reason } : {}) },
      });
      plan.release(id, state.status);
      plan.settle();
      plan.renumber();
      return plan.result();
    }

    case 'Confirm': {
      requireLive(state);
      if (state.status === 'confirmed') return [];
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

    case 'MoveOnWaitlist': {
      requireLive(state);
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

    case 'Update': {
      requireLive(state);
      if (command.notes === undefined || command.notes === state.notes) return [];
      return [{ id, events: [{ type: 'RegistrationUpdated', data: { notes: command.notes } }] }];
    }

    case 'SoftDelete': {
      if (!state.exists) throw registrationNotFound();
      if (state.deletedAt !== null) return [];
      plan.add(id, { type: 'RegistrationSoftDeleted', data: { previousStatus: state.status } });
      if (state.status !== 'cancelled') plan.release(id, state.status);
      plan.settle();
      plan.renumber();
      return plan.result();
    }

    case 'Restore': {
      if (!state.exists) throw registrationNotFound();
      if (state.deletedAt === null) return [];
      if (state.status === 'cancelled')
        return [{ id, events: [{ type: 'RegistrationRestored', data: { status: 'cancelled' } }] }];
      if (context.entrantHasOtherActive) throw alreadyRegistered();
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

    case 'OptInHybrid': {
      requireLive(state);
      if (!context.allowsHybrid) {
        throw ruleBroken(
          'HYBRID_NOT_ALLOWED',
          'Hybrid rule: this run does not accept hybrid (mixed-department) entries.',
        );
      }
      if (state.isHybridOptIn) return [];
      return [{ id, events: [{ type: 'HybridOptedIn', data: {} }] }];
    }

    default: {
      const unknown: never = command;
      throw new Error(`Unknown registration command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Promotes from the waitlist while the run has free places (after its limit was raised, say), and
 * closes any gap in the positions. No command stream of its own: every change belongs to others.
 */
export function fillFreePlaces(places: RunPlaces): StreamChange[] {
  const plan = new Plan(places);
  plan.settle();
  plan.renumber();
  return plan.result();
}
