import { dateTimeFormat } from '../../../api/domain/dates.ts';
/**
 * The venue display's clock: 24-hour HH:MM:SS in the screen's own time zone (the venue's), or in the
 * zone given. Intl does the zone arithmetic; the parts are put together here so every browser shows
 * the same "07:05:09" (some write "24" for midnight with hour12 off: h23 prevents it).
 */
export function formatClock(date: Date, timeZone?: string): string {
  const parts = dateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    (parts.find((p) => p.type === type)?.value ?? '00').padStart(2, '0');
  return `${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Milliseconds until the next whole second: the clock ticks on the second, not a random offset of it. */
export function msUntilNextSecond(now: number): number {
  return 1000 - (((now % 1000) + 1000) % 1000);
}

/** An estimated start as the screens say it: "10:42" (24-hour, the viewer's zone or the one given). */
export const formatHeatTime = (iso: string, timeZone?: string): string =>
  formatClock(new Date(iso), timeZone).slice(0, 5);

/**
 * The zone's short name ("EDT") when a viewer here reads the venue's times in another zone, else ''
 * (docs/decisions/069): the same wall clock needs no label.
 */
export function zoneLabel(timeZone: string | undefined, at: Date = new Date()): string {
  if (!timeZone || formatClock(at, timeZone) === formatClock(at)) return '';
  const name = dateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

/** An estimated start at the venue: "10:42", or "10:42 EDT" for a viewer in another zone. */
export function venueHeatTime(iso: string, timeZone: string | undefined): string {
  const label = zoneLabel(timeZone, new Date(iso));
  return `${formatHeatTime(iso, timeZone)}${label ? ` ${label}` : ''}`;
}
