import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, ListOrdered, Timer } from 'lucide-react';
import { buttonClass } from '../../../components/button.ts';
import { eventDayOf, localDay } from '../event-day.ts';
import { eventDays } from '../event-days.ts';
import { runOrderEventsQuery } from '../queries.ts';

/**
 * The admin dashboard's way to the day's event: the event in progress (or on today's date), else the
 * next one, with its run orders and its timing table one click away. Nothing when there is neither.
 */
export function EventDayCard() {
  // The picker's first page, ordered for the event day: the first event is the one wanted.
  const events = useQuery(runOrderEventsQuery(1, undefined));
  const event = events.data?.data[0];
  const when = event ? eventDayOf(event, localDay(new Date())) : undefined;
  if (!event || !when) return null;
  const search = { eventId: event.id };
  return (
    <section
      aria-labelledby="event-day-title"
      data-testid="event-day"
      className="rounded-2xl border border-brand-600 bg-white p-5 shadow-sm sm:p-6"
    >
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-700">
        <CalendarClock aria-hidden="true" className="size-4" />
        {when === 'today' ? "Today's event" : 'Next event'}
      </p>
      <h2 id="event-day-title" className="mt-1 text-xl font-bold text-slate-900">
        {event.name}
      </h2>
      <p className="text-sm text-slate-600">
        {eventDays(event.startDate, event.endDate)} · {event.city}, {event.province} · {event.status}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link to="/portal/run-orders" search={search} className={buttonClass('primary')}>
          <ListOrdered aria-hidden="true" className="size-4" />
          Run orders
        </Link>
        <Link to="/portal/results" search={search} className={buttonClass('secondary')}>
          <Timer aria-hidden="true" className="size-4" />
          Timing and results
        </Link>
      </div>
    </section>
  );
}
