/**
 * Rules on a run's times: its schedule within the event's day(s), its registration window, and
 * whether it takes registrations now. Pure; the API answers with these messages and the portal can
 * check a form with the same functions.
 */
import { todayIn } from '../dates.ts';
import { NOT_REGISTERING_STATUSES } from '../events/status-machine.ts';
import type { EventStatus } from '../events/statuses.ts';

export interface RuleProblem {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface EventDays {
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
}

/**
 * A run's schedule: the end after the start (when both are set), and each time that is set falling
 * on one of the event's days in the site's time zone. Undefined when it is fine.
 */
export function scheduleProblem(
  startTime: Date | null,
  endTime: Date | null,
  event: EventDays,
  timeZone: string,
): RuleProblem | undefined {
  if (startTime && endTime && endTime.getTime() <= startTime.getTime()) {
    return {
      code: 'INVALID_SCHEDULE',
      message: 'The end time must be after the start time.',
      details: { startTime: startTime.toISOString(), endTime: endTime.toISOString() },
    };
  }
  const days = {
    startDay: startTime ? todayIn(timeZone, startTime) : null,
    endDay: endTime ? todayIn(timeZone, endTime) : null,
  };
  const outside = (day: string | null) => day !== null && (day < event.startDate || day > event.endDate);
  if (outside(days.startDay) || outside(days.endDay)) {
    const span =
      event.startDate === event.endDate ? `on ${event.startDate}` : `from ${event.startDate} to ${event.endDate}`;
    return {
      code: 'SCHEDULE_OUTSIDE_EVENT',
      message: `The run must start and end within the event's day(s): ${span} (${timeZone} time).`,
      details: { eventStartDate: event.startDate, eventEndDate: event.endDate, timeZone, ...days },
    };
  }
  return undefined;
}

/** A run's own registration window: it closes after it opens (either bound may be left unset). */
export function registrationWindowProblem(opensAt: Date | null, closesAt: Date | null): RuleProblem | undefined {
  if (opensAt && closesAt && closesAt.getTime() <= opensAt.getTime()) {
    return {
      code: 'INVALID_REGISTRATION_WINDOW',
      message: 'Registration for the run must close after it opens.',
      details: { registrationOpensAt: opensAt.toISOString(), registrationClosesAt: closesAt.toISOString() },
    };
  }
  return undefined;
}

export interface RunAvailability {
  run: { isActive: boolean; registrationOpensAt: Date | null; registrationClosesAt: Date | null };
  event: {
    /** Active, not deleted and not a draft: the public can see it. */
    isPublic: boolean;
    status: EventStatus;
    /** YYYY-MM-DD */
    endDate: string;
    registrationOpensOn: string | null;
    registrationClosesOn: string | null;
  };
}

/**
 * Whether a run takes registrations now (docs/decisions/008): the run is active, its event is public,
 * still takes registrations (not Cancelled, Completed or To Be Rescheduled, and not over), and now is
 * inside the registration window. Each bound the run leaves unset falls back to the event's
 * registration dates. Being full does not close a run: new entries join its waitlist.
 */
export function isRunOpen({ run, event }: RunAvailability, now: Date, today: string): boolean {
  if (!run.isActive || !event.isPublic) return false;
  if (NOT_REGISTERING_STATUSES.includes(event.status) || today > event.endDate) return false;
  const opened = run.registrationOpensAt
    ? run.registrationOpensAt.getTime() <= now.getTime()
    : event.registrationOpensOn !== null && event.registrationOpensOn <= today;
  const notClosed = run.registrationClosesAt
    ? now.getTime() < run.registrationClosesAt.getTime()
    : event.registrationClosesOn === null || today <= event.registrationClosesOn;
  return opened && notClosed;
}
