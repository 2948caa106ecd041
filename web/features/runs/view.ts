/** How a run reads in the portal: its type label, schedule, registration window and places. Pure. */
import type { RunDto } from '../../../api/contracts/runs.ts';
import { dateTimeFormat } from '../../../api/domain/dates.ts';
import { RUN_TYPE_LABELS } from '../../../api/domain/runs/categories.ts';
import type { RunSaveResult } from './mutations.ts';

export function runTypeLabel(type: string): string {
  return (RUN_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** 'Jun 1, 2027, 9:00 AM' in the viewer's time zone (or the one given). */
export function formatDayTime(iso: string, timeZone?: string): string {
  return dateTimeFormat('en-US', { ...DAY, ...TIME, timeZone }).format(new Date(iso));
}

function sameDay(a: string, b: string, timeZone?: string): boolean {
  const day = dateTimeFormat('en-US', { ...DAY, timeZone });
  return day.format(new Date(a)) === day.format(new Date(b));
}

/**
 * 'Jun 1, 2027, 9:00 AM – 10:30 AM' (one day), 'Jun 1, 2027, 9:00 AM – Jun 2, 2027, 5:00 PM',
 * 'From Jun 1, 2027, 9:00 AM', 'Until …', or 'Not scheduled'.
 */
export function scheduleLabel(run: Pick<RunDto, 'startTime' | 'endTime'>, timeZone?: string): string {
  const { startTime: start, endTime: end } = run;
  if (start && end) {
    const endText = sameDay(start, end, timeZone)
      ? dateTimeFormat('en-US', { ...TIME, timeZone }).format(new Date(end))
      : formatDayTime(end, timeZone);
    return `${formatDayTime(start, timeZone)} – ${endText}`;
  }
  if (start) return `From ${formatDayTime(start, timeZone)}`;
  if (end) return `Until ${formatDayTime(end, timeZone)}`;
  return 'Not scheduled';
}

/** The run's own registration window; a bound left unset follows the event's registration dates. */
export function registrationWindowLabel(
  run: Pick<RunDto, 'registrationOpensAt' | 'registrationClosesAt'>,
  timeZone?: string,
): string {
  const { registrationOpensAt: opens, registrationClosesAt: closes } = run;
  if (opens && closes) return `${formatDayTime(opens, timeZone)} – ${formatDayTime(closes, timeZone)}`;
  if (opens) return `Opens ${formatDayTime(opens, timeZone)}; closes with the event`;
  if (closes) return `Opens with the event; closes ${formatDayTime(closes, timeZone)}`;
  return "The event's registration dates";
}

/** '12 of 20 confirmed', then '3 waitlisted' when there is a waitlist, and how many places are left. */
export function placesLabel(run: Pick<RunDto, 'confirmedCount' | 'participantLimit' | 'waitlistCount' | 'spotsLeft'>): {
  confirmed: string;
  waitlist: string | undefined;
  left: string;
} {
  const left = run.spotsLeft === 0 ? 'Full' : `${run.spotsLeft} ${run.spotsLeft === 1 ? 'place' : 'places'} left`;
  return {
    confirmed: `${run.confirmedCount} of ${run.participantLimit} confirmed`,
    waitlist: run.waitlistCount > 0 ? `${run.waitlistCount} waitlisted` : undefined,
    left,
  };
}

/** The viewer's time zone name, for the hints of the time fields ('America/Toronto'). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What a saved edit said: the limit warning and the entries a raised limit confirmed. */
export function runSavedMessage(run: RunDto, result: RunSaveResult | undefined, created: boolean): string {
  if (created) return `${run.name} was created.`;
  if (result && !result.changed) return `${run.name} had no changes to save.`;
  const parts = [`${run.name} was saved.`];
  if (result && result.promotedCount > 0) {
    parts.push(
      `${result.promotedCount} waitlisted ${result.promotedCount === 1 ? 'entry was' : 'entries were'} confirmed.`,
    );
  }
  if (result?.warning) parts.push(result.warning);
  return parts.join(' ');
}
