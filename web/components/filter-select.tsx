import { FilterX } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { booleanChoice, booleanParam, idParam } from '../lib/portal/query-policy.ts';
import { buttonClass } from './button.ts';
import { inputClass } from './form-field.tsx';
import { SearchBox } from './search-box.tsx';

/** A list filter: a small uppercase label over a select box whose value the caller keeps in the URL. */
export function FilterSelect({
  label,
  value,
  onChange,
  disabled,
  hint,
  className,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A line under the box, announced with it. */
  hint?: ReactNode;
  /** Of the wrapper, e.g. its width. */
  className?: string;
  /** The options. */
  children: ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-semibold uppercase tracking-wider text-slate-600">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass()} mt-1`}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A filter on one of a fixed set of values (a status, a role…), or any of them. */
export function ChoiceFilterSelect<T extends string>({
  value,
  onChange,
  anyLabel,
  choices,
  labelOf = String,
  ...select
}: {
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  anyLabel: string;
  choices: readonly T[];
  labelOf?: (choice: T) => string;
  className?: string;
}) {
  return (
    <FilterSelect
      {...select}
      value={value ?? ''}
      onChange={(raw) => onChange(choices.find((choice) => choice === raw))}
    >
      <option value="">{anyLabel}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labelOf(choice)}
        </option>
      ))}
    </FilterSelect>
  );
}

/** A yes/no filter, or either. */
export function BooleanFilterSelect({
  value,
  onChange,
  anyLabel,
  trueLabel,
  falseLabel,
  ...select
}: {
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  anyLabel: string;
  trueLabel: string;
  falseLabel: string;
  className?: string;
}) {
  return (
    <FilterSelect {...select} value={booleanChoice(value)} onChange={(raw) => onChange(booleanParam(raw))}>
      <option value="">{anyLabel}</option>
      <option value="true">{trueLabel}</option>
      <option value="false">{falseLabel}</option>
    </FilterSelect>
  );
}

/**
 * A filter on one record by id (a department, an event, a run). A chosen id that is not among the
 * options (not loaded yet, or gone) stays selected as "Noun #id".
 */
export function IdFilterSelect<T extends { id: number }>({
  value,
  onChange,
  anyLabel,
  options,
  optionLabel,
  noun,
  ...select
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  anyLabel: string;
  options: readonly T[];
  optionLabel: (option: T) => ReactNode;
  /** Names a chosen id that is not among the options. */
  noun: string;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const missing = value !== undefined && !options.some((option) => option.id === value);
  return (
    <FilterSelect
      {...select}
      value={value === undefined ? '' : String(value)}
      onChange={(raw) => onChange(idParam(raw))}
    >
      <option value="">{anyLabel}</option>
      {missing && (
        <option value={String(value)}>
          {noun} #{value}
        </option>
      )}
      {options.map((option) => (
        <option key={option.id} value={String(option.id)}>
          {optionLabel(option)}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Clears a list's search and filters; shown while any is set. */
export function ClearFiltersButton({
  onClick,
  children = 'Clear search and filters',
}: {
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button type="button" className={buttonClass('ghost', 'sm')} onClick={onClick}>
      <FilterX aria-hidden="true" className="size-4" />
      {children}
    </button>
  );
}

/**
 * A list's search box over its filters, with "Clear search and filters" while any is set (`onClear`
 * given); `extra` shares the bottom row with that button.
 */
export function FilterPanel({
  searchLabel,
  searchPlaceholder,
  query,
  onQuery,
  gridClassName = 'grid grid-cols-2 gap-3 lg:grid-cols-4',
  children,
  extra,
  onClear,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  query: string | undefined;
  onQuery: (query: string | undefined) => void;
  /** The grid the filters stand in. */
  gridClassName?: string;
  children: ReactNode;
  extra?: ReactNode;
  onClear: (() => void) | undefined;
}) {
  const clear = onClear && (
    <div>
      <ClearFiltersButton onClick={onClear} />
    </div>
  );
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <SearchBox label={searchLabel} placeholder={searchPlaceholder} value={query} onCommit={onQuery} />
      <div className={gridClassName}>{children}</div>
      {extra ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {extra}
          {clear}
        </div>
      ) : (
        clear
      )}
    </div>
  );
}
