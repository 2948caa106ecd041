import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ExternalLink, Power, PowerOff, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { RecordActions } from '../../../components/record-actions.tsx';
import { DetailErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { DocumentLinks, eventDocumentLinks } from '../../../features/documents/document-links.tsx';
import { PhaseBadge, ScopeBadge } from '../../../features/events/components/event-badges.tsx';
import { useEventActions } from '../../../features/events-admin/components/event-actions.tsx';
import { EventDialog } from '../../../features/events-admin/components/event-form.tsx';
import { EventPicture } from '../../../features/events-admin/components/event-picture.tsx';
import { EventRegistrations } from '../../../features/events-admin/components/event-registrations.tsx';
import { EventStatusBar } from '../../../features/events-admin/components/event-status-bar.tsx';
import {
  type EventDetailSearch,
  eventRegistrationFilters,
  eventTab,
  parseEventDetailSearch,
  withEventTab,
} from '../../../features/events-admin/filters.ts';
import { adminEventQuery, eventRegistrationsQuery } from '../../../features/events-admin/queries.ts';
import { registrationDateRows } from '../../../features/events-admin/view.ts';
import { EventRunsTab } from '../../../features/runs/components/event-runs-tab.tsx';
import { eventRunsQuery } from '../../../features/runs/queries.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { eventDaysLong, formatDate, formatDateTime } from '../../../lib/format.ts';

export const Route = createFileRoute('/portal/events/$id')({
  validateSearch: parseEventDetailSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const id = recordIdOf(params.id);
    const client = context.queryClient;
    void client.prefetchQuery(eventRunsQuery(id));
    if (deps.tab === 'registrations')
      void client.prefetchQuery(eventRegistrationsQuery(id, eventRegistrationFilters(deps)));
    await loadRecord(client, adminEventQuery(id));
  },
  pendingComponent: () => <LoadingState label="Loading the event" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The event couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound title="Event not found" noun="event" to="/portal/events" linkLabel="See all events" />
  ),
  component: EventPage,
});

function Back() {
  return <BackLink to="/portal/events">Back to events</BackLink>;
}

function EventPage() {
  const event = useRecord(adminEventQuery(recordIdOf(Route.useParams().id)));
  return <EventDetail event={event.data} back={<Back />} />;
}

function EventDetail({ event, back }: { event: AdminEvent; back: ReactNode }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const flash = useFlash();
  const actions = useEventActions(flash.show);
  const [editing, setEditing] = useState(false);
  const busy = actions.busyId === event.id;
  // The registrations' run filter lists the event's runs (the Runs tab asks for the same page).
  const runs = useQuery(eventRunsQuery(event.id));
  const setSearch = (next: EventDetailSearch) => void navigate({ search: next, resetScroll: false });

  return (
    <div>
      <PortalPageHeader
        back={back}
        title={event.name}
        description={`${eventDaysLong(event)} · ${event.city}, ${event.province}`}
        actions={
          event.isDeleted ? undefined : (
            <RecordActions
              deleted={false}
              busy={busy}
              onEdit={() => setEditing(true)}
              onDelete={() => actions.requestDelete(event)}
            >
              {event.isActive ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy}
                  onClick={() => actions.requestActive(event, false)}
                >
                  <PowerOff aria-hidden="true" className="size-4" />
                  Deactivate
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy}
                  onClick={() => actions.requestActive(event, true)}
                >
                  <Power aria-hidden="true" className="size-4" />
                  Activate
                </button>
              )}
            </RecordActions>
          )
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <DocumentLinks links={eventDocumentLinks(event.id)} withToken />
      {event.isDeleted && (
        <div
          role="note"
          className="mb-4 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
          <p>
            This event was deleted{event.deletedAt ? ` on ${formatDateTime(event.deletedAt)}` : ''}. It is kept for the
            record, hidden from every list and from the public site, and can no longer be changed.{' '}
            <Link to="/portal/events" className="font-semibold underline">
              Back to the events
            </Link>
          </p>
        </div>
      )}
      <EventStatusBar event={event} busy={busy} onTransition={(choice) => actions.requestTransition(event, choice)} />
      <Tabs
        label="Event"
        activeTab={eventTab(search)}
        onTabChange={(tab) => setSearch(withEventTab(tab === 'runs' || tab === 'registrations' ? tab : 'details'))}
        tabs={[
          { id: 'details', label: 'Details', content: <EventFacts event={event} onMessage={flash.show} /> },
          {
            id: 'runs',
            label: 'Runs',
            badge: event.runCount,
            content: <EventRunsTab event={event} onMessage={flash.show} />,
          },
          {
            id: 'registrations',
            label: 'Registrations',
            badge: event.registrationCount,
            content: (
              <EventRegistrations
                eventId={event.id}
                runs={runs.data?.data ?? []}
                search={search}
                onSearch={setSearch}
              />
            ),
          },
        ]}
      />
      <EventDialog
        open={editing}
        event={event}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          flash.show(`${saved.name} was saved.`);
        }}
      />
      {actions.dialog}
    </div>
  );
}

function EventFacts({ event, onMessage }: { event: AdminEvent; onMessage: (message: string) => void }) {
  const isPublic = event.isActive && !event.isDeleted && event.status !== 'Draft';
  return (
    <div className="flex flex-col gap-6">
      <Panel id="event-picture" title="Picture" description="Shown on the event's public page and card.">
        {event.isDeleted ? (
          <p className="text-sm text-slate-600">
            {event.pictureUrl ? 'The event has a picture.' : 'The event has no picture.'}
          </p>
        ) : (
          <EventPicture event={event} onMessage={onMessage} />
        )}
      </Panel>
      <Panel
        id="event-details"
        title="Details"
        actions={
          isPublic ? (
            <Link to="/events/$id" params={{ id: String(event.id) }} className={buttonClass('secondary', 'sm')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Public page
            </Link>
          ) : undefined
        }
      >
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Dates">{eventDaysLong(event)}</Fact>
          <Fact label="Location">
            {event.city}, {event.province}
          </Fact>
          <Fact label="Scope">
            <ScopeBadge scope={event.scope} />
          </Fact>
          <Fact label="Host department">
            {event.department ? (
              <Link
                to="/portal/departments/$id"
                params={{ id: String(event.department.id) }}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                {event.department.name}
              </Link>
            ) : (
              <None>None</None>
            )}
          </Fact>
          <Fact label="Registration">
            <PhaseBadge phase={event.registrationPhase} />
            <span className="text-slate-700">
              {event.hasOpenRuns ? 'Runs open for entries' : 'No run open for entries'}
            </span>
          </Fact>
          <Fact label="Public site">{isPublic ? 'Shown' : event.status === 'Draft' ? 'Hidden (Draft)' : 'Hidden'}</Fact>
          {registrationDateRows(event).map((row) => (
            <Fact key={row.label} label={row.label}>
              {row.value ? formatDate(row.value) : <None>Not set</None>}
            </Fact>
          ))}
          <Fact label="Web address (slug)">
            <span className="break-all font-mono text-xs">{event.slug}</span>
          </Fact>
          <Fact label="Created">{formatDateTime(event.createdAt)}</Fact>
          <Fact label="Last changed">{formatDateTime(event.updatedAt)}</Fact>
        </dl>
        <div className="mt-6">
          <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">Description</h3>
          {event.description.trim() ? (
            <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{event.description}</p>
          ) : (
            <p className="mt-1 text-sm text-slate-500">No description yet.</p>
          )}
        </div>
      </Panel>
    </div>
  );
}

function None({ children }: { children: ReactNode }) {
  return <span className="text-slate-500">{children}</span>;
}
