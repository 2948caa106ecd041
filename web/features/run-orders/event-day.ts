/** Which event is "the day's" for the portal: the one in progress, else one whose dates include today. */
export interface EventDayFacts {
  status: string;
  startDate: string;
  endDate: string;
}

/** 'YYYY-MM-DD' of a date in the browser's own calendar. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'today' (in progress, or on today's date), 'next' (starts later) or undefined (over). */
export function eventDayOf(event: EventDayFacts, today: string): 'today' | 'next' | undefined {
  if (event.status === 'In Progress') return 'today';
  if (event.startDate <= today && event.endDate >= today) return 'today';
  if (event.startDate > today) return 'next';
  return undefined;
}
