/** The smallest the board's type may shrink to fit (a heat of 20 pairs on a small screen). */
export const MIN_FIT = 0.4;

/**
 * The next --fit scale: unchanged when the content (needed px) fits the space (available px), else
 * shrunk in proportion, a little more than exactly (padding does not shrink with the type), never
 * below MIN_FIT. Callers start again from 1 on every measure, so the type grows back when there is room.
 */
export function fitScale(current: number, available: number, needed: number): number {
  if (!(available > 0) || !(needed > 0) || needed <= available + 0.5) return current;
  const next = Math.floor(current * (available / needed) * 0.98 * 1000) / 1000;
  return Math.max(MIN_FIT, Math.min(current, next));
}
