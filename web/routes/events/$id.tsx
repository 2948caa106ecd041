import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, Building2, CalendarDays, MapPin } from 'lucide-react';
import { lazy, type ReactNode, useState } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { DocumentLinks, eventDocumentLinks } from '../../features/documents/document-links.tsx';
import { MyHeats } from '../../features/event-day/components/my-heats.tsx';
import { StartLists } from '../../features/event-day/components/start-lists.tsx';
import { RegistrationAvailable, ScopeBadge, StatusBadge } from '../../features/events/components/event-badges.tsx';
import { EventRuns } from '../../features/events/components/event-runs.tsx';

import { eventPictureUrl, eventQuery } from '../../features/events/queries.ts';
import { useAuth } from '../../lib/auth/session.ts';
import { loadRecord, recordIdOf, useRecord } from '../../lib/detail-route.ts';
import { formatDateWithWeekday } from '../../lib/format.ts';
import { usePageError } from '../../lib/use-page-error.ts';

/**
 * Registering, for signed-in people only: its forms, the shared schemas and zod come in their own
 * chunks, loaded when a signed-in person opens an event, never for anonymous visitors.
 */
const SelfServiceRuns = lazy(() => import('../../features/self-service/components/self-service-runs.tsx'));

export const Route = createFileRoute('/events/$id')({
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, eventQuery(recordIdOf(params.id)));
  },
  pendingComponent: () => (
    <EventFrame>
      <div className="grid place-items-center py-24">
        <Spinner label="Loading event" />
      </div>
    </EventFrame>
  ),
  errorComponent: EventError,
  notFoundComponent: () => (
    <EventFrame>
      <div className="py-20 text-center" data-testid="event-not-found">
        <h1 className="text-3xl font-black text-slate-900">Event Not Found</h1>
        <p className="mt-3 text-slate-600">We couldn't find that event. It may have been removed.</p>
      </div>
    </EventFrame>
  ),
  component: EventDetailPage,
});

/** Every state of the page sits under the way back to the events. */
function EventFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link
        to="/events"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Events
      </Link>
      {children}
    </div>
  );
}

function EventError({ error }: { error: unknown }) {
  usePageError(error);
  return (
    <EventFrame>
      <p className="mt-10 rounded-lg bg-brand-50 p-6 text-center font-semibold text-brand-800">
        Unable to load this event.
      </p>
    </EventFrame>
  );
}

function EventDetailPage() {
  const event = useRecord(eventQuery(recordIdOf(Route.useParams().id)));
  usePageError(event.error);

  return (
    <EventFrame>
      <article className="mt-6">
        {event.data.hasPicture && <EventPicture id={event.data.id} name={event.data.name} />}
        <div className="flex flex-wrap gap-2">
          <ScopeBadge scope={event.data.scope} />
          <StatusBadge status={event.data.status} />
        </div>
        <h1 className="mt-3 text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{event.data.name}</h1>
        <div className="mt-4">
          <DocumentLinks links={eventDocumentLinks(event.data.id)} label="Official results downloads" />
        </div>
        <dl className="mt-5 grid gap-3 text-slate-700 sm:grid-cols-2">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="size-5 text-brand-700" aria-label="Date" />
            </dt>
            <dd>{formatDateWithWeekday(event.data.startDate)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <MapPin className="size-5 text-brand-700" aria-label="Place" />
            </dt>
            <dd>
              {event.data.city}, {event.data.province}
            </dd>
          </div>
          {event.data.departmentId !== null && event.data.departmentName && (
            <div className="flex items-center gap-2 sm:col-span-2">
              <dt>
                <Building2 className="size-5 text-brand-700" aria-label="Host department" />
              </dt>
              <dd>
                <Link
                  to="/departments/$id"
                  params={{ id: String(event.data.departmentId) }}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {event.data.departmentName}
                </Link>
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-4">
          <RegistrationAvailable event={event.data} />
        </div>
        <p className="mt-8 whitespace-pre-line text-lg leading-relaxed text-slate-800" data-testid="event-description">
          {event.data.description}
        </p>
        <EventDayForCompetitor eventId={event.data.id} />
        <StartLists eventId={event.data.id} />
        <EventRuns event={event.data} SignedInRuns={SelfServiceRuns} />
      </article>
    </EventFrame>
  );
}

/** The event picture, at most 384 px tall; hidden when it fails to display. */
function EventPicture({ id, name }: { id: number; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={eventPictureUrl(id)}
      alt={name}
      onError={() => setFailed(true)}
      className="mb-6 max-h-96 w-full rounded-xl object-cover"
    />
  );
}

/** A signed-in competitor's own heats at this event, live. */
function EventDayForCompetitor({ eventId }: { eventId: number }) {
  const auth = useAuth();
  if (!auth.isAuthenticated || !auth.user) return null;
  return (
    <div className="mt-8">
      <MyHeats userId={auth.user.id} eventId={eventId} />
    </div>
  );
}
