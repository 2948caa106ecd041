import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, Radio, Trophy } from 'lucide-react';
import { PUBLIC_BUTTON, PublicLoadError, PublicNotFound } from '../../components/public-states.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StandingsTable } from '../../features/public-results/components/standings-table.tsx';
import { eventResultsQuery, idOf } from '../../features/public-results/queries.ts';
import { useLiveEventResults } from '../../features/public-results/use-live-results.ts';
import { formatDate } from '../../lib/format.ts';

export const Route = createFileRoute('/results/events/$eventId')({
  component: EventResultsPage,
});

const back = (
  <Link to="/results" className={PUBLIC_BUTTON}>
    <ArrowLeft aria-hidden="true" className="size-4" /> All results
  </Link>
);

/** An event's official results, following the socket while the event runs (docs/decisions/039). */
function EventResultsPage() {
  const { eventId } = Route.useParams();
  const id = idOf(eventId);
  const results = useQuery({ ...eventResultsQuery(id), enabled: id > 0 });
  const data = results.data ?? undefined;
  useLiveEventResults(
    id,
    (data?.runs ?? []).map((r) => r.runId),
    data?.live === true,
  );
  if (id === 0 || results.data === null)
    return (
      <PublicNotFound
        testId="event-results-not-found"
        icon={<Trophy aria-hidden="true" className="size-10 text-brand-700" />}
        title="No results for this event"
        to="/results"
        backLabel="All results"
      >
        This event has no published results, or does not exist.
      </PublicNotFound>
    );
  if (results.isError)
    return <PublicLoadError testId="event-results-error" title="Unable to load these results" back={back} />;
  if (!data) {
    // The results are taller than a phone's screen: the spinner keeps their room, so the footer does not
    // show and then jump away when they arrive (docs/decisions/057).
    return (
      <div className="flex min-h-[70vh] justify-center px-4 py-24">
        <Spinner label="Loading results" />
      </div>
    );
  }
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Link to="/results" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          <ArrowLeft aria-hidden="true" className="size-4" /> All results
        </Link>
        <header className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-black tracking-tight text-slate-900">{data.eventName}</h1>
          {data.live ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-red-700 px-3 py-1 text-sm font-bold text-white"
              data-testid="live-badge"
            >
              <Radio aria-hidden="true" className="size-4" /> Live
            </span>
          ) : null}
        </header>
        <p className="mt-1 text-slate-700">{formatDate(data.startDate)} · Official results</p>
        <div className="mt-6 grid gap-6" aria-live="polite">
          {data.runs.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              No official results yet.
            </p>
          ) : (
            data.runs.map((run) => <StandingsTable key={run.runId} run={run} />)
          )}
        </div>
      </div>
    </div>
  );
}
