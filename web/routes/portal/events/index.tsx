import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CalendarX, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { EventFilters } from '../../../features/events-admin/components/event-filters.tsx';
import { EventDialog } from '../../../features/events-admin/components/event-form.tsx';
import { EventsTable } from '../../../features/events-admin/components/events-table.tsx';
import {
  type EventListSearch,
  eventListFilters,
  hasEventFilters,
  parseEventListSearch,
} from '../../../features/events-admin/filters.ts';
import { adminEventsQuery } from '../../../features/events-admin/queries.ts';

export const Route = createFileRoute('/portal/events/')({
  validateSearch: parseEventListSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its spinner (or the previous page) while the list loads.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminEventsQuery(eventListFilters(deps)));
  },
  component: EventsPage,
});

type Editing = { mode: 'create' } | { mode: 'edit'; event: AdminEvent } | null;

function EventsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const events = useQuery(adminEventsQuery(eventListFilters(search)));
  const flash = useFlash();
  const [editing, setEditing] = useState<Editing>(null);
  const filtered = hasEventFilters(search);

  const setSearch = (next: EventListSearch) => void navigate({ search: next });

  return (
    <div>
      <PortalPageHeader
        title="Events"
        description="Every event of the series, drafts and inactive ones included: their status, runs and registrations."
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            New event
          </button>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <EventFilters search={search} onChange={setSearch} currentYear={new Date().getFullYear()} />
      <PagedResults
        query={events}
        region={{ className: 'mt-6' }}
        loadingLabel="Loading events"
        errorTitle="The events couldn't be loaded."
        noun="events"
        onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={<PastEndState noun="events" onFirstPage={() => setSearch({ ...search, page: undefined })} />}
        empty={
          <EmptyState
            title={filtered ? 'No events match' : 'No events yet'}
            icon={<CalendarX className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              filtered ? (
                <button type="button" className={buttonClass('secondary')} onClick={() => setSearch({})}>
                  Clear search and filters
                </button>
              ) : undefined
            }
          >
            {filtered
              ? 'Try other words or fewer filters. Deleted events are not listed.'
              : 'Create the first one with "New event".'}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <EventsTable events={rows} stale={stale} onEdit={(event) => setEditing({ mode: 'edit', event })} />
        )}
      </PagedResults>
      <EventDialog
        open={editing !== null}
        event={editing?.mode === 'edit' ? editing.event : undefined}
        onClose={() => setEditing(null)}
        onSaved={(event, created) => {
          setEditing(null);
          if (created) {
            // A new event goes on to its page, where its picture and runs are added.
            void navigate({ to: '/portal/events/$id', params: { id: String(event.id) } });
            return;
          }
          flash.show(`${event.name} was saved.`);
        }}
      />
    </div>
  );
}
