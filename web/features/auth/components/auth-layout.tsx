/**
 * The frame of the sign-in, registration and recovery screens: the dark, red-glowing band of the
 * public pages with the page's one h1, and a white card holding the form. Fits from 360 px up.
 */
import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function AuthLayout({
  icon: Icon,
  eyebrow,
  title,
  intro,
  children,
  footer,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (create an account, back to sign in). */
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-slate-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(220,38,38,0.4),transparent_55%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-1/3 bg-gradient-to-t from-slate-900 to-transparent"
      />
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-orange-300">
          <Icon aria-hidden="true" className="size-4" /> {eyebrow}
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 text-base text-slate-300">{intro}</div>}
        <div className="mt-8 rounded-2xl bg-white p-5 shadow-2xl shadow-black/30 sm:p-8">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-300">{footer}</div>}
      </div>
    </div>
  );
}

/** A link in the footer under the card, on the dark band. */
export function FooterLink({
  to,
  search,
  children,
}: {
  to: '/sign-in' | '/register' | '/forgot-password';
  search?: { redirect?: string };
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      search={search ?? {}}
      className="font-semibold text-white underline decoration-brand-600 decoration-2 underline-offset-4 hover:decoration-white"
    >
      {children}
    </Link>
  );
}

/** A text link inside the white card. */
export function CardLink({ to, children }: { to: '/sign-in' | '/register' | '/forgot-password'; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:underline">
      {children}
    </Link>
  );
}

/** The card's main way on (sign in, request a new link), a link as wide and as bold as the submit button. */
export function PrimaryLink({ to, children }: { to: '/sign-in' | '/forgot-password'; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </Link>
  );
}
