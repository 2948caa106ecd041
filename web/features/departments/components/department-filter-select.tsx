import { useQuery } from '@tanstack/react-query';
import { IdFilterSelect } from '../../../components/filter-select.tsx';
import { departmentOptionsQuery } from '../queries.ts';

/** A list filter on the department, over every department by name. */
export function DepartmentFilterSelect({
  anyLabel,
  value,
  onChange,
}: {
  anyLabel: string;
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
}) {
  const departments = useQuery(departmentOptionsQuery());
  return (
    <IdFilterSelect
      label="Department"
      anyLabel={anyLabel}
      noun="Department"
      value={value}
      options={departments.data ?? []}
      optionLabel={(d) => d.name}
      onChange={onChange}
    />
  );
}
