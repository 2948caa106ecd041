import { BooleanFilterSelect, ChoiceFilterSelect, FilterPanel } from '../../../components/filter-select.tsx';
import { ROLE_LABELS, ROLES } from '../../../lib/portal/roles.ts';
import { DepartmentFilterSelect } from '../../departments/components/department-filter-select.tsx';
import { hasUserFilters, type UserListSearch, withUserFilter } from '../filters.ts';

/** The search box and the four filters of the users list; every change becomes a new URL. */
export function UserFilters({
  search,
  onChange,
}: {
  search: UserListSearch;
  onChange: (next: UserListSearch) => void;
}) {
  return (
    <FilterPanel
      searchLabel="Search accounts by name or e-mail"
      searchPlaceholder="Search by name or e-mail"
      query={search.query}
      onQuery={(query) => onChange(withUserFilter(search, 'query', query))}
      onClear={hasUserFilters(search) ? () => onChange({}) : undefined}
    >
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
      <DepartmentFilterSelect
        anyLabel="Any department"
        value={search.departmentId}
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
    </FilterPanel>
  );
}
