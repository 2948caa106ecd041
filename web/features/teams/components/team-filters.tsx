import { BooleanFilterSelect, ChoiceFilterSelect, FilterPanel } from '../../../components/filter-select.tsx';
import { DepartmentFilterSelect } from '../../departments/components/department-filter-select.tsx';
import { clearedTeamFilters, hasTeamFilters, type TeamListSearch, withTeamFilter } from '../filters.ts';
import { RUN_TYPE_LABELS } from '../labels.ts';
import { RUN_TYPE_ORDER } from '../run-types.ts';

/** The search box and the filters of the teams list; every change becomes a new URL. */
export function TeamFilters({
  search,
  onChange,
  showStatus,
}: {
  search: TeamListSearch;
  onChange: (next: TeamListSearch) => void;
  /** The active filter, for admins (others only see active teams). */
  showStatus: boolean;
}) {
  return (
    <FilterPanel
      searchLabel="Search teams by name"
      searchPlaceholder="Search by team name"
      query={search.query}
      onQuery={(query) => onChange(withTeamFilter(search, 'query', query))}
      gridClassName={`grid grid-cols-2 gap-3 ${showStatus ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
      onClear={hasTeamFilters(search) ? () => onChange(clearedTeamFilters(search)) : undefined}
    >
      <DepartmentFilterSelect
        anyLabel="Any"
        value={search.departmentId}
        onChange={(departmentId) => onChange(withTeamFilter(search, 'departmentId', departmentId))}
      />
      <ChoiceFilterSelect
        label="Format"
        anyLabel="Any"
        value={search.runType}
        choices={RUN_TYPE_ORDER}
        labelOf={(type) => RUN_TYPE_LABELS[type]}
        onChange={(runType) => onChange(withTeamFilter(search, 'runType', runType))}
      />
      <BooleanFilterSelect
        label="Hybrid"
        anyLabel="Any"
        trueLabel="Hybrid"
        falseLabel="Not hybrid"
        value={search.isHybrid}
        onChange={(isHybrid) => onChange(withTeamFilter(search, 'isHybrid', isHybrid))}
      />
      {showStatus && (
        <BooleanFilterSelect
          label="Status"
          anyLabel="Any"
          trueLabel="Active"
          falseLabel="Inactive"
          value={search.isActive}
          onChange={(isActive) => onChange(withTeamFilter(search, 'isActive', isActive))}
        />
      )}
    </FilterPanel>
  );
}
