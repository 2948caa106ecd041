import { useQuery } from '@tanstack/react-query';
import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SearchBox } from '../../portal/components/search-box.tsx';
import { booleanParam, idParam } from '../../portal/query-policy.ts';
import { booleanChoice } from '../../users/filters.ts';
import { clearedRegistrationSearch, hasRegistrationFilters, type RegistrationListSearch, withRegistrationFilter } from '../filters.ts';
import { isRegistrationStatus, REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '../labels.ts';
import { eventOptionsQuery, runOptionsQuery } from '../queries.ts';

const labelClass = 'block text-xs font-semibold uppercase tracking-wider text-slate-600';

/** Search, event, run, status, waitlist position and the deleted ones: every change is a new URL. */
export function RegistrationFilters({ search, onChange }: { search: RegistrationListSearch; onChange: (next: RegistrationListSearch) => void }) {
  const events = useQuery(eventOptionsQuery());
  const runs = useQuery(runOptionsQuery(search.eventId));
  const eventOptions = events.data ?? [];
  const runOptions = runs.data ?? [];
  const eventMissing = search.eventId !== undefined && !eventOptions.some((e) => e.id === search.eventId);
  const runMissing = search.runId !== undefined && !runOptions.some((r) => r.id === search.runId);
  const ids = { event: useId(), run: useId(), status: useId(), waitlist: useId(), deleted: useId() };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search registrations by team or person"
        placeholder="Search by team or person"
        value={search.query}
        onCommit={(query) => onChange(withRegistrationFilter(search, 'query', query))}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={ids.event} className={labelClass}>
            Event
          </label>
          <select
            id={ids.event}
            className={`${inputClass()} mt-1`}
            value={search.eventId === undefined ? '' : String(search.eventId)}
            onChange={(e) => onChange(withRegistrationFilter(search, 'eventId', idParam(e.target.value)))}
          >
            <option value="">Any event</option>
            {eventMissing && <option value={String(search.eventId)}>Event #{search.eventId}</option>}
            {eventOptions.map((event) => (
              <option key={event.id} value={String(event.id)}>
                {event.name} ({formatDate(event.startDate)})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.run} className={labelClass}>
            Run
          </label>
          <select
            id={ids.run}
            className={`${inputClass()} mt-1`}
            value={search.runId === undefined ? '' : String(search.runId)}
            disabled={search.eventId === undefined && search.runId === undefined}
            aria-describedby={search.eventId === undefined ? `${ids.run}-hint` : undefined}
            onChange={(e) => onChange(withRegistrationFilter(search, 'runId', idParam(e.target.value)))}
          >
            <option value="">Any run</option>
            {runMissing && <option value={String(search.runId)}>Run #{search.runId}</option>}
            {runOptions.map((run) => (
              <option key={run.id} value={String(run.id)}>
                {run.name}
              </option>
            ))}
          </select>
          {search.eventId === undefined && (
            <p id={`${ids.run}-hint`} className="mt-1 text-xs text-slate-600">
              Choose an event first.
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.status} className={labelClass}>
            Status
          </label>
          <select
            id={ids.status}
            className={`${inputClass()} mt-1`}
            value={search.status ?? ''}
            onChange={(e) => onChange(withRegistrationFilter(search, 'status', isRegistrationStatus(e.target.value) ? e.target.value : undefined))}
          >
            <option value="">Any status</option>
            {REGISTRATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REGISTRATION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.waitlist} className={labelClass}>
            Waitlist position
          </label>
          <select
            id={ids.waitlist}
            className={`${inputClass()} mt-1`}
            value={booleanChoice(search.hasWaitlistPosition)}
            onChange={(e) => onChange(withRegistrationFilter(search, 'hasWaitlistPosition', booleanParam(e.target.value)))}
          >
            <option value="">Any</option>
            <option value="true">Has a position</option>
            <option value="false">Has no position</option>
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label htmlFor={ids.deleted} className="flex items-start gap-3 text-sm">
          <input
            id={ids.deleted}
            type="checkbox"
            checked={search.deleted === true}
            onChange={(e) => onChange(withRegistrationFilter(search, 'deleted', e.target.checked ? true : undefined))}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
          />
          <span>
            <span className="font-semibold text-slate-800">Deleted registrations only</span>
            <span className="block text-slate-600">Deleted ones are left out of the list otherwise; restore them from their run's page.</span>
          </span>
        </label>
        {hasRegistrationFilters(search) && (
          <div>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => onChange(clearedRegistrationSearch(search))}>
              <FilterX aria-hidden="true" className="size-4" />
              Clear search and filters
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
