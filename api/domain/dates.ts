/** Calendar-date arithmetic on 'YYYY-MM-DD' strings, free of local-time surprises. Pure. */

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat`, made once per locale and options: making one costs far more than a format
 * with it (tens of microseconds, more on a phone), and lists format hundreds of dates per render.
 * The options come from the code and the zones from the events, so the map stays small; it is emptied
 * if it ever grows past a few hundred.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = FORMATS.get(key);
  if (format === undefined) {
    if (FORMATS.size >= 500) FORMATS.clear();
    format = new Intl.DateTimeFormat(locale, options);
    FORMATS.set(key, format);
  }
  return format;
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

function toUtcMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / 86_400_000);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return new Date(toUtcMs(value)).toISOString().slice(0, 10) === value;
}
