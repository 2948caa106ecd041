import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { daysAwayLabel, formatDate } from '../../../lib/format.ts';
import { usePageError } from '../../../lib/use-page-error.ts';
import { PhaseBadge } from '../../events/components/event-badges.tsx';
import { upcomingEventsQuery } from '../../events/queries.ts';

const HOME_UPCOMING_COUNT = 10;

/** Up to ten upcoming events with their registration phase and days away. */
export function UpcomingEvents() {
  const events = useQuery(upcomingEventsQuery(HOME_UPCOMING_COUNT));
  usePageError(events.error);
  return (
    <section
      aria-labelledby="upcoming-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="upcoming-events-panel"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="upcoming-title" className="text-2xl font-black text-slate-900">
          Upcoming Events
        </h2>
        <Link to="/events" className="text-sm font-bold text-brand-700 hover:text-brand-900">
          All Events <span aria-hidden="true">→</span>
        </Link>
      </div>
      {events.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label="Loading upcoming events" />
        </div>
      ) : events.isError ? (
        <p className="mt-4 rounded-lg bg-brand-50 p-4 font-semibold text-brand-800">Unable to load upcoming events.</p>
      ) : events.data.length === 0 ? (
        <div className="py-10 text-center" data-testid="upcoming-empty">
          <CalendarClock className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-bold text-slate-900">No upcoming events scheduled at this time.</p>
          <p className="mt-1 text-sm text-slate-600">Check back soon for new events!</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="upcoming-events">
          {events.data.slice(0, HOME_UPCOMING_COUNT).map((event) => {
            const daysAway = daysAwayLabel(event.daysUntilEvent);
            return (
              <li key={event.id}>
                <Link
                  to="/events/$id"
                  params={{ id: String(event.id) }}
                  className="group flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-bold text-slate-900 group-hover:text-brand-700">{event.name}</p>
                    <p className="text-sm text-slate-600">
                      <time dateTime={event.startDate}>{formatDate(event.startDate)}</time> · {event.city},{' '}
                      {event.province}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <PhaseBadge phase={event.registrationPhase} />
                    {daysAway && <span className="text-sm font-semibold text-brand-700">{daysAway}</span>}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
