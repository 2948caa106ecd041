/**
 * Admission: may this team or person register for this run now? The run and event must be active, the
 * registration window open, the format and the hybrid rule met, the entrant not already registered, and
 * every person eligible. Pure: the module gathers the facts under the run's lock.
 */
import { conflict, type DomainError, ruleBroken } from '../errors.ts';
import type { EventStatus } from '../events/statuses.ts';
import {
  type EligibilityMember,
  ineligibleError,
  memberEligibility,
  personLabel,
  type RunTypeName,
} from '../teams/eligibility.ts';
import { mixesDepartments, type TeamFacts, type TeamMemberFacts, teamEligibility } from '../teams/team-rules.ts';

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
  /**
   * A late entry: an admin enters someone on event day, after the registration window closed. The
   * window is not checked, the event day is; every other rule is (docs/decisions/045).
   */
  late?: boolean;
  /**
   * An admin enters someone else (not late): refusals name the entrant instead of saying "you". A late
   * entry is always an admin's, and its refusals are worded for the admin (docs/decisions/065).
   */
  onBehalf?: boolean;
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

/**
 * Why a late entry is refused now, or undefined: it is taken on the event's days only (from its start
 * date to its end date, in the site's time zone), and never for an event that takes no registrations.
 */
export function lateEntryProblem(facts: Pick<AdmissionFacts, 'today' | 'event'>): string | undefined {
  const { event, today } = facts;
  if (NOT_REGISTERING.includes(event.status))
    return `Late entry rule: the event is ${event.status}, so it takes no entries.`;
  if (today < event.startDate)
    return `Late entry rule: late entries are taken on event day (the event starts on ${event.startDate}); until then, register them normally.`;
  if (today > event.endDate) return 'Late entry rule: the event is over.';
  return undefined;
}

/** The first rule that keeps this entrant out of the run now, as the 422 to answer; undefined when admitted. */
export function admissionRefusal(facts: AdmissionFacts): DomainError | undefined {
  const { run, event, entrant } = facts;
  if (!run.isActive)
    return ruleBroken('RUN_INACTIVE', 'Run rule: this run is not active, so it takes no registrations.');
  if (!event.isActive || event.isDeleted)
    return ruleBroken('EVENT_INACTIVE', 'Event rule: this event is not active, so its runs take no registrations.');
  if (facts.late) {
    const notToday = lateEntryProblem(facts);
    if (notToday) return ruleBroken('NOT_EVENT_DAY', notToday);
  } else {
    const closed = registrationWindowProblem(facts);
    if (closed) return ruleBroken('REGISTRATION_CLOSED', closed);
  }
  const context = {
    eventStartDate: event.startDate,
    run: { type: run.type, category: run.category, allowsHybrid: run.allowsHybrid },
  };

  if (entrant.kind === 'user') {
    if (run.type !== 'individual') {
      return ruleBroken(
        'TEAM_REQUIRED',
        facts.late
          ? `Format rule: the ${run.type} format is run by teams; enter a team late instead.`
          : `Format rule: the ${run.type} format is run by teams; register a team for it.`,
      );
    }
    if (facts.alreadyRegistered) {
      const who = personLabel(entrant.person);
      return conflict(
        'ALREADY_REGISTERED',
        facts.late
          ? `${who} is already entered in this run.`
          : facts.onBehalf
            ? `Registration rule: ${who} is already registered for this run; a person registers once per run.`
            : 'Registration rule: you are already registered for this run; a person registers once per run.',
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
      facts.late
        ? `${team.name} is already entered in this run.`
        : `Registration rule: ${team.name} is already registered for this run; a team registers once per run.`,
    );
  }
  const eligibility = teamEligibility(team, members, context);
  return eligibility.eligible ? undefined : ineligibleError(eligibility.problems);
}
