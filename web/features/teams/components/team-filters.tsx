import { useQuery } from '@tanstack/react-query';
import {
  BooleanFilterSelect,
  ChoiceFilterSelect,
  ClearFiltersButton,
  IdFilterSelect,
} from '../../../components/filter-select.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { clearedTeamFilters, hasTeamFilters, type TeamListSearch, withTeamFilter } from '../filters.ts';
import { RUN_TYPE_LABELS, RUN_TYPE_ORDER } from '../labels.ts';

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
  const departments = useQuery(departmentOptionsQuery());

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search teams by name"
        placeholder="Search by team name"
        value={search.query}
        onCommit={(query) => onChange(withTeamFilter(search, 'query', query))}
      />
      <div className={`grid grid-cols-2 gap-3 ${showStatus ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <IdFilterSelect
          label="Department"
          anyLabel="Any"
          noun="Department"
          value={search.departmentId}
          options={departments.data ?? []}
          optionLabel={(d) => d.name}
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
      </div>
      {hasTeamFilters(search) && (
        <div>
          <ClearFiltersButton onClick={() => onChange(clearedTeamFilters(search))} />
        </div>
      )}
    </div>
  );
}
