/**
 * The portal's navigation, by role. Items are grouped in sections; a section with nothing the role may
 * see is left out. Competition items: admins manage events (and their runs); everyone sees the teams and
 * registrations they belong to, admins see all of them.
 */
import { type RoleName, roleAtLeast } from './roles.ts';

export type PortalPath =
  | '/portal'
  | '/portal/profile'
  | '/portal/events'
  | '/portal/announcements'
  | '/portal/teams'
  | '/portal/registrations'
  | '/portal/run-orders'
  | '/portal/results'
  | '/portal/qualifying'
  | '/portal/users'
  | '/portal/departments'
  | '/portal/admin-users'
  | '/portal/legacy';

export type PortalIcon =
  | 'dashboard'
  | 'profile'
  | 'events'
  | 'announcements'
  | 'teams'
  | 'registrations'
  | 'run-orders'
  | 'results'
  | 'qualifying'
  | 'users'
  | 'departments'
  | 'admin-users'
  | 'legacy';

export interface PortalNavItem {
  to: PortalPath;
  label: string;
  icon: PortalIcon;
  /** The lowest role that sees the item. */
  minRole: RoleName;
  /** Highlighted only on its own path, not below it (the dashboard would otherwise match every page). */
  exact?: boolean;
}

export type PortalSectionId = 'account' | 'competition' | 'administration' | 'billing';

export interface PortalNavSection {
  id: PortalSectionId;
  label: string;
  items: readonly PortalNavItem[];
}

export const PORTAL_NAV: readonly PortalNavSection[] = [
  {
    id: 'account',
    label: 'My account',
    items: [
      { to: '/portal', label: 'Dashboard', icon: 'dashboard', minRole: 'user', exact: true },
      { to: '/portal/profile', label: 'My profile', icon: 'profile', minRole: 'user' },
    ],
  },
  {
    id: 'competition',
    label: 'Competition',
    items: [
      { to: '/portal/events', label: 'Events', icon: 'events', minRole: 'admin' },
      { to: '/portal/announcements', label: 'Announcements', icon: 'announcements', minRole: 'admin' },
      { to: '/portal/teams', label: 'Teams', icon: 'teams', minRole: 'user' },
      { to: '/portal/registrations', label: 'Registrations', icon: 'registrations', minRole: 'user' },
      { to: '/portal/run-orders', label: 'Run orders', icon: 'run-orders', minRole: 'admin' },
      { to: '/portal/results', label: 'Results', icon: 'results', minRole: 'admin' },
      { to: '/portal/qualifying', label: 'Qualifying standards', icon: 'qualifying', minRole: 'admin' },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    items: [
      { to: '/portal/users', label: 'Users', icon: 'users', minRole: 'admin' },
      { to: '/portal/departments', label: 'Departments', icon: 'departments', minRole: 'admin' },
      { to: '/portal/admin-users', label: 'Admin users', icon: 'admin-users', minRole: 'super-admin' },
    ],
  },
  {
    id: 'billing',
    label: 'Billing (legacy)',
    items: [{ to: '/portal/legacy', label: 'Legacy billing', icon: 'legacy', minRole: 'admin' }],
  },
];

/** The sections and items a role sees, in order; empty sections are dropped. No role sees nothing. */
export function portalNavFor(role: unknown, nav: readonly PortalNavSection[] = PORTAL_NAV): PortalNavSection[] {
  return nav
    .map((section) => ({ ...section, items: section.items.filter((item) => roleAtLeast(role, item.minRole)) }))
    .filter((section) => section.items.length > 0);
}

/** Whether the item is the current page (or, unless exact, an ancestor of it). */
export function isNavItemActive(item: Pick<PortalNavItem, 'to' | 'exact'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.to) return true;
  return !item.exact && path.startsWith(`${item.to}/`);
}

/** 'Good morning' before noon, 'Good afternoon' until 6 pm, then 'Good evening' (local time). */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** 'Alex Morgan', or the e-mail when no name is on file. */
export function displayName(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || user.email || '';
}

/** 'AM' for the avatar circle. */
export function initials(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
): string {
  if (!user) return '';
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email?.charAt(0) || '?').toUpperCase();
}

const QUICK_LINK_TEXT: Readonly<Partial<Record<PortalPath, string>>> = {
  '/portal/profile': 'Your name, department, date of birth, bio and photo.',
  '/portal/events': 'Create events, their runs, limits and schedules; move them through their statuses.',
  '/portal/announcements': 'Write news with pictures and videos; schedule, pin or hide it.',
  '/portal/teams': 'Build teams, pick the captain and check every member is eligible.',
  '/portal/registrations': 'Entries, waitlists and cancellations, run by run.',
  '/portal/run-orders': 'The live starting order: pairs, heats, locks, and the venue display.',
  '/portal/results': 'The timing table: enter times and penalties heat by heat, import, validate.',
  '/portal/qualifying': "Each season's national qualifying times, by run type and category.",
  '/portal/users': 'Find accounts, verify, activate or deactivate them.',
  '/portal/departments': 'Add and edit departments, see their members.',
  '/portal/admin-users': 'Create admin accounts and manage their rights.',
  '/portal/legacy': "The old system's invoices, payments, codes, credits and registrations.",
};

/** The dashboard's shortcuts: every page the role may open except the dashboard itself. */
export function quickLinksFor(role: unknown): (PortalNavItem & { description: string })[] {
  return portalNavFor(role)
    .flatMap((section) => section.items)
    .filter((item) => item.to !== '/portal')
    .map((item) => ({ ...item, description: QUICK_LINK_TEXT[item.to] ?? '' }));
}
