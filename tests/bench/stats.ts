/**
 * The p-th percentile of `sorted` (ascending), no interpolation: the value at index floor(p% of the count),
 * the last for p = 100, 0 for an empty list. p = 50 is the median (the upper one of an even count).
 */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The median of `values` in any order (percentile 50 of a sorted copy). */
export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}
