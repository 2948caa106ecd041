import { dateTimeFormat } from '../../../api/domain/dates.ts';
/**
 * An event's days in one short line. Not in index-search.ts: that module is loaded with every page (the
 * route tree's validateSearch), this one only with the portal pages that show it.
 */
/** 'Nov 21–22, 2026' or 'Nov 21, 2026' for an event's days ('YYYY-MM-DD'). */
export function eventDays(startDate: string, endDate: string): string {
  const parse = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  };
  const start = parse(startDate);
  const end = parse(endDate);
  if (!start) return '';
  const day = (d: Date, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(d);
  if (!end || end.getTime() <= start.getTime()) return day(start, { month: 'short', day: 'numeric', year: 'numeric' });
  if (start.getUTCFullYear() !== end.getUTCFullYear()) {
    return `${day(start, { month: 'short', day: 'numeric', year: 'numeric' })} – ${day(end, { month: 'short', day: 'numeric', year: 'numeric' })}`;
  }
  if (start.getUTCMonth() === end.getUTCMonth()) {
    return `${day(start, { month: 'short', day: 'numeric' })}–${end.getUTCDate()}, ${end.getUTCFullYear()}`;
  }
  return `${day(start, { month: 'short', day: 'numeric' })} – ${day(end, { month: 'short', day: 'numeric' })}, ${end.getUTCFullYear()}`;
}
