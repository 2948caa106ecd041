/**
 * An event's venue time zone, from its province (docs/decisions/069-venue-time-zones.md): every time of
 * the event day (run starts, estimated heats, the venue clock, "your heat") is told in it, labelled when
 * the viewer's zone differs. Pure, shared by the server and the pages.
 */

/** The zone of most of each province's people; a province the list does not know gets Toronto's. */
const ZONES: Record<string, string> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

const NAMES: Record<string, string> = {
  ALBERTA: 'AB',
  'BRITISH COLUMBIA': 'BC',
  MANITOBA: 'MB',
  'NEW BRUNSWICK': 'NB',
  'NEWFOUNDLAND AND LABRADOR': 'NL',
  NEWFOUNDLAND: 'NL',
  'NOVA SCOTIA': 'NS',
  'NORTHWEST TERRITORIES': 'NT',
  NUNAVUT: 'NU',
  ONTARIO: 'ON',
  'PRINCE EDWARD ISLAND': 'PE',
  QUEBEC: 'QC',
  QUÉBEC: 'QC',
  SASKATCHEWAN: 'SK',
  YUKON: 'YT',
};

export const DEFAULT_VENUE_TIME_ZONE = 'America/Toronto';

/** The venue's IANA zone for a province as events store it: a code ('ON') or a name ('Ontario'). */
export function venueTimeZone(province: string | null | undefined): string {
  const key = (province ?? '').trim().toUpperCase();
  return ZONES[key] ?? ZONES[NAMES[key] ?? ''] ?? DEFAULT_VENUE_TIME_ZONE;
}

/** The wall clock of a zone at an instant, each part two digits (the year four) and the zone's short name. */
export function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    zoneName: part('timeZoneName'),
  };
}

/** The offset of a zone from UTC at an instant, in minutes (Toronto in June: -240). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const asUtc = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant of a wall-clock time at the venue: 2027-06-05 09:00 in Toronto is 13:00Z. */
export function venueInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the first guess may sit across a daylight-saving change from the answer.
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}
