/** Display formats of the run-order board: change times and initials (seed times: api/domain/times.ts formatTime). */
import { dateTimeFormat } from '../../../api/domain/dates.ts';

/** 'Nov 21, 2026, 3:04 PM' where the viewer is; '' for a missing or invalid instant. */
export function formatChangeTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  // Some ICU versions put a narrow no-break space before AM/PM; a plain space reads and tests the same.
  return dateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  })
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
