/** Display formats of the run-order board: seed times (DOMAIN.md: m:ss.hh) and change times. */

/** A time in milliseconds as m:ss.hh (1:47.32), to the hundredth; '' when there is none. */
export function formatSeedTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  const hundredths = Math.round(ms / 10);
  const minutes = Math.floor(hundredths / 6000);
  const seconds = Math.floor((hundredths % 6000) / 100);
  const rest = hundredths % 100;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(rest).padStart(2, '0')}`;
}

/** 'Nov 21, 2026, 3:04 PM' where the viewer is; '' for a missing or invalid instant. */
export function formatChangeTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  // Some ICU versions put a narrow no-break space before AM/PM; a plain space reads and tests the same.
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    .format(instant)
    .replace(/\u202f/g, ' ');
}

/** 'AM' for an avatar: the first letters of the first and last words of a name. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
