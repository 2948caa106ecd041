/**
 * Race times (recorded to the hundredth of a second, displayed as m:ss.hh, e.g. 1:47.32),
 * kept as whole milliseconds. Pure; shared by the API (seed-time limits) and the portal (format, parse).
 */

/** A seed time (a self-declared or corrected best time) lies in 0:00.01..60:00.00, as milliseconds. */
export const SEED_TIME_MIN_MS = 1;
export const SEED_TIME_MAX_MS = 3_600_000;

/** A time in milliseconds as m:ss.hh (1:47.32), to the hundredth; '' when there is none. */
export function formatTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  const hundredths = Math.round(ms / 10);
  const minutes = Math.floor(hundredths / 6000);
  const seconds = Math.floor((hundredths % 6000) / 100);
  const rest = hundredths % 100;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(rest).padStart(2, '0')}`;
}

export const TIME_MESSAGES = {
  format: 'Enter the time as m:ss.hh, like 1:47.32',
  range: 'The time must be from 0:00.01 to 60:00.00',
} as const;

export type ParsedTime = { ok: true; ms: number | null } | { ok: false; message: string };

/**
 * A time as typed: m:ss.hh, m:ss.h or m:ss (1:47.32, 1:47.3, 1:47), or seconds alone under a minute
 * (47.32). Blank is `ms: null` (no time). Hundredths at most: a third decimal is refused, not rounded.
 * Seed-time limits apply (0:00.01..60:00.00).
 */
export function parseTime(text: string): ParsedTime {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, ms: null };
  const match = /^(?:(\d{1,2}):([0-5]\d)|([0-5]?\d))(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return { ok: false, message: TIME_MESSAGES.format };
  const minutes = match[1] === undefined ? 0 : Number(match[1]);
  const seconds = Number(match[2] ?? match[3]);
  const hundredths = match[4] === undefined ? 0 : Number(match[4].padEnd(2, '0'));
  const ms = ((minutes * 60 + seconds) * 100 + hundredths) * 10;
  if (ms < SEED_TIME_MIN_MS || ms > SEED_TIME_MAX_MS) return { ok: false, message: TIME_MESSAGES.range };
  return { ok: true, ms };
}

/**
 * Keyboard entry at the timing table: digits fill a time from the right, hundredths first, then
 * seconds, then minutes ("14732" is 1:47.32, "5" is 0:00.05). null for no digits, anything but digits,
 * seconds of 60 or more, or a time outside 0:00.01..60:00.00.
 */
export function digitsToTimeMs(digits: string): number | null {
  if (!/^\d{1,8}$/.test(digits)) return null;
  const padded = digits.padStart(5, '0');
  const hundredths = Number(padded.slice(-2));
  const seconds = Number(padded.slice(-4, -2));
  const minutes = Number(padded.slice(0, -4));
  if (seconds >= 60) return null;
  const ms = ((minutes * 60 + seconds) * 100 + hundredths) * 10;
  return ms < SEED_TIME_MIN_MS || ms > SEED_TIME_MAX_MS ? null : ms;
}

/** The digits that type this time at the timing table (107320 is "14732"); '' when there is none. */
export function timeMsToDigits(ms: number | null | undefined): string {
  const text = formatTime(ms);
  return text === '' ? '' : text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}
