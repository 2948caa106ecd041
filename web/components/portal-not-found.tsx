import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { buttonClass } from './button.ts';

/** An unknown path under /portal, or a record that does not exist. */
export function PortalNotFound({ title = 'Page not found', children }: { title?: string; children?: React.ReactNode }) {
  return (
    <section className="flex flex-col items-center py-16 text-center" data-testid="portal-not-found">
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
        <SearchX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{children ?? "There's nothing at this address in the portal."}</p>
      <Link to="/portal" className={`${buttonClass('primary')} mt-8`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the dashboard
      </Link>
    </section>
  );
}

/** A detail page's missing record: 'There is no team with this number. See your teams.' */
export function RecordNotFound({
  title,
  noun,
  to,
  linkLabel,
}: {
  title: string;
  noun: string;
  to: LinkProps['to'];
  linkLabel: string;
}) {
  return (
    <PortalNotFound title={title}>
      There is no {noun} with this number.{' '}
      <Link to={to} className="font-semibold text-brand-700 underline">
        {linkLabel}
      </Link>
      .
    </PortalNotFound>
  );
}
