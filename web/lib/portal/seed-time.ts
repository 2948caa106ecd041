/**
 * The "Best time" field of the team and account forms (seed times, docs/decisions/017 addendum): the
 * text typed (m:ss.hh) to and from the API's whole milliseconds, with api/domain/times.ts doing the work.
 */
import { formatTime, parseTime } from '../../../api/domain/times.ts';

export const SEED_TIME_PLACEHOLDER = 'm:ss.hh';

/** The field's starting text: the saved time as m:ss.hh, '' for none. */
export function seedTimeText(ms: number | null): string {
  return formatTime(ms);
}

/** The message to show beside the field for what is typed, or undefined when it is a time or empty. */
export function seedTimeProblem(text: string): string | undefined {
  const parsed = parseTime(text);
  return parsed.ok ? undefined : parsed.message;
}

/**
 * The `seedTimeMs` to send: milliseconds, null when emptied, NaN when the text is no time (the API
 * schema refuses it, and seedTimeProblem says why); undefined when it shows the saved time unchanged.
 */
export function seedTimeInput(text: string, saved: number | null): number | null | undefined {
  const parsed = parseTime(text);
  if (!parsed.ok) return Number.NaN;
  if (parsed.ms === null) return saved === null ? undefined : null;
  return saved !== null && formatTime(parsed.ms) === formatTime(saved) ? undefined : parsed.ms;
}

/** Whether the text shows something other than the saved time (m:ss and m:ss.hh of one time are the same). */
export function seedTimeChanged(text: string, saved: number | null): boolean {
  return seedTimeInput(text, saved) !== undefined;
}
