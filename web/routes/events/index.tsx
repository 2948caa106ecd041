import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import { Spinner } from '../../components/spinner.tsx';
import { EventCard } from '../../features/events/components/event-card.tsx';
import { YearSelector } from '../../features/events/components/year-selector.tsx';
import {
  availableYearsQuery,
  currentSeasonYearQuery,
  eventsByYearQuery,
  isQueryableYear,
} from '../../features/events/queries.ts';
import { selectableYears } from '../../features/events/year-selector.ts';
import { usePageError } from '../../lib/use-page-error.ts';

/** `?year=2027`; anything else is ignored (the page opens on the current season). */
function validateSearch(search: Record<string, unknown>): { year?: number } {
  const year = Number(search.year);
  return Number.isInteger(year) ? { year } : {};
}

export const Route = createFileRoute('/events/')({
  validateSearch,
  component: EventsPage,
});

function EventsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/events/' });
  const season = useQuery(currentSeasonYearQuery());
  const yearsQuery = useQuery(availableYearsQuery());
  const currentYear = season.data?.year ?? new Date().getFullYear();
  const selected = search.year !== undefined && isQueryableYear(search.year) ? search.year : currentYear;
  const years = selectableYears(yearsQuery.data ?? [], currentYear);
  const events = useQuery(eventsByYearQuery(selected));
  usePageError(events.error ?? yearsQuery.error);

  const sorted = [...(events.data ?? [])].sort((a, b) => b.startDate.localeCompare(a.startDate));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 text-center">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Competition calendar</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">Events</h1>
      </header>
      <YearSelector years={years} selected={selected} onSelect={(year) => navigate({ search: { year } })} />

      {/* Room for the list before it arrives: the footer stays below the fold instead of jumping down.
          A year without events gives the room back (a rare shift, rather than a gap on every empty year). */}
      <section
        aria-live="polite"
        aria-busy={events.isPending}
        className={`mt-10 ${!events.isPending && !events.isError && sorted.length === 0 ? '' : 'min-h-[70vh]'}`}
      >
        <h2 className="sr-only">Events in {selected}</h2>
        {events.isPending ? (
          <div className="grid place-items-center py-16">
            <Spinner label={`Loading events for ${selected}`} />
          </div>
        ) : events.isError ? (
          <p className="rounded-lg bg-brand-50 p-6 text-center font-semibold text-brand-800">
            Unable to load events for {selected}.
          </p>
        ) : sorted.length === 0 ? (
          <div className="mx-auto max-w-md py-16 text-center" data-testid="events-empty">
            <CalendarX className="mx-auto size-12 text-slate-400" aria-hidden="true" />
            <p className="mt-4 text-xl font-bold text-slate-900">No Events Found</p>
            <p className="mt-2 text-slate-700">No events scheduled for {selected}.</p>
            <p className="mt-1 text-sm text-slate-600">Check another year or check back later.</p>
          </div>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="events-list">
            {sorted.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
