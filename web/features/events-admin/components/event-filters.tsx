import {
  BooleanFilterSelect,
  ChoiceFilterSelect,
  FilterPanel,
  FilterSelect,
} from '../../../components/filter-select.tsx';
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
    <FilterPanel
      searchLabel="Search events by name, city, province or slug"
      searchPlaceholder="Search by name, city or province"
      query={search.query}
      onQuery={(query) => onChange(withEventFilter(search, 'query', query))}
      onClear={hasEventFilters(search) ? () => onChange({}) : undefined}
    >
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
    </FilterPanel>
  );
}
