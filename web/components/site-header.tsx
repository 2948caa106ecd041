import { Link } from '@tanstack/react-router';
import { Flame, Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MAIN_NAV, SITE } from '../content/site.ts';

/**
 * Sticky top bar; the current section is highlighted; on small screens it collapses to a toggle menu.
 * The account controls come from the shell (the auth feature's), so shared components import no
 * feature (docs/architecture.md "Dependency directions").
 */
export function SiteHeader({
  account,
  mobileAccount,
}: {
  account: ReactNode;
  /** The account section of the small-screen menu; `close` shuts the menu. */
  mobileAccount: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/95 text-white backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to="/" onClick={close} className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <Flame className="size-6 text-brand-600" aria-hidden="true" />
          <span>{SITE.name}</span>
        </Link>
        <ul className="ml-auto hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} label={item.label} />
            </li>
          ))}
        </ul>
        <div className="ml-3 hidden md:block">{account}</div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-200 hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="border-t border-white/10 px-4 pb-4 pt-2 md:hidden">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} label={item.label} onClick={close} block />
              </li>
            ))}
          </ul>
          {mobileAccount(close)}
        </div>
      )}
    </header>
  );
}

function NavLink({ to, label, onClick, block }: { to: string; label: string; onClick?: () => void; block?: boolean }) {
  const base = `${block ? 'block' : 'inline-block'} rounded-md px-3 py-2 text-sm font-semibold transition-colors`;
  return (
    <Link
      to={to}
      onClick={onClick}
      activeOptions={{ exact: to === '/' }}
      className={base}
      inactiveProps={{ className: 'text-slate-200 hover:bg-white/10 hover:text-white' }}
      activeProps={{ className: 'bg-brand-700 text-white', 'aria-current': 'page' }}
    >
      {label}
    </Link>
  );
}
