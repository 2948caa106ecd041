import { CircleAlert, Inbox, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';
import { Spinner } from './spinner.tsx';

/** A spinner centred in the space the content will take. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-16" aria-busy="true">
      <Spinner label={label} />
    </div>
  );
}

/** What failed, the server's reason, and a retry button. */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const reason = error instanceof Error && error.message ? error.message : undefined;
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <CircleAlert className="size-10 text-brand-700" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold text-slate-900">{title}</p>
      {reason && <p className="mt-1 max-w-md text-sm text-slate-600">{reason}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying} className={`${buttonClass('primary')} mt-5`}>
          <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
          Try again
        </button>
      )}
    </div>
  );
}

/** A detail page that could not load its record: the way back above the error and its retry. */
export function DetailErrorState({
  back,
  ...error
}: {
  back: ReactNode;
  title: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div>
      <div className="mb-4">{back}</div>
      <ErrorState {...error} />
    </div>
  );
}

/** A friendly empty list: what is missing and, when it helps, a way forward. */
export function EmptyState({
  title,
  children,
  action,
  icon,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon ?? <Inbox className="size-10 text-slate-400" aria-hidden="true" />}
      <p className="mt-3 text-lg font-bold text-slate-900">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** The heading of a portal page, with its description and the page's main actions. */
export function PortalPageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <header className="mb-6">
      {back && <div className="mb-3">{back}</div>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}

/** A white panel with a heading, for the sections of a page. */
export function Panel({
  title,
  description,
  children,
  actions,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** One labelled fact of a detail page's description list (a <dt> and its <dd>). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">{children}</dd>
    </div>
  );
}
