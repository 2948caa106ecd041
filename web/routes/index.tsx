import { queryOptions, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { apiGet } from '../lib/api.ts';

interface UpcomingEvent {
  id: number;
  name: string;
  startDate: string;
  city: string;
  province: string;
  daysUntilEvent: number;
}

const upcomingEventsQuery = queryOptions({
  queryKey: ['events', 'upcoming', 10],
  queryFn: () => apiGet<UpcomingEvent[]>('/events/upcoming?limit=10'),
});

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const upcoming = useQuery(upcomingEventsQuery);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Upcoming Events</h1>
      {upcoming.isPending && <p className="mt-4 text-slate-500">Loading…</p>}
      {upcoming.isError && <p className="mt-4 text-brand-700">Unable to load upcoming events.</p>}
      {upcoming.data && (
        <ul className="mt-6 grid gap-3" data-testid="upcoming-events">
          {upcoming.data.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold">{event.name}</p>
              <p className="text-sm text-slate-600">
                {event.startDate} · {event.city}, {event.province}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
