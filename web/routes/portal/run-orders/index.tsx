import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CalendarDays, ChevronRight, ListOrdered, Lock } from 'lucide-react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { PaginationControls } from '../../../components/pagination-controls.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { EmptyState, ErrorState, LoadingState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { eventDays } from '../../../features/run-orders/event-days.ts';
import { formatChangeTime } from '../../../features/run-orders/format.ts';
import { parseRunOrderIndexSearch, type RunOrderIndexSearch } from '../../../features/run-orders/index-search.ts';
import {
  runOrderEventRunsQuery,
  runOrderEventsQuery,
  runOrderSummaryQuery,
} from '../../../features/run-orders/queries.ts';
import { eventStatusLabel, statusBadgeClass } from '../../../lib/labels.ts';
import { compact } from '../../../lib/portal/query-policy.ts';

export const Route = createFileRoute('/portal/run-orders/')({
  validateSearch: parseRunOrderIndexSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(runOrderEventsQuery(deps.page ?? 1, deps.query));
    if (deps.eventId) void context.queryClient.prefetchQuery(runOrderEventRunsQuery(deps.eventId));
  },
  component: RunOrdersIndex,
});

function RunOrdersIndex() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setSearch = (next: RunOrderIndexSearch) => void navigate({ search: compact({ ...next }) });

  return (
    <div>
      <PortalPageHeader title="Run orders" description="Pick an event, then a run, to open its live starting order." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <EventPicker search={search} onSearch={setSearch} />
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
              Its runs and their orders show here.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}

function EventPicker({
  search,
  onSearch,
}: {
  search: RunOrderIndexSearch;
  onSearch: (next: RunOrderIndexSearch) => void;
}) {
  const page = search.page ?? 1;
  const events = useQuery(runOrderEventsQuery(page, search.query));
  return (
    <section aria-labelledby="events-title" className="min-w-0">
      <h2 id="events-title" className="mb-3 text-lg font-bold text-slate-900">
        Events
      </h2>
      <div className="mb-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <SearchBox
          label="Search events by name"
          placeholder="Search events"
          value={search.query}
          onCommit={(query) => onSearch({ ...search, query, page: undefined })}
        />
      </div>
      <div aria-busy={events.isFetching}>
        {events.isPending ? (
          <LoadingState label="Loading the events" />
        ) : events.isError && !events.data ? (
          <ErrorState
            title="The events couldn't be loaded."
            error={events.error}
            onRetry={() => void events.refetch()}
            retrying={events.isFetching}
          />
        ) : events.data.data.length === 0 ? (
          <EmptyState title={search.query ? 'No events match' : 'No events yet'}>
            {search.query ? 'Try other words.' : 'Create an event and its runs first.'}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col gap-2">
              {events.data.data.map((event) => (
                <EventChoice key={event.id} event={event} selected={event.id === search.eventId} search={search} />
              ))}
            </ul>
            <PaginationControls
              meta={events.data.meta}
              shown={events.data.data.length}
              noun="events"
              busy={events.isPlaceholderData}
              onPageChange={(next) => onSearch({ ...search, page: next > 1 ? next : undefined })}
            />
          </div>
        )}
      </div>
    </section>
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
        to="/portal/run-orders"
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
      <EmptyState
        title="This event has no runs"
        icon={<ListOrdered className="size-10 text-slate-400" aria-hidden="true" />}
      >
        Add runs to the event first; each run gets its own order.
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
  const summary = useQuery(runOrderSummaryQuery(run.id));
  const order = summary.data;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{run.name}</p>
        <p className="text-sm text-slate-600">
          {run.category} · {run.confirmedCount} confirmed
          {run.waitlistCount > 0 && ` · ${run.waitlistCount} waitlisted`}
          {!run.isActive && ' · inactive'}
        </p>
        <p className="mt-1 text-sm" data-testid={`run-order-status-${run.id}`}>
          {summary.isPending ? (
            <span className="text-slate-500">Checking its order…</span>
          ) : summary.isError ? (
            <span className="text-brand-800">Its order couldn't be checked.</span>
          ) : order ? (
            <span className="inline-flex flex-wrap items-center gap-x-2 text-slate-700">
              <span className="font-semibold text-green-800">Has an order</span>
              <span>
                {order.placed} of {order.positions} positions filled · version {order.version}
              </span>
              {order.orderLocked && (
                <span className="inline-flex items-center gap-1 font-semibold">
                  <Lock aria-hidden="true" className="size-3" /> locked
                </span>
              )}
              {order.lastChangeAt && (
                <span className="text-slate-500">changed {formatChangeTime(order.lastChangeAt)}</span>
              )}
            </span>
          ) : (
            <span className="text-slate-600">No order yet</span>
          )}
        </p>
      </div>
      <Link
        to="/portal/run-orders/$runId"
        params={{ runId: String(run.id) }}
        className={`${buttonClass(order ? 'primary' : 'secondary', 'sm')} shrink-0`}
      >
        {order ? 'Open board' : 'Create order'}
        <span className="sr-only"> for {run.name}</span>
      </Link>
    </li>
  );
}
