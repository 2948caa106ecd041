import {
  BooleanFilterSelect,
  ChoiceFilterSelect,
  ClearFiltersButton,
  FilterSelect,
} from '../../../components/filter-select.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import {
  EVENT_SCOPES,
  EVENT_STATUSES,
  type EventListSearch,
  eventYearOptions,
  hasEventFilters,
  withEventFilter,
  yearParam,
} from '../filters.ts';

/** The search box and the filters of the events list; every change becomes a new URL. */
export function EventFilters({
  search,
  onChange,
  currentYear,
}: {
  search: EventListSearch;
  onChange: (next: EventListSearch) => void;
  currentYear: number;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search events by name, city, province or slug"
        placeholder="Search by name, city or province"
        value={search.query}
        onCommit={(query) => onChange(withEventFilter(search, 'query', query))}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <ChoiceFilterSelect
          label="Status"
          anyLabel="Any status"
          value={search.status}
          choices={EVENT_STATUSES}
          onChange={(status) => onChange(withEventFilter(search, 'status', status))}
        />
        <FilterSelect
          label="Year"
          value={search.year === undefined ? '' : String(search.year)}
          onChange={(year) => onChange(withEventFilter(search, 'year', yearParam(year)))}
        >
          <option value="">Any year</option>
          {eventYearOptions(currentYear, search.year).map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </FilterSelect>
        <ChoiceFilterSelect
          label="Scope"
          anyLabel="Any scope"
          value={search.scope}
          choices={EVENT_SCOPES}
          onChange={(scope) => onChange(withEventFilter(search, 'scope', scope))}
        />
        <BooleanFilterSelect
          label="Active"
          anyLabel="Active or not"
          trueLabel="Active"
          falseLabel="Inactive"
          value={search.isActive}
          onChange={(isActive) => onChange(withEventFilter(search, 'isActive', isActive))}
        />
      </div>
      {hasEventFilters(search) && (
        <div>
          <ClearFiltersButton onClick={() => onChange({})} />
        </div>
      )}
    </div>
  );
}
