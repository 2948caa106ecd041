import { useQuery } from '@tanstack/react-query';
import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { SearchBox } from '../../portal/components/search-box.tsx';
import { booleanParam, idParam } from '../../portal/query-policy.ts';
import { booleanChoice } from '../../users/filters.ts';
import { clearedTeamFilters, hasTeamFilters, type TeamListSearch, withTeamFilter } from '../filters.ts';
import { isTeamRunType, RUN_TYPE_LABELS, RUN_TYPE_ORDER } from '../labels.ts';

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
  const options = departments.data ?? [];
  const selectedMissing = search.departmentId !== undefined && !options.some((d) => d.id === search.departmentId);
  const ids = { department: useId(), format: useId(), hybrid: useId(), status: useId() };
  const label = 'block text-xs font-semibold uppercase tracking-wider text-slate-600';

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search teams by name"
        placeholder="Search by team name"
        value={search.query}
        onCommit={(query) => onChange(withTeamFilter(search, 'query', query))}
      />
      <div className={`grid grid-cols-2 gap-3 ${showStatus ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <div>
          <label htmlFor={ids.department} className={label}>
            Department
          </label>
          <select
            id={ids.department}
            className={`${inputClass()} mt-1`}
            value={search.departmentId === undefined ? '' : String(search.departmentId)}
            onChange={(e) => onChange(withTeamFilter(search, 'departmentId', idParam(e.target.value)))}
          >
            <option value="">Any</option>
            {selectedMissing && <option value={String(search.departmentId)}>Department #{search.departmentId}</option>}
            {options.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.format} className={label}>
            Format
          </label>
          <select
            id={ids.format}
            className={`${inputClass()} mt-1`}
            value={search.runType ?? ''}
            onChange={(e) => onChange(withTeamFilter(search, 'runType', isTeamRunType(e.target.value) ? e.target.value : undefined))}
          >
            <option value="">Any</option>
            {RUN_TYPE_ORDER.map((type) => (
              <option key={type} value={type}>
                {RUN_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.hybrid} className={label}>
            Hybrid
          </label>
          <select
            id={ids.hybrid}
            className={`${inputClass()} mt-1`}
            value={booleanChoice(search.isHybrid)}
            onChange={(e) => onChange(withTeamFilter(search, 'isHybrid', booleanParam(e.target.value)))}
          >
            <option value="">Any</option>
            <option value="true">Hybrid</option>
            <option value="false">Not hybrid</option>
          </select>
        </div>
        {showStatus && (
          <div>
            <label htmlFor={ids.status} className={label}>
              Status
            </label>
            <select
              id={ids.status}
              className={`${inputClass()} mt-1`}
              value={booleanChoice(search.isActive)}
              onChange={(e) => onChange(withTeamFilter(search, 'isActive', booleanParam(e.target.value)))}
            >
              <option value="">Any</option>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </select>
          </div>
        )}
      </div>
      {hasTeamFilters(search) && (
        <div>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => onChange(clearedTeamFilters(search))}>
            <FilterX aria-hidden="true" className="size-4" />
            Clear search and filters
          </button>
        </div>
      )}
    </div>
  );
}
