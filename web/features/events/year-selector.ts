/** The events page's year selector rules. Pure. */

/** Years that have events, plus the current one (the page starts there even in a quiet year), ascending. */
export function selectableYears(yearsWithEvents: readonly number[], currentYear: number): number[] {
  return [...new Set([...yearsWithEvents, currentYear])].sort((a, b) => a - b);
}

/** Up to `size` years around the selected one, shifted inward at either end so the window stays full. */
export function yearWindow(years: readonly number[], selected: number, size = 5): number[] {
  if (years.length <= size) return [...years];
  const index = Math.max(0, years.indexOf(selected));
  const start = Math.min(Math.max(0, index - Math.floor(size / 2)), years.length - size);
  return years.slice(start, start + size);
}

export function neighbourYears(years: readonly number[], selected: number): { previous?: number; next?: number } {
  const index = years.indexOf(selected);
  if (index === -1) return {};
  return { previous: years[index - 1], next: years[index + 1] };
}
