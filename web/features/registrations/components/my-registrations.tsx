import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, ClipboardList, ExternalLink, XCircle } from 'lucide-react';
import { useId } from 'react';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import { buttonClass } from '../../../components/button.ts';
import { ChoiceFilterSelect } from '../../../components/filter-select.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { compact } from '../../../lib/portal/query-policy.ts';
import { myRegistrationFilters, type RegistrationListSearch } from '../filters.ts';
import { entrantLabel, REGISTRATION_STATUS_LABELS, runKindLabel } from '../labels.ts';
import { canCancel, captainedTeamIds, type Viewer } from '../permissions.ts';
import { myRegistrationsQuery, myTeamsQuery } from '../queries.ts';
import { REGISTRATION_STATUSES, type RegistrationStatus as RegistrationStatusName } from '../statuses.ts';
import { useRegistrationActions } from './registration-actions.tsx';
import { RegistrationStatus } from './status-badge.tsx';

/** "My registrations": the person's own entries and their teams', as cards, with cancel where they may. */
export function MyRegistrations({
  viewer,
  search,
  onSearch,
  onMessage,
}: {
  viewer: Viewer;
  search: RegistrationListSearch;
  onSearch: (next: RegistrationListSearch) => void;
  onMessage: (message: string) => void;
}) {
  const registrations = useQuery(myRegistrationsQuery(viewer.id, myRegistrationFilters(search)));
  const teams = useQuery(myTeamsQuery(viewer.id));
  const captained = captainedTeamIds(teams.data, viewer.id);
  const actions = useRegistrationActions(onMessage, { viewerId: viewer.id });
  const setStatus = (status: RegistrationStatusName | undefined) => onSearch(compact({ view: search.view, status }));

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <ChoiceFilterSelect
          className="sm:w-60"
          label="Status"
          anyLabel="Any status"
          value={search.status}
          choices={REGISTRATION_STATUSES}
          labelOf={(status) => REGISTRATION_STATUS_LABELS[status]}
          onChange={setStatus}
        />
      </div>
      <PagedResults
        query={registrations}
        region={{ label: 'My registrations' }}
        loadingLabel="Loading your registrations"
        errorTitle="Your registrations couldn't be loaded."
        noun="registrations"
        onPageChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={
          search.page !== undefined ? (
            <PastEndState noun="registrations" onFirstPage={() => onSearch({ ...search, page: undefined })}>
              {null}
            </PastEndState>
          ) : undefined
        }
        empty={
          <EmptyState
            title={
              search.status
                ? `No ${REGISTRATION_STATUS_LABELS[search.status].toLowerCase()} registrations`
                : 'No registrations yet'
            }
            icon={<ClipboardList className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              search.status ? (
                <button type="button" className={buttonClass('secondary')} onClick={() => setStatus(undefined)}>
                  Show every status
                </button>
              ) : (
                <Link to="/events" className={buttonClass('primary')}>
                  Find an event
                </Link>
              )
            }
          >
            {search.status
              ? 'Try another status.'
              : "When you register for a run, or your team's captain registers your team, it appears here with its status."}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <ul className={`grid gap-4 lg:grid-cols-2 ${stale ? 'opacity-60' : ''}`}>
            {rows.map((registration) => (
              <li key={registration.id}>
                <MyRegistrationCard
                  registration={registration}
                  viewerId={viewer.id}
                  cancellable={canCancel(registration, viewer, captained)}
                  busy={actions.busyId === registration.id}
                  onCancel={() => actions.request('cancel', registration)}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
      {actions.dialog}
    </div>
  );
}

function MyRegistrationCard({
  registration,
  viewerId,
  cancellable,
  busy,
  onCancel,
}: {
  registration: RegistrationDto;
  viewerId: number;
  cancellable: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-slate-500">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {formatDate(registration.eventStartDate)}
          </p>
          <h3 id={headingId} className="mt-1 text-lg font-bold text-slate-900">
            {registration.eventName}
          </h3>
          <p className="text-sm text-slate-700">
            {registration.runName}{' '}
            <span className="text-slate-500">
              · {runKindLabel({ type: registration.runType, category: registration.runCategory })}
            </span>
          </p>
        </div>
        <div className="shrink-0">
          <RegistrationStatus registration={registration} />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">Entrant</dt>
        <dd className="min-w-0 break-words font-medium text-slate-900">{entrantLabel(registration, viewerId)}</dd>
        <dt className="text-slate-500">Registered</dt>
        <dd className="text-slate-900">{formatDateTime(registration.submittedAt)}</dd>
        {registration.cancelledAt && registration.status === 'cancelled' && (
          <>
            <dt className="text-slate-500">Cancelled</dt>
            <dd className="text-slate-900">{formatDateTime(registration.cancelledAt)}</dd>
          </>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Link to="/events/$id" params={{ id: String(registration.eventId) }} className={buttonClass('secondary', 'sm')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Event page<span className="sr-only">: {registration.eventName}</span>
        </Link>
        {cancellable && (
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={busy}
            onClick={onCancel}
            aria-label={`Cancel registration for ${registration.runName} at ${registration.eventName}`}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Cancel registration
          </button>
        )}
      </div>
    </article>
  );
}
