/**
 * The header's menu of a signed-in account (account-menu.tsx loads it only then, so the public pages'
 * first load does without it): a button with the person's initials that opens a small menu (Portal,
 * Profile, Sign out), following the WAI-ARIA menu button pattern: Enter, Space or ArrowDown opens it
 * on the first item (ArrowUp on the last), arrows, Home and End move between items, Escape closes it
 * and returns focus to the button, and leaving it (Tab, a click elsewhere) closes it. The small-screen
 * menu shows the same entries as a list.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { authSession } from '../../../lib/auth/session.ts';
import { initialsOf } from '../initials.ts';

/**
 * Leaves for the home page, then ends the session, so no private page renders without its user.
 * Returns the action and whether it is under way (local: the session's isLoggingOut outlives it).
 */
export function useSignOut(onDone?: () => void): [signOut: () => Promise<void>, pending: boolean] {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await navigate({ to: '/' });
      await authSession.logout();
    } finally {
      setPending(false);
      onDone?.();
    }
  };
  return [signOut, pending];
}

const fullName = (user: UserDto) => `${user.firstName} ${user.lastName}`.trim() || user.email;

const ITEM =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

export function AccountMenu({ user }: { user: UserDto }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const buttonId = `${ids}-button`;
  const menuId = `${ids}-menu`;
  const [signOut, signingOut] = useSignOut(() => setOpen(false));

  // A click anywhere else closes the menu: a document listener is a real side effect.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length > 0) list[(index + list.length) % list.length]?.focus();
  };
  const openAndFocus = (index: number) => {
    flushSync(() => setOpen(true));
    focusItem(index);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  // Tab or a click elsewhere moves the focus out: the menu closes behind it.
  const onFocusLeave = (event: FocusEvent<HTMLElement>) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || ((event.key === 'Enter' || event.key === ' ') && !open)) {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(-1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: list.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
        onBlur={onFocusLeave}
        className="flex items-center gap-1.5 rounded-full p-0.5 pr-2 text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-extrabold text-white ring-2 ring-white/20"
        >
          {initialsOf(user)}
        </span>
        <span className="sr-only">Account menu for {fullName(user)}</span>
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div className="absolute right-0 mt-2 w-64 origin-top-right rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl">
          <div className="border-b border-slate-100 px-3 pb-2.5 pt-1.5">
            <p className="truncate text-sm font-bold">{fullName(user)}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <div
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            onKeyDown={onMenuKeyDown}
            onBlur={onFocusLeave}
            className="pt-2"
          >
            <Link to="/portal" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)} className={ITEM}>
              <LayoutDashboard aria-hidden="true" className="size-4 text-slate-500" />
              Portal
            </Link>
            <Link to="/portal/profile" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)} className={ITEM}>
              <UserRound aria-hidden="true" className="size-4 text-slate-500" />
              Profile
            </Link>
            <hr className="my-1 border-slate-100" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={signingOut}
              onClick={() => !signingOut && void signOut()}
              className={ITEM}
            >
              <LogOut aria-hidden="true" className="size-4 text-slate-500" />
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The signed-in account inside the small-screen menu. `onNavigate` closes that menu. */
export function MobileAccountMenu({ user, onNavigate }: { user: UserDto; onNavigate: () => void }) {
  const [signOut, signingOut] = useSignOut(onNavigate);
  const link =
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-slate-200 hover:bg-white/10 hover:text-white';

  return (
    <section aria-label="Account" className="mt-2 border-t border-white/10 pt-3">
      <div className="flex items-center gap-3 px-3 pb-2">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-extrabold text-white"
        >
          {initialsOf(user)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-bold text-white">{fullName(user)}</p>
          <p className="truncate text-xs text-slate-400">{user.email}</p>
        </div>
      </div>
      <ul>
        <li>
          <Link to="/portal" onClick={onNavigate} className={link}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Portal
          </Link>
        </li>
        <li>
          <Link to="/portal/profile" onClick={onNavigate} className={link}>
            <UserRound aria-hidden="true" className="size-4" />
            Profile
          </Link>
        </li>
        <li>
          <button
            type="button"
            disabled={signingOut}
            onClick={() => void signOut()}
            className={`${link} w-full text-left`}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </li>
      </ul>
    </section>
  );
}
