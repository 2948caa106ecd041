/**
 * The header's account controls: a "Sign in" link when signed out; when signed in, the account menu of
 * signed-in-menu.tsx, loaded then (a placeholder shows while the session restores or the menu loads).
 */
import { Link } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/auth/session.ts';

// The menu of a signed-in account: its own chunk, since most visitors of the public pages are signed out.
const AccountMenu = lazy(() => import('./signed-in-menu.tsx').then((m) => ({ default: m.AccountMenu })));
const MobileAccountMenu = lazy(() => import('./signed-in-menu.tsx').then((m) => ({ default: m.MobileAccountMenu })));

const PLACEHOLDER = <span aria-hidden="true" className="block size-9 animate-pulse rounded-full bg-white/10" />;

/** Desktop: the sign-in link or the account menu. */
export function AccountControls() {
  const auth = useAuth();
  if (auth.user)
    return (
      <Suspense fallback={PLACEHOLDER}>
        <AccountMenu user={auth.user} />
      </Suspense>
    );
  if (auth.isLoading) return PLACEHOLDER;
  return (
    <Link
      to="/sign-in"
      className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-3 py-2 text-sm font-bold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <LogIn aria-hidden="true" className="size-4" />
      Sign in
    </Link>
  );
}

/** The same controls inside the small-screen menu. `onNavigate` closes that menu. */
export function MobileAccountSection({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  if (!auth.user) {
    if (auth.isLoading) return null;
    return (
      <div className="mt-2 border-t border-white/10 pt-3">
        <Link
          to="/sign-in"
          onClick={onNavigate}
          className="flex items-center justify-center gap-2 rounded-md bg-brand-700 px-3 py-2.5 text-sm font-bold text-white hover:bg-brand-600"
        >
          <LogIn aria-hidden="true" className="size-4" />
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <Suspense fallback={null}>
      <MobileAccountMenu user={auth.user} onNavigate={onNavigate} />
    </Suspense>
  );
}
