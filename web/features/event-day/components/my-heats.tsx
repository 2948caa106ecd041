import { useQuery } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import { useLiveRuns } from '../../live/use-live-runs.ts';
import { myHeatText } from '../heat-text.ts';
import { myHeatsQuery } from '../queries.ts';

/**
 * "Your heat": the signed-in competitor's heat, pair, lane and estimated start in each published run
 * order (of one event, or all), live: any move on the board or next heat at the timing table refetches.
 * Renders nothing until there is something to say.
 */
export function MyHeats({
  userId,
  eventId,
  showEvent = false,
}: {
  userId: number;
  eventId?: number;
  showEvent?: boolean;
}) {
  const query = myHeatsQuery(userId, eventId);
  const mine = useQuery(query);
  useLiveRuns(mine.data?.data, [query.queryKey]);
  const entries = mine.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby="my-heats-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4"
      data-testid="my-heats"
    >
      <h2 id="my-heats-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Timer className="size-5 text-brand-700" aria-hidden="true" />
        {entries.length === 1 ? 'Your heat' : 'Your heats'}
      </h2>
      <ul className="mt-2 flex flex-col gap-1.5" aria-live="polite">
        {entries.map((entry) => (
          <li key={entry.registrationId} className="text-slate-800" data-testid="my-heat" data-run-id={entry.runId}>
            <span className="font-semibold">
              {showEvent ? `${entry.eventName} · ` : ''}
              {entry.runName}
              {entry.teamName ? ` (${entry.teamName})` : ''}:
            </span>{' '}
            <span data-testid="my-heat-text">{myHeatText(entry)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
