import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import type { LegacyRegistration } from '../../../../api/contracts/legacy.ts';
import { Badge } from '../../../components/badge.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { CsvButton } from '../../../features/legacy/components/csv-button.tsx';
import { LegacyNav } from '../../../features/legacy/components/legacy-nav.tsx';
import { allPages, eventsQuery, registrationsQuery } from '../../../features/legacy/queries.ts';
import { compact, pageParam } from '../../../lib/portal/query-policy.ts';

interface RegistrationSearch {
  eventId?: string;
  page?: number;
}

function validateSearch(raw: Record<string, unknown>): RegistrationSearch {
  const eventId = typeof raw.eventId === 'string' || typeof raw.eventId === 'number' ? String(raw.eventId) : '';
  return compact({ eventId: /^[1-9]\d{0,18}$/.test(eventId) ? eventId : undefined, page: pageParam(raw.page) });
}

export const Route = createFileRoute('/portal/legacy/registrations')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  component: LegacyRegistrationsPage,
});

const COLUMNS: DataColumn<LegacyRegistration>[] = [
  { id: 'name', header: 'Competitor', hideInCard: true, cell: (r) => r.userName ?? r.userId },
  { id: 'email', header: 'E-mail', cell: (r) => <span className="break-all">{r.userEmail ?? '—'}</span> },
  { id: 'category', header: 'Category', cell: (r) => r.category },
  { id: 'status', header: 'Status', cell: (r) => <Badge>{r.status}</Badge> },
  { id: 'registered', header: 'Registered', cell: (r) => r.registeredAt?.slice(0, 10) ?? '—' },
];

function LegacyRegistrationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const events = useQuery(eventsQuery());
  const eventId = search.eventId ?? events.data?.data[0]?.id;
  const registrations = useQuery({
    ...registrationsQuery({ eventId, page: search.page }),
    enabled: eventId !== undefined,
  });
  return (
    <div>
      <PortalPageHeader
        title="Legacy registrations"
        description="Who entered which event of the old system."
        actions={
          <CsvButton
            filename={`legacy-registrations-${eventId ?? 'all'}.csv`}
            load={() => allPages<LegacyRegistration>('/registrations/filter', { eventId })}
            columns={[
              { header: 'Id', value: (r) => r.id },
              { header: 'Name', value: (r) => r.userName },
              { header: 'E-mail', value: (r) => r.userEmail },
              { header: 'Category', value: (r) => r.category },
              { header: 'Status', value: (r) => r.status },
              { header: 'Registered', value: (r) => r.registeredAt },
            ]}
          />
        }
      />
      <LegacyNav />
      <div className="flex flex-col gap-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-md">
          <FormField label="Event" name="eventId">
            {(control) => (
              <select
                {...control}
                className={inputClass()}
                value={eventId ?? ''}
                onChange={(e) => void navigate({ search: { eventId: e.target.value } })}
              >
                {events.data?.data.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} ({e.registrations})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <PagedResults
          query={registrations}
          region={{ label: 'Registrations' }}
          loadingLabel="Loading registrations"
          errorTitle="The registrations couldn't be loaded."
          noun="registrations"
          onPageChange={(page) => void navigate({ search: compact({ ...search, page: page > 1 ? page : undefined }) })}
          empty={
            <EmptyState
              title="No registrations"
              icon={<ClipboardList className="size-10 text-slate-400" aria-hidden="true" />}
            >
              Nobody entered this event.
            </EmptyState>
          }
        >
          {(rows, stale) => (
            <DataTable
              caption="Legacy registrations"
              columns={COLUMNS}
              rows={rows}
              rowKey={(r) => r.id}
              stale={stale}
              cardTitle={(r) => r.userName ?? r.userId}
            />
          )}
        </PagedResults>
      </div>
    </div>
  );
}
