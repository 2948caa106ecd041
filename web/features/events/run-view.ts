/**
 * What the public event page says about each run (a format and category at the event): its type,
 * schedule, places and registration window. Pure: the page renders these strings as they are.
 * Types only from api/contracts: this module is part of the public event page's chunk.
 */
import type { RunDto } from '../../../api/contracts/runs.ts';
import { dateTimeFormat } from '../../../api/domain/dates.ts';
import { RUN_TYPE_LABELS } from '../../../api/domain/runs/categories.ts';
import { registrationPhaseOf } from '../../lib/labels.ts';

/** The fields of a run the public page shows. */
export type PublicRun = Pick<
  RunDto,
  | 'id'
  | 'name'
  | 'type'
  | 'category'
  | 'isActive'
  | 'participantLimit'
  | 'spotsLeft'
  | 'isFull'
  | 'waitlistCount'
  | 'isOpen'
  | 'startTime'
  | 'endTime'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
>;

/**
 * The runs a visitor sees: active ones only (an admin's answer also holds inactive runs), in the
 * server's order (by start time).
 */
export function visibleRuns<R extends Pick<RunDto, 'isActive'>>(runs: readonly R[]): R[] {
  return runs.filter((run) => run.isActive);
}

/** 'Individual', 'Relay', 'Tech2 Relay'; an unknown type as given. */
export function runTypeLabel(type: string): string {
  return (RUN_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}

const whitespace = (text: string) => text.replace(/\s+/g, ' ');

function validInstant(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'Sat, Jun 5, 2027' in the viewer's zone (or `timeZone`). */
function dayText(date: Date, timeZone?: string): string {
  return dateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** '9:00 AM' or, with the zone, '9:00 AM EDT'. */
function timeText(date: Date, timeZone: string | undefined, withZone: boolean): string {
  return whitespace(
    dateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(withZone ? { timeZoneName: 'short' } : {}),
    }).format(date),
  );
}

/** 'Jun 1, 2027, 5:00 PM EDT': an instant of a registration window. */
export function instantText(value: string | null | undefined, timeZone?: string): string {
  const date = validInstant(value);
  if (!date) return '';
  return whitespace(
    dateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    }).format(date),
  );
}

/**
 * When the run takes place: 'Sat, Jun 5, 2027 · 9:00 AM – 10:30 AM EDT' (the end's day is named when
 * it differs), 'Sat, Jun 5, 2027 · 9:00 AM EDT' without an end, 'Time to be announced' unscheduled.
 */
export function scheduleText(run: Pick<RunDto, 'startTime' | 'endTime'>, timeZone?: string): string {
  const start = validInstant(run.startTime);
  if (!start) return 'Time to be announced';
  const end = validInstant(run.endTime);
  const startDay = dayText(start, timeZone);
  if (!end) return `${startDay} · ${timeText(start, timeZone, true)}`;
  const endDay = dayText(end, timeZone);
  if (endDay === startDay)
    return `${startDay} · ${timeText(start, timeZone, false)} – ${timeText(end, timeZone, true)}`;
  return `${startDay} · ${timeText(start, timeZone, true)} – ${endDay} · ${timeText(end, timeZone, true)}`;
}

/** '3 of 20 places left'; 'Full · 2 on the waitlist' (or '· waitlist open' while registration is open). */
export function placesText(
  run: Pick<RunDto, 'participantLimit' | 'spotsLeft' | 'isFull' | 'waitlistCount' | 'isOpen'>,
): string {
  if (run.isFull || run.spotsLeft <= 0) {
    if (run.waitlistCount > 0) return `Full · ${run.waitlistCount} on the waitlist`;
    return run.isOpen ? 'Full · waitlist open' : 'Full';
  }
  return `${run.spotsLeft} of ${run.participantLimit} ${run.participantLimit === 1 ? 'place' : 'places'} left`;
}

export type WindowState = 'open' | 'not-yet' | 'closed';

export interface WindowView {
  state: WindowState;
  /** 'Registration open', 'Registration not open yet', 'Registration closed'. */
  label: string;
  /** When it closes, opens or closed, when the run says so. */
  detail: string | undefined;
}

/**
 * The run's registration window as the page states it. The server decides whether it is open
 * (isOpen, which also weighs the event's own registration dates and status); the run's own bounds
 * and the event's phase only say when.
 */
export function windowView(
  run: Pick<RunDto, 'isOpen' | 'registrationOpensAt' | 'registrationClosesAt'>,
  eventPhase: unknown,
  now: Date,
  timeZone?: string,
): WindowView {
  const opensAt = validInstant(run.registrationOpensAt);
  const closesAt = validInstant(run.registrationClosesAt);
  if (run.isOpen) {
    return {
      state: 'open',
      label: 'Registration open',
      detail: closesAt ? `Closes ${instantText(run.registrationClosesAt, timeZone)}` : undefined,
    };
  }
  if (opensAt && now.getTime() < opensAt.getTime()) {
    return {
      state: 'not-yet',
      label: 'Registration not open yet',
      detail: `Opens ${instantText(run.registrationOpensAt, timeZone)}`,
    };
  }
  if (closesAt && now.getTime() >= closesAt.getTime()) {
    return {
      state: 'closed',
      label: 'Registration closed',
      detail: `Closed ${instantText(run.registrationClosesAt, timeZone)}`,
    };
  }
  if (registrationPhaseOf(eventPhase) === 'not_open')
    return { state: 'not-yet', label: 'Registration not open yet', detail: undefined };
  return { state: 'closed', label: 'Registration closed', detail: undefined };
}

/** The sign-in page, coming back to this event afterwards. */
export function signInSearch(eventId: number): { redirect: string } {
  return { redirect: `/events/${eventId}` };
}
