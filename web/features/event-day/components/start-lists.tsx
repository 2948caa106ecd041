import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListOrdered, MonitorPlay } from 'lucide-react';
import { venueHeatTime } from '../../display/clock.ts';
import { eventDisplayQuery } from '../../display/queries.ts';
import { useLiveRuns } from '../../live/use-live-runs.ts';

/**
 * The event page's "Start lists": a link to the live start list of each run with a published order,
 * in the order of the day, and to the event's venue screen. Nothing before any order is published.
 */
export function StartLists({ eventId }: { eventId: number }) {
  const query = eventDisplayQuery(eventId);
  const day = useQuery({ ...query, refetchInterval: false, refetchIntervalInBackground: false });
  useLiveRuns(day.data?.runs, [query.queryKey]);
  const runs = day.data?.runs ?? [];
  if (runs.length === 0) return null;
  return (
    <section aria-labelledby="start-lists-heading" className="mt-10" data-testid="start-lists">
      <h2 id="start-lists-heading" className="text-2xl font-black tracking-tight text-slate-900">
        Start lists
      </h2>
      <p className="mt-1 text-slate-600">Who runs in which heat, pair and lane, updated live on the day.</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {runs.map((run) => (
          <li key={run.runId}>
            <Link
              to="/start-lists/$runId"
              params={{ runId: String(run.runId) }}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-700"
              data-testid="start-list-link"
            >
              <ListOrdered className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{run.runName}</span>
                <span className="block text-sm text-slate-600">
                  {run.started
                    ? `Heat ${run.currentHeat} of ${run.heatCount} on the course`
                    : `${run.heatCount} ${run.heatCount === 1 ? 'heat' : 'heats'}${
                        run.estimatedStart
                          ? `, estimated start ${venueHeatTime(run.estimatedStart, day.data?.timeZone)}`
                          : ''
                      }`}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link
          to="/display/events/$eventId"
          params={{ eventId: String(eventId) }}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          <MonitorPlay className="size-4" aria-hidden="true" /> Venue screen for the whole event
        </Link>
      </p>
    </section>
  );
}
