/** The run-orders index URL: `?eventId=4` picks the event, `query` and `page` page through the events. */
import { compact, idParam, pageParam, searchTextParam } from '../portal/query-policy.ts';

export interface RunOrderIndexSearch {
  eventId?: number;
  query?: string;
  page?: number;
}

export function parseRunOrderIndexSearch(raw: Record<string, unknown>): RunOrderIndexSearch {
  return compact({ eventId: idParam(raw.eventId), query: searchTextParam(raw.query), page: pageParam(raw.page) });
}

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
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(d);
  if (!end || end.getTime() <= start.getTime()) return day(start, { month: 'short', day: 'numeric', year: 'numeric' });
  if (start.getUTCFullYear() !== end.getUTCFullYear()) {
    return `${day(start, { month: 'short', day: 'numeric', year: 'numeric' })} – ${day(end, { month: 'short', day: 'numeric', year: 'numeric' })}`;
  }
  if (start.getUTCMonth() === end.getUTCMonth()) {
    return `${day(start, { month: 'short', day: 'numeric' })}–${end.getUTCDate()}, ${end.getUTCFullYear()}`;
  }
  return `${day(start, { month: 'short', day: 'numeric' })} – ${day(end, { month: 'short', day: 'numeric' })}, ${end.getUTCFullYear()}`;
}
