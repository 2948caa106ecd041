import { type LucideIcon, Save } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { buttonClass } from './button.ts';

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Beside the label, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, the control (rendered by the caller with the props given), a hint and the error message.
 * The error is announced with the control (aria-describedby) and shown in red under it.
 */
export function FormField({ label, name, error, hint, required, aside, className = '', children }: FormFieldProps) {
  const id = useId();
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-brand-700">
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      <div className="mt-1">
        {children({
          id,
          name,
          'aria-invalid': !!error,
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
        })}
      </div>
      {hintId && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A FormField around one input (text by default; e-mail, URL, date…), with the input's look and red while invalid. */
export function InputField({
  label,
  name,
  error,
  hint,
  required,
  aside,
  className,
  value,
  onValueChange,
  type = 'text',
  ...input
}: Omit<FormFieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'className' | 'required'> & {
    value: string;
    onValueChange: (value: string) => void;
  }) {
  return (
    <FormField
      label={label}
      name={name}
      error={error}
      hint={hint}
      required={required}
      aside={aside}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          {...input}
          type={type}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={inputClass(!!error)}
        />
      )}
    </FormField>
  );
}

/** Classes of text inputs, selects and text areas; red borders when invalid. */
export function inputClass(invalid = false): string {
  return `block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm ${
    invalid
      ? 'border-brand-600 focus:outline-brand-600'
      : 'border-slate-300 focus:border-brand-700 focus:outline-brand-700'
  }`;
}

/** A form-wide message (the server's answer that no field carries), announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
    >
      {message}
    </p>
  );
}

/** A checkbox with its label, a line that explains it and its error, all clickable as one. */
export function CheckboxField({
  name,
  label,
  description,
  checked,
  onChange,
  error,
  disabled,
}: {
  name: string;
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
      />
      <span>
        <span className="font-semibold text-slate-800">{label}</span>
        <span className="block text-slate-600">{description}</span>
        {error && <span className="block font-medium text-brand-700">{error}</span>}
      </span>
    </label>
  );
}

/** The record's "Active" checkbox; `description` says what an inactive one means. */
export function ActiveField({
  description,
  checked,
  onChange,
  error,
  disabled,
}: {
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <CheckboxField
      name="isActive"
      label="Active"
      description={description}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      error={error}
    />
  );
}

/** A form's Cancel and submit buttons: on the right, stacked with submit on top on phones; both wait while it saves. */
export function FormActions({
  onCancel,
  pending,
  icon: Icon,
  submitLabel,
  className = 'mt-2',
}: {
  onCancel: () => void;
  pending: boolean;
  icon: LucideIcon;
  /** What the submit button says, e.g. 'Saving…' while pending. */
  submitLabel: ReactNode;
  /** The space above. */
  className?: string;
}) {
  return (
    <div className={`${className} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}>
      <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="submit" className={buttonClass('primary')} disabled={pending} aria-busy={pending}>
        <Icon aria-hidden="true" className="size-4" />
        {submitLabel}
      </button>
    </div>
  );
}

/** The Cancel and save buttons of a form that saves a record: the submit button says 'Saving…' while pending. */
export function SaveActions({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
}) {
  return (
    <FormActions onCancel={onCancel} pending={pending} icon={Save} submitLabel={pending ? 'Saving…' : submitLabel} />
  );
}
