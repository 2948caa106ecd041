import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { SearchBox } from '../../portal/components/search-box.tsx';
import { booleanParam } from '../../portal/query-policy.ts';
import { booleanChoice } from '../../users/filters.ts';
import {
  EVENT_SCOPES,
  EVENT_STATUSES,
  type EventListSearch,
  eventScopeParam,
  eventStatusParam,
  eventYearOptions,
  hasEventFilters,
  withEventFilter,
  yearParam,
} from '../filters.ts';

/** The search box and the filters of the events list; every change becomes a new URL. */
export function EventFilters({ search, onChange, currentYear }: { search: EventListSearch; onChange: (next: EventListSearch) => void; currentYear: number }) {
  const ids = { status: useId(), scope: useId(), year: useId(), active: useId() };
  const label = 'block text-xs font-semibold uppercase tracking-wider text-slate-600';

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search events by name, city, province or slug"
        placeholder="Search by name, city or province"
        value={search.query}
        onCommit={(query) => onChange(withEventFilter(search, 'query', query))}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div>
          <label htmlFor={ids.status} className={label}>
            Status
          </label>
          <select
            id={ids.status}
            className={`${inputClass()} mt-1`}
            value={search.status ?? ''}
            onChange={(e) => onChange(withEventFilter(search, 'status', eventStatusParam(e.target.value)))}
          >
            <option value="">Any status</option>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.year} className={label}>
            Year
          </label>
          <select
            id={ids.year}
            className={`${inputClass()} mt-1`}
            value={search.year === undefined ? '' : String(search.year)}
            onChange={(e) => onChange(withEventFilter(search, 'year', yearParam(e.target.value)))}
          >
            <option value="">Any year</option>
            {eventYearOptions(currentYear, search.year).map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.scope} className={label}>
            Scope
          </label>
          <select
            id={ids.scope}
            className={`${inputClass()} mt-1`}
            value={search.scope ?? ''}
            onChange={(e) => onChange(withEventFilter(search, 'scope', eventScopeParam(e.target.value)))}
          >
            <option value="">Any scope</option>
            {EVENT_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {scope}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.active} className={label}>
            Active
          </label>
          <select
            id={ids.active}
            className={`${inputClass()} mt-1`}
            value={booleanChoice(search.isActive)}
            onChange={(e) => onChange(withEventFilter(search, 'isActive', booleanParam(e.target.value)))}
          >
            <option value="">Active or not</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </div>
      </div>
      {hasEventFilters(search) && (
        <div>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => onChange({})}>
            <FilterX aria-hidden="true" className="size-4" />
            Clear search and filters
          </button>
        </div>
      )}
    </div>
  );
}
