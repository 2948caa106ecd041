import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  BooleanFilterSelect,
  ChoiceFilterSelect,
  FilterPanel,
  IdFilterSelect,
} from '../../../components/filter-select.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  clearedRegistrationSearch,
  hasRegistrationFilters,
  type RegistrationListSearch,
  withRegistrationFilter,
} from '../filters.ts';
import { REGISTRATION_STATUS_LABELS } from '../labels.ts';
import { eventOptionsQuery, runOptionsQuery } from '../queries.ts';
import { REGISTRATION_STATUSES } from '../statuses.ts';

/** Search, event, run, status, waitlist position and the deleted ones: every change is a new URL. */
export function RegistrationFilters({
  search,
  onChange,
}: {
  search: RegistrationListSearch;
  onChange: (next: RegistrationListSearch) => void;
}) {
  const events = useQuery(eventOptionsQuery());
  const runs = useQuery(runOptionsQuery(search.eventId));
  const deletedId = useId();

  return (
    <FilterPanel
      searchLabel="Search registrations by team or person"
      searchPlaceholder="Search by team or person"
      query={search.query}
      onQuery={(query) => onChange(withRegistrationFilter(search, 'query', query))}
      gridClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onClear={hasRegistrationFilters(search) ? () => onChange(clearedRegistrationSearch(search)) : undefined}
      extra={
        <label htmlFor={deletedId} className="flex items-start gap-3 text-sm">
          <input
            id={deletedId}
            type="checkbox"
            checked={search.deleted === true}
            onChange={(e) => onChange(withRegistrationFilter(search, 'deleted', e.target.checked ? true : undefined))}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
          />
          <span>
            <span className="font-semibold text-slate-800">Deleted registrations only</span>
            <span className="block text-slate-600">
              Deleted ones are left out of the list otherwise; restore them from their run's page.
            </span>
          </span>
        </label>
      }
    >
      <IdFilterSelect
        label="Event"
        anyLabel="Any event"
        noun="Event"
        value={search.eventId}
        options={events.data ?? []}
        optionLabel={(event) => `${event.name} (${formatDate(event.startDate)})`}
        onChange={(eventId) => onChange(withRegistrationFilter(search, 'eventId', eventId))}
      />
      <IdFilterSelect
        label="Run"
        anyLabel="Any run"
        noun="Run"
        value={search.runId}
        options={runs.data ?? []}
        optionLabel={(run) => run.name}
        disabled={search.eventId === undefined && search.runId === undefined}
        hint={search.eventId === undefined ? 'Choose an event first.' : undefined}
        onChange={(runId) => onChange(withRegistrationFilter(search, 'runId', runId))}
      />
      <ChoiceFilterSelect
        label="Status"
        anyLabel="Any status"
        value={search.status}
        choices={REGISTRATION_STATUSES}
        labelOf={(status) => REGISTRATION_STATUS_LABELS[status]}
        onChange={(status) => onChange(withRegistrationFilter(search, 'status', status))}
      />
      <BooleanFilterSelect
        label="Waitlist position"
        anyLabel="Any"
        trueLabel="Has a position"
        falseLabel="Has no position"
        value={search.hasWaitlistPosition}
        onChange={(hasWaitlistPosition) =>
          onChange(withRegistrationFilter(search, 'hasWaitlistPosition', hasWaitlistPosition))
        }
      />
    </FilterPanel>
  );
}
