import { CatchBoundary, Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { ArrowLeft, Flame, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { UserDto } from '../../api/contracts/accounts.ts';
import { SITE } from '../content/site.ts';
import { authSession, useAuth } from '../lib/auth/session.ts';
import { displayName, initials, isNavItemActive, type PortalNavSection, portalNavFor } from '../lib/portal/nav.ts';
import { RoleBadge } from './badge.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { PORTAL_ICONS } from './nav-icons.ts';
import { Spinner } from './spinner.tsx';

/**
 * The portal's own shell: a side navigation on wide screens, a top bar with a menu on phones; the
 * items depend on the role. The signed-in person's name and role, "Back to site" and "Sign out".
 */
export function PortalLayout() {
  const auth = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  // The phone menu is open for the page it was opened on: navigating closes it, with no effect needed.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu and gives the focus back to its button (a listener is a real side effect).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const user = auth.user;
  const sections = portalNavFor(user?.role);

  const signOut = async () => {
    await authSession.logout();
    await navigate({ to: '/' });
  };

  return (
    <div className="min-h-screen bg-slate-100">
      <a
        href="#portal-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>

      {/* Wide screens: a fixed side navigation. */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-white/10 bg-slate-950 text-white lg:flex">
        <Brand />
        <nav aria-label="Portal" className="flex-1 overflow-y-auto px-3 py-4">
          <NavSections sections={sections} pathname={pathname} />
        </nav>
        <AccountBox user={user} signingOut={auth.isLoggingOut} onSignOut={signOut} />
      </aside>

      {/* Phones and tablets: a top bar whose menu holds the same navigation. */}
      <header className="sticky top-0 z-30 border-b border-white/10 bg-slate-950 text-white lg:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Brand compact />
          <button
            ref={menuButtonRef}
            type="button"
            className="rounded-md p-2 text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            aria-expanded={menuOpen}
            aria-controls="portal-mobile-menu"
            aria-label={menuOpen ? 'Close portal menu' : 'Open portal menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
        {menuOpen && (
          <div id="portal-mobile-menu" className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-white/10">
            <nav aria-label="Portal" className="px-3 py-3">
              <NavSections sections={sections} pathname={pathname} />
            </nav>
            <AccountBox user={user} signingOut={auth.isLoggingOut} onSignOut={signOut} />
          </div>
        )}
      </header>

      <main id="portal-main" tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
          {user ? (
            <CatchBoundary
              getResetKey={() => pathname}
              errorComponent={({ error, reset }) => <ErrorFallback error={error} reset={reset} />}
            >
              <Outlet />
            </CatchBoundary>
          ) : (
            <div className="grid place-items-center py-24">
              <Spinner label={auth.isLoggingOut ? 'Signing out' : 'Loading your account'} />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/portal"
      className={`flex items-center gap-2 font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
        compact ? 'text-base' : 'h-16 border-b border-white/10 px-5 text-lg'
      }`}
    >
      <Flame className="size-6 text-brand-600" aria-hidden="true" />
      <span>
        {SITE.name} <span className="font-semibold text-slate-400">Portal</span>
      </span>
    </Link>
  );
}

function NavSections({ sections, pathname }: { sections: readonly PortalNavSection[]; pathname: string }) {
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <div key={section.id}>
          <p
            id={`portal-nav-${section.id}`}
            className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-400"
          >
            {section.label}
          </p>
          <ul aria-labelledby={`portal-nav-${section.id}`} className="mt-2 flex flex-col gap-1">
            {section.items.map((item) => {
              const Icon = PORTAL_ICONS[item.icon];
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
                      active ? 'bg-brand-700 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'
                    }`}
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function AccountBox({
  user,
  signingOut,
  onSignOut,
}: {
  user: UserDto | null;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const link =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60';
  return (
    <div className="border-t border-white/10 p-3">
      {user && (
        <div className="flex items-center gap-3 px-3 py-2">
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {initials(user)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white" title={displayName(user)}>
              {displayName(user)}
            </p>
            <p className="mt-0.5">
              <span className="sr-only">Role: </span>
              <RoleBadge role={user.role} />
            </p>
          </div>
        </div>
      )}
      <Link to="/" className={link}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to site
      </Link>
      <button type="button" className={link} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
        <LogOut aria-hidden="true" className="size-5" />
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
