/** Display formats: en-US, long month, day, year; the event full form adds the weekday. */
import { dateTimeFormat } from '../../api/domain/dates.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'YYYY-MM-DD' as that calendar day at UTC midnight, or undefined. `new Date('2026-11-21')` would be
 * UTC midnight too, but formatting it in a zone west of UTC shows the day before; so such dates are
 * always formatted with timeZone 'UTC'.
 */
export function parseCalendarDate(value: string): Date | undefined {
  const match = DATE_ONLY.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2026-02-30 and the like, which Date.UTC would roll over into March.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date;
}

type DateInput = string | Date | null | undefined;

const LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const LONG_WITH_WEEKDAY: Intl.DateTimeFormatOptions = { ...LONG, weekday: 'long' };

function format(value: DateInput, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value.trim())) {
      const calendar = parseCalendarDate(value);
      return calendar ? dateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(calendar) : '';
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return dateTimeFormat('en-US', { ...options, timeZone }).format(instant);
}

/** 'November 21, 2026'. A 'YYYY-MM-DD' date is that day in every time zone; '' for missing or invalid input. */
export function formatDate(value: DateInput): string {
  return format(value, LONG, undefined);
}

/** 'Saturday, November 21, 2026' (event cards). */
export function formatDateWithWeekday(value: DateInput): string {
  return format(value, LONG_WITH_WEEKDAY, undefined);
}

/**
 * An instant (ISO timestamp such as publishedAt) as its calendar day where the viewer is, e.g.
 * 'November 21, 2026'; timeZone overrides the viewer's zone.
 */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return format(value, LONG, timeZone);
}

/** '1 day away', 'N days away'; undefined when the day has come or passed. */
export function daysAwayLabel(days: number | null | undefined): string | undefined {
  if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) return undefined;
  const whole = Math.ceil(days);
  return whole === 1 ? '1 day away' : `${whole} days away`;
}

const ORDINAL = new Intl.PluralRules('en-CA', { type: 'ordinal' });
const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1 → "1st", 22 → "22nd", 113 → "113th". */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[ORDINAL.select(n)] ?? 'th'}`;
}

/** A place in a run: "7th of 11". */
export const placeText = (place: { rank: number; of: number }): string => `${ordinal(place.rank)} of ${place.of}`;

/** 'June 1, 2027', or 'June 1, 2027 to June 2, 2027'. */
export function eventDaysLong(event: { startDate: string; endDate: string }): string {
  if (event.endDate === event.startDate) return formatDate(event.startDate);
  return `${formatDate(event.startDate)} to ${formatDate(event.endDate)}`;
}
