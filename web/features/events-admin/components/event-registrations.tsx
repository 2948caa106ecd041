import { useQuery } from '@tanstack/react-query';
import { ClipboardList, User, Users } from 'lucide-react';
import type { RegistrationEntry, RunDto } from '../../../../api/contracts/runs.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ChoiceFilterSelect, ClearFiltersButton, IdFilterSelect } from '../../../components/filter-select.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  type EventDetailSearch,
  eventRegistrationFilters,
  hasRegistrationFilters,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  withRegistrationFilter,
} from '../filters.ts';
import { eventRegistrationsQuery } from '../queries.ts';
import { REGISTRATION_STATUS_BADGE, REGISTRATION_STATUS_LABELS, registrantOf } from '../registrations-view.ts';

function StatusBadgeOf({ status }: { status: RegistrationStatus }) {
  return <Badge className={REGISTRATION_STATUS_BADGE[status]}>{REGISTRATION_STATUS_LABELS[status]}</Badge>;
}

function Registrant({ entry }: { entry: RegistrationEntry }) {
  const registrant = registrantOf(entry);
  const Icon = registrant.kind === 'team' ? Users : User;
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span>
        {registrant.name}
        <span className="sr-only"> ({registrant.kind === 'team' ? 'team' : 'individual'})</span>
      </span>
    </span>
  );
}

/**
 * The event's registrations, read-only: who (a team or a person), in which run, their status and
 * waitlist position. Filtered by status and run in the URL, a page at a time.
 */
export function EventRegistrations({
  eventId,
  runs,
  search,
  onSearch,
}: {
  eventId: number;
  /** The event's runs, for the run filter. */
  runs: readonly RunDto[];
  search: EventDetailSearch;
  onSearch: (next: EventDetailSearch) => void;
}) {
  const filters = eventRegistrationFilters(search);
  const registrations = useQuery(eventRegistrationsQuery(eventId, filters));
  const filtered = hasRegistrationFilters(search);

  const columns: DataColumn<RegistrationEntry>[] = [
    { id: 'registrant', header: 'Registrant', hideInCard: true, cell: (r) => <Registrant entry={r} /> },
    { id: 'run', header: 'Run', cell: (r) => r.runName },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadgeOf status={r.status} /> },
    {
      id: 'waitlist',
      header: 'Waitlist position',
      className: 'tabular-nums',
      cell: (r) => (r.waitlistPosition === null ? <span className="text-slate-500">—</span> : `#${r.waitlistPosition}`),
    },
    { id: 'hybrid', header: 'Hybrid', cell: (r) => (r.isHybridOptIn ? 'Yes' : 'No') },
    {
      id: 'submitted',
      header: 'Submitted',
      className: 'whitespace-nowrap',
      cell: (r) => formatDateTime(r.submittedAt),
    },
  ];

  const reason = filtered
    ? 'Try another status or run.'
    : 'Teams and competitors appear here once they register for a run.';

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <ChoiceFilterSelect
          label="Status"
          anyLabel="Any status"
          value={search.status}
          choices={REGISTRATION_STATUSES}
          labelOf={(status) => REGISTRATION_STATUS_LABELS[status]}
          onChange={(status) => onSearch(withRegistrationFilter(search, 'status', status))}
        />
        <IdFilterSelect
          label="Run"
          anyLabel="Every run"
          noun="Run"
          value={search.runId}
          options={runs}
          optionLabel={(run) => run.name}
          onChange={(runId) => onSearch(withRegistrationFilter(search, 'runId', runId))}
        />
        {filtered && (
          <ClearFiltersButton onClick={() => onSearch({ tab: 'registrations' })}>Clear filters</ClearFiltersButton>
        )}
      </div>
      <PagedResults
        query={registrations}
        region={{ label: 'Registrations' }}
        loadingLabel="Loading the registrations"
        errorTitle="The registrations couldn't be loaded."
        noun="registrations"
        onPageChange={(page) => onSearch({ ...search, tab: 'registrations', page: page > 1 ? page : undefined })}
        pastEnd={
          search.page !== undefined ? (
            <PastEndState
              icon={<ClipboardList className="size-10 text-slate-400" aria-hidden="true" />}
              noun="registrations"
              onFirstPage={() => onSearch({ ...search, page: undefined })}
            >
              {reason}
            </PastEndState>
          ) : undefined
        }
        empty={
          <EmptyState
            title={filtered ? 'No registrations match' : 'No registrations yet'}
            icon={<ClipboardList className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              filtered ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => onSearch({ tab: 'registrations' })}
                >
                  Clear filters
                </button>
              ) : undefined
            }
          >
            {reason}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <DataTable
            caption="Registrations"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            stale={stale}
            cardTitle={(r) => <Registrant entry={r} />}
          />
        )}
      </PagedResults>
    </div>
  );
}
