/**
 * Route guards for `beforeLoad`. They wait for the session restore (and, for a signed-out tab, one
 * silent refresh in case a refresh cookie exists), then let the route load or redirect:
 *
 *   beforeLoad: ({ location }) => requireSignedIn({ location })
 *   beforeLoad: requireRole('admin')
 *
 * Signed out → /sign-in?redirect=<where they were going>; signed in with too low a role → /portal.
 * Right after a sign-out nobody is sent back to the signed-out account's page: no redirect is kept.
 */
import { redirect } from '@tanstack/react-router';
import type { RoleName } from '../../../api/contracts/accounts.ts';
import { type AuthState, authSession, hasRole } from '../../lib/auth/session.ts';

export interface GuardContext {
  location: { href: string };
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'sign-in'; redirect: string | undefined }
  | { kind: 'forbidden' };

/** The rule, without the router: what a guard does for this state, path and role. */
export function guardDecision(state: AuthState, href: string, role?: RoleName): GuardDecision {
  if (!state.isAuthenticated || !state.user) {
    return { kind: 'sign-in', redirect: state.isLoggingOut ? undefined : href };
  }
  if (role && !hasRole(state.user, role)) return { kind: 'forbidden' };
  return { kind: 'allow' };
}

async function enforce(location: GuardContext['location'], role?: RoleName): Promise<void> {
  const state = await authSession.resolve();
  const decision = guardDecision(state, location.href, role);
  if (decision.kind === 'sign-in') {
    throw redirect({ to: '/sign-in', search: decision.redirect ? { redirect: decision.redirect } : {} });
  }
  if (decision.kind === 'forbidden') throw redirect({ to: '/portal' });
}

/** Lets only a signed-in person through. */
export function requireSignedIn({ location }: GuardContext): Promise<void> {
  return enforce(location);
}

/** Lets only a signed-in person with at least `role` through (super-admin ≥ admin ≥ user). */
export function requireRole(role: RoleName): (context: GuardContext) => Promise<void> {
  return ({ location }) => enforce(location, role);
}
