import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CalendarDays, ChevronRight, ClipboardCheck, MonitorPlay, Timer } from 'lucide-react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { PagedResults } from '../../../components/paged-results.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { EmptyState, ErrorState, LoadingState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { eventDays } from '../../../features/run-orders/event-days.ts';
import { parseRunOrderIndexSearch, type RunOrderIndexSearch } from '../../../features/run-orders/index-search.ts';
import { runOrderEventRunsQuery, runOrderEventsQuery } from '../../../features/run-orders/queries.ts';
import { eventStatusLabel, statusBadgeClass } from '../../../lib/labels.ts';
import { compact } from '../../../lib/portal/query-policy.ts';

export const Route = createFileRoute('/portal/results/')({
  validateSearch: parseRunOrderIndexSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(runOrderEventsQuery(deps.page ?? 1, deps.query));
    if (deps.eventId) void context.queryClient.prefetchQuery(runOrderEventRunsQuery(deps.eventId));
  },
  component: ResultsIndex,
});

function ResultsIndex() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setSearch = (next: RunOrderIndexSearch) => void navigate({ search: compact({ ...next }) });
  const events = useQuery(runOrderEventsQuery(search.page ?? 1, search.query));

  return (
    <div>
      <PortalPageHeader
        title="Results"
        description="Pick an event, then a run: enter its times at the timing table, or validate them."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="events-title" className="min-w-0">
          <h2 id="events-title" className="mb-3 text-lg font-bold text-slate-900">
            Events
          </h2>
          <div className="mb-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <SearchBox
              label="Search events by name"
              placeholder="Search events"
              value={search.query}
              onCommit={(query) => setSearch({ ...search, query, page: undefined })}
            />
          </div>
          <PagedResults
            query={events}
            loadingLabel="Loading the events"
            errorTitle="The events couldn't be loaded."
            noun="events"
            empty={
              <EmptyState title={search.query ? 'No events match' : 'No events yet'}>
                {search.query ? 'Try other words.' : 'Create an event and its runs first.'}
              </EmptyState>
            }
            onPageChange={(next) => setSearch({ ...search, page: next > 1 ? next : undefined })}
            region={{ label: 'Events' }}
          >
            {(rows) => (
              <ul className="flex flex-col gap-2">
                {rows.map((event) => (
                  <EventChoice key={event.id} event={event} selected={event.id === search.eventId} search={search} />
                ))}
              </ul>
            )}
          </PagedResults>
        </section>
        <section aria-labelledby="runs-title" className="min-w-0">
          <h2 id="runs-title" className="mb-3 text-lg font-bold text-slate-900">
            Runs
          </h2>
          {search.eventId ? (
            <EventRuns eventId={search.eventId} />
          ) : (
            <EmptyState
              title="Pick an event"
              icon={<CalendarDays className="size-10 text-slate-400" aria-hidden="true" />}
            >
              Its runs show here, each with its timing table and validation.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}

function EventChoice({
  event,
  selected,
  search,
}: {
  event: AdminEvent;
  selected: boolean;
  search: RunOrderIndexSearch;
}) {
  return (
    <li>
      <Link
        to="/portal/results"
        search={compact({ ...search, eventId: event.id })}
        aria-current={selected ? 'true' : undefined}
        className={`flex items-center gap-3 rounded-xl border bg-white px-4 py-3 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300'
        }`}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900">{event.name}</span>
          <span className="block text-sm text-slate-600">
            {eventDays(event.startDate, event.endDate)} · {event.city}, {event.province} · {event.runCount}{' '}
            {event.runCount === 1 ? 'run' : 'runs'}
          </span>
        </span>
        <Badge className={statusBadgeClass(event.status)}>{eventStatusLabel(event.status)}</Badge>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

function EventRuns({ eventId }: { eventId: number }) {
  const runs = useQuery(runOrderEventRunsQuery(eventId));
  if (runs.isPending) return <LoadingState label="Loading the runs" />;
  if (runs.isError)
    return (
      <ErrorState
        title="The runs couldn't be loaded."
        error={runs.error}
        onRetry={() => void runs.refetch()}
        retrying={runs.isFetching}
      />
    );
  if (runs.data.data.length === 0) {
    return (
      <EmptyState title="This event has no runs" icon={<Timer className="size-10 text-slate-400" aria-hidden="true" />}>
        Add runs to the event first; each run has its own timing table.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="event-runs">
      {runs.data.data.map((run) => (
        <RunRow key={run.id} run={run} />
      ))}
    </ul>
  );
}

function RunRow({ run }: { run: RunDto }) {
  const runId = String(run.id);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{run.name}</p>
        <p className="text-sm text-slate-600">
          {run.category} · {run.confirmedCount} confirmed
          {!run.isActive && ' · inactive'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/portal/results/$runId" params={{ runId }} className={buttonClass('primary', 'sm')}>
          <Timer aria-hidden="true" className="size-4" />
          Timing table<span className="sr-only"> for {run.name}</span>
        </Link>
        <Link to="/portal/results/$runId/validate" params={{ runId }} className={buttonClass('secondary', 'sm')}>
          <ClipboardCheck aria-hidden="true" className="size-4" />
          Validate<span className="sr-only"> results of {run.name}</span>
        </Link>
        <a href={`/display/runs/${run.id}`} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
          <MonitorPlay aria-hidden="true" className="size-4" />
          Venue display<span className="sr-only"> of {run.name} (opens in a new tab)</span>
        </a>
      </div>
    </li>
  );
}
