import { useQuery } from '@tanstack/react-query';
import {
  BooleanFilterSelect,
  ChoiceFilterSelect,
  ClearFiltersButton,
  IdFilterSelect,
} from '../../../components/filter-select.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { ROLE_LABELS, ROLES } from '../../portal/roles.ts';
import { hasUserFilters, type UserListSearch, withUserFilter } from '../filters.ts';

/** The search box and the four filters of the users list; every change becomes a new URL. */
export function UserFilters({
  search,
  onChange,
}: {
  search: UserListSearch;
  onChange: (next: UserListSearch) => void;
}) {
  const departments = useQuery(departmentOptionsQuery());

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search accounts by name or e-mail"
        placeholder="Search by name or e-mail"
        value={search.query}
        onCommit={(query) => onChange(withUserFilter(search, 'query', query))}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <BooleanFilterSelect
          label="Verified"
          anyLabel="Any"
          trueLabel="Verified"
          falseLabel="Not verified"
          value={search.isVerified}
          onChange={(isVerified) => onChange(withUserFilter(search, 'isVerified', isVerified))}
        />
        <BooleanFilterSelect
          label="Status"
          anyLabel="Any"
          trueLabel="Active"
          falseLabel="Inactive"
          value={search.isActive}
          onChange={(isActive) => onChange(withUserFilter(search, 'isActive', isActive))}
        />
        <IdFilterSelect
          label="Department"
          anyLabel="Any department"
          noun="Department"
          value={search.departmentId}
          options={departments.data ?? []}
          optionLabel={(d) => d.name}
          onChange={(departmentId) => onChange(withUserFilter(search, 'departmentId', departmentId))}
        />
        <ChoiceFilterSelect
          label="Role"
          anyLabel="Any role"
          value={search.role}
          choices={ROLES}
          labelOf={(role) => ROLE_LABELS[role]}
          onChange={(role) => onChange(withUserFilter(search, 'role', role))}
        />
      </div>
      {hasUserFilters(search) && (
        <div>
          <ClearFiltersButton onClick={() => onChange({})} />
        </div>
      )}
    </div>
  );
}
