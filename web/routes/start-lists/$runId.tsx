import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { ENTRANT_MARK_LABELS } from '../../../api/domain/run-orders/events.ts';
import { Spinner } from '../../components/spinner.tsx';
import { venueHeatTime } from '../../features/display/clock.ts';
import { displayQuery } from '../../features/display/queries.ts';
import { pairLanes } from '../../features/display/view.ts';
import { useLiveRun } from '../../features/live/use-live-run.ts';
import { isNotFound } from '../../lib/errors.ts';
import { displayKeys } from '../../lib/query-keys.ts';
import { parseRouteId } from '../../lib/route-params.ts';

/**
 * A run's live start list (/start-lists/{runId}): every heat with its pairs and lanes and its estimated
 * start, following the run order live. Public, for the runs of public events; names and departments only.
 */
export const Route = createFileRoute('/start-lists/$runId')({
  component: StartListPage,
});

function StartListPage() {
  const runId = parseRouteId(Route.useParams().runId);
  const list = useQuery({ ...displayQuery(runId), refetchInterval: false });
  useLiveRun(runId, [displayKeys.run(runId ?? 0)], {
    audience: 'public',
    ready: list.data !== undefined,
    runOrderVersion: list.data?.version,
  });
  const view = list.data;
  useEffect(() => {
    document.title = view ? `Start list · ${view.runName} · ${view.eventName}` : 'Start list';
  }, [view]);

  if (runId === undefined || isNotFound(list.error))
    return (
      <div className="mx-auto max-w-4xl px-4 py-20 text-center" data-testid="start-list-not-found">
        <h1 className="text-3xl font-black text-slate-900">Start List Not Found</h1>
        <p className="mt-3 text-slate-600">This run does not exist or its start list is not public.</p>
      </div>
    );
  if (!view)
    return (
      <div className="grid place-items-center py-24">
        {list.isError ? <p role="alert">Unable to load the start list.</p> : <Spinner label="Loading the start list" />}
      </div>
    );
  const started = view.currentHeatStartedAt !== null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6" data-testid="start-list">
      <Link
        to="/events"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Events
      </Link>
      <p className="mt-6 font-semibold text-slate-600">{view.eventName}</p>
      <h1 className="text-3xl font-black tracking-tight text-slate-900">Start list: {view.runName}</h1>
      <p className="mt-2 text-slate-700" data-testid="start-list-status" aria-live="polite">
        {view.heats.length === 0
          ? 'The start list will show here once the run order is published.'
          : started
            ? `Heat ${view.currentHeat} of ${view.heats.length} is on the course.`
            : 'The run has not started yet.'}
      </p>
      <ol className="mt-6 flex flex-col gap-4">
        {view.heats.map((heat) => {
          const now = started && heat.heat === view.currentHeat;
          return (
            <li
              key={heat.heat}
              className={`rounded-2xl border bg-white p-4 shadow-sm ${now ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'}`}
              data-testid="start-list-heat"
            >
              <h2 className="flex flex-wrap items-baseline justify-between gap-2 font-bold text-slate-900">
                <span>
                  Heat {heat.heat}
                  {now && (
                    <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">Now running</span>
                  )}
                </span>
                {heat.estimatedStart && !now && (
                  <span className="text-sm font-semibold text-slate-600">
                    Estimated {venueHeatTime(heat.estimatedStart, view.timeZone)}
                  </span>
                )}
              </h2>
              <ol className="mt-2 flex flex-col gap-2">
                {heat.pairs.map((pair) => {
                  const { left, right } = pairLanes(pair);
                  return (
                    <li key={pair.pair} className="grid gap-2 sm:grid-cols-[5rem_1fr_1fr] sm:items-center">
                      <span className="text-sm font-semibold text-slate-600">Pair {pair.pair}</span>
                      {(
                        [
                          ['Left lane', left],
                          ['Right lane', right],
                        ] as const
                      ).map(([label, cell]) => (
                        <span key={label} className="rounded-lg bg-slate-50 px-3 py-2" data-testid="start-list-lane">
                          <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
                            {label}
                          </span>
                          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                            <span
                              className={`font-semibold ${cell.empty ? 'text-slate-400' : cell.mark ? 'text-slate-500 line-through' : 'text-slate-900'}`}
                            >
                              {cell.name}
                            </span>
                            {cell.mark && (
                              // The run order's mark, as the board and the venue display show it (docs/decisions/046).
                              <span
                                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900"
                                data-testid="start-list-mark"
                              >
                                {ENTRANT_MARK_LABELS[cell.mark]}
                              </span>
                            )}
                          </span>
                          {cell.departmentName && (
                            <span className="block text-sm text-slate-600">{cell.departmentName}</span>
                          )}
                        </span>
                      ))}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
