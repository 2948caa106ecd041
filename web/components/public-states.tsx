import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRouteRetry } from '../lib/detail-route.ts';

/** The public site's button shape; each use adds its colours. */
export const PUBLIC_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * A public detail page's record that does not exist: an icon, what is missing, and the way back. Like
 * the load error below, it keeps the room of the page's loading spinner, so the footer never rises
 * into view when it replaces it (no layout shift: docs/decisions/057).
 */
export function PublicNotFound({
  testId,
  icon,
  title,
  children,
  to,
  backLabel,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  to: LinkProps['to'];
  backLabel: string;
}) {
  return (
    <section
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
      data-testid={testId}
    >
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-base text-slate-600 sm:text-lg">{children}</p>
      <Link to={to} className={`${PUBLIC_BUTTON} mt-8 bg-brand-700 text-white hover:bg-brand-800`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backLabel}
      </Link>
    </section>
  );
}

/** A public detail route's errorComponent body: the way back, what failed, and a retry that loads the route again. */
export function PublicLoadError({ testId, back, title }: { testId: string; back: ReactNode; title: string }) {
  const { onRetry, retrying } = useRouteRetry();
  return (
    <section className="mx-auto min-h-[70vh] max-w-xl px-4 py-16 sm:py-24" data-testid={testId}>
      {back}
      <div
        role="alert"
        className="mt-8 flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
      >
        <CircleAlert className="size-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">Please try again in a moment.</p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className={`${PUBLIC_BUTTON} mt-6 bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
        >
          <RefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
          Try again
        </button>
      </div>
    </section>
  );
}
