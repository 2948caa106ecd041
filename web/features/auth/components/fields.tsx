/**
 * Form pieces of the auth screens: labelled inputs whose error sits under the field and is tied to it
 * (aria-invalid, aria-describedby), a password input with a show/hide toggle, a checkbox, the submit
 * button with its sending state, and the alert shown above a form.
 */
import { CircleAlert, CircleCheck, Eye, EyeOff, Info } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { retryAfterText, type SignInErrorView } from '../form.ts';

const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ' +
  'aria-invalid:border-brand-600 aria-invalid:bg-brand-50/40 disabled:bg-slate-100';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'type'>;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Ids of more text describing the field (a requirements list rendered after it). */
  describedBy?: string;
  type?: 'text' | 'email';
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: ReactNode;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-brand-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </>
  );
}

export function TextField({
  name,
  label,
  value,
  onValueChange,
  error,
  hint,
  describedBy: extra,
  type = 'text',
  ...rest
}: FieldProps) {
  const id = `${useId()}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, extra, error && `${id}-error`)}
        className={`mt-1.5 ${INPUT}`}
      />
      <FieldMessages hintId={`${id}-hint`} hint={hint} errorId={`${id}-error`} error={error} />
    </div>
  );
}

export function PasswordField({
  name,
  label,
  value,
  onValueChange,
  error,
  hint,
  describedBy: extra,
  ...rest
}: Omit<FieldProps, 'type'>) {
  const id = `${useId()}-${name}`;
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          {...rest}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && `${id}-hint`, extra, error && `${id}-error`)}
          className={`${INPUT} pr-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          <span className="sr-only">Show password</span>
        </button>
      </div>
      <FieldMessages hintId={`${id}-hint`} hint={hint} errorId={`${id}-error`} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  checked,
  onCheckedChange,
  hint,
}: {
  name: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = `${useId()}-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** The form's main button: disabled with a spinner and `pendingLabel` while the request is on its way. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base font-bold text-white shadow-sm transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:bg-brand-700/80"
    >
      {pending && (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      )}
      <span aria-live="polite">{pending ? pendingLabel : label}</span>
    </button>
  );
}

/** A secondary action styled as a button (resend, try again). */
export function SecondaryButton({
  children,
  onClick,
  pending = false,
  type = 'button',
}: {
  children: ReactNode;
  onClick?: () => void;
  pending?: boolean;
  type?: 'button' | 'submit';
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={pending}
      className="inline-flex items-center justify-center gap-2 rounded-lg border-2 border-slate-900 px-4 py-2 text-sm font-bold text-slate-900 transition-colors hover:bg-slate-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current"
        />
      )}
      {children}
    </button>
  );
}

const ALERT_TONES = {
  error: { box: 'border-brand-600/40 bg-brand-50 text-brand-900', icon: 'text-brand-700', Icon: CircleAlert },
  success: { box: 'border-emerald-600/30 bg-emerald-50 text-emerald-900', icon: 'text-emerald-700', Icon: CircleCheck },
  info: { box: 'border-sky-600/30 bg-sky-50 text-sky-900', icon: 'text-sky-700', Icon: Info },
} as const;

/** A message above or in place of a form. Errors are announced at once (role=alert); the rest politely. */
export function FormAlert({
  tone,
  title,
  children,
}: {
  tone: keyof typeof ALERT_TONES;
  title?: string;
  children?: ReactNode;
}) {
  const style = ALERT_TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-lg border p-4 text-sm ${style.box}`}
    >
      <style.Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
      <div className="min-w-0 flex-1 space-y-2">
        {title && <p className="font-bold">{title}</p>}
        {children}
      </div>
    </div>
  );
}

/** A failed request above its form: the title, what went wrong and how long to wait when rate limited. */
export function FailureAlert({
  title,
  failure,
  children,
}: {
  title: string;
  failure: SignInErrorView;
  /** More ways on (sign in, send the link again). */
  children?: ReactNode;
}) {
  return (
    <FormAlert tone="error" title={title}>
      <p>{failure.message}</p>
      {retryAfterText(failure.retryAfter) && <p>{retryAfterText(failure.retryAfter)}</p>}
      {children}
    </FormAlert>
  );
}

/** An e-mail address input: no capitals, no spelling checks, the e-mail keyboard on phones. */
export function EmailField({
  autoComplete = 'email',
  ...field
}: {
  autoComplete?: 'email' | 'username';
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <TextField
      name="email"
      type="email"
      label="Email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...field}
    />
  );
}
