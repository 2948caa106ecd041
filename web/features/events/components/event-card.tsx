import { Link } from '@tanstack/react-router';
import { CalendarDays, MapPin } from 'lucide-react';
import type { PublicEvent } from '../../../../api/contracts/events.ts';
import { daysAwayLabel, formatDateWithWeekday } from '../../../lib/format.ts';
import { PhaseBadge, RegistrationAvailable, ScopeBadge, StatusBadge } from './event-badges.tsx';

/** One event's card on the events page. */
export function EventCard({ event }: { event: PublicEvent }) {
  const daysAway = daysAwayLabel(event.daysUntilEvent);
  return (
    <Link
      to="/events/$id"
      params={{ id: String(event.id) }}
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      data-testid="event-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <PhaseBadge phase={event.registrationPhase} />
        <StatusBadge status={event.status} />
        <ScopeBadge scope={event.scope} />
      </div>
      <h3 className="mt-3 text-lg font-bold text-slate-900 group-hover:text-brand-700">{event.name}</h3>
      <p className="mt-1 line-clamp-2 text-sm text-slate-600" data-testid="event-description">
        {event.description}
      </p>
      <div className="mt-auto space-y-1.5 pt-4 text-sm text-slate-700">
        <p className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{formatDateWithWeekday(event.startDate)}</span>
        </p>
        <p className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            {event.city}, {event.province}
          </span>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          {daysAway ? <span className="font-semibold text-brand-700">{daysAway}</span> : <span />}
          <RegistrationAvailable event={event} />
        </div>
      </div>
    </Link>
  );
}
