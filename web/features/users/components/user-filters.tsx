import { useQuery } from '@tanstack/react-query';
import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { SearchBox } from '../../portal/components/search-box.tsx';
import { booleanParam, idParam } from '../../portal/query-policy.ts';
import { isRole, ROLE_LABELS, ROLES } from '../../portal/roles.ts';
import { booleanChoice, hasUserFilters, type UserListSearch, withUserFilter } from '../filters.ts';

/** The search box and the four filters of the users list; every change becomes a new URL. */
export function UserFilters({ search, onChange }: { search: UserListSearch; onChange: (next: UserListSearch) => void }) {
  const departments = useQuery(departmentOptionsQuery());
  const options = departments.data ?? [];
  const selectedMissing = search.departmentId !== undefined && !options.some((d) => d.id === search.departmentId);
  const ids = { verified: useId(), active: useId(), department: useId(), role: useId() };
  const label = 'block text-xs font-semibold uppercase tracking-wider text-slate-600';

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search accounts by name or e-mail"
        placeholder="Search by name or e-mail"
        value={search.query}
        onCommit={(query) => onChange(withUserFilter(search, 'query', query))}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div>
          <label htmlFor={ids.verified} className={label}>
            Verified
          </label>
          <select
            id={ids.verified}
            className={`${inputClass()} mt-1`}
            value={booleanChoice(search.isVerified)}
            onChange={(e) => onChange(withUserFilter(search, 'isVerified', booleanParam(e.target.value)))}
          >
            <option value="">Any</option>
            <option value="true">Verified</option>
            <option value="false">Not verified</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.active} className={label}>
            Status
          </label>
          <select
            id={ids.active}
            className={`${inputClass()} mt-1`}
            value={booleanChoice(search.isActive)}
            onChange={(e) => onChange(withUserFilter(search, 'isActive', booleanParam(e.target.value)))}
          >
            <option value="">Any</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.department} className={label}>
            Department
          </label>
          <select
            id={ids.department}
            className={`${inputClass()} mt-1`}
            value={search.departmentId === undefined ? '' : String(search.departmentId)}
            onChange={(e) => onChange(withUserFilter(search, 'departmentId', idParam(e.target.value)))}
          >
            <option value="">Any department</option>
            {selectedMissing && <option value={String(search.departmentId)}>Department #{search.departmentId}</option>}
            {options.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.role} className={label}>
            Role
          </label>
          <select
            id={ids.role}
            className={`${inputClass()} mt-1`}
            value={search.role ?? ''}
            onChange={(e) => onChange(withUserFilter(search, 'role', isRole(e.target.value) ? e.target.value : undefined))}
          >
            <option value="">Any role</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasUserFilters(search) && (
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
