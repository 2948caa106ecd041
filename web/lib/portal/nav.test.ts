import { describe, expect, it } from 'vitest';
import {
  displayName,
  greetingFor,
  initials,
  isNavItemActive,
  PORTAL_NAV,
  type PortalNavSection,
  portalNavFor,
  quickLinksFor,
} from './nav.ts';
import { isPortalPath } from './paths.ts';
import { isRole, roleAtLeast, roleLabel } from './roles.ts';

const labels = (role: unknown) => portalNavFor(role).flatMap((section) => section.items.map((item) => item.label));

describe('roles', () => {
  it('orders super-admin above admin above user', () => {
    expect(roleAtLeast('super-admin', 'admin')).toBe(true);
    expect(roleAtLeast('super-admin', 'super-admin')).toBe(true);
    expect(roleAtLeast('admin', 'user')).toBe(true);
    expect(roleAtLeast('admin', 'super-admin')).toBe(false);
    expect(roleAtLeast('user', 'admin')).toBe(false);
  });

  it('gives an unknown or missing role no rights at all', () => {
    expect(roleAtLeast('root', 'user')).toBe(false);
    expect(roleAtLeast(undefined, 'user')).toBe(false);
    expect(isRole('Admin')).toBe(false);
  });

  it('labels roles for people', () => {
    expect(roleLabel('super-admin')).toBe('Super admin');
    expect(roleLabel('user')).toBe('User');
    expect(roleLabel('other')).toBe('other');
  });
});

describe('portalNavFor', () => {
  it('shows a user the dashboard, their profile, their teams and their registrations', () => {
    expect(labels('user')).toEqual(['Dashboard', 'My profile', 'Teams', 'Registrations']);
  });

  it('adds events, users, departments and the legacy billing for an admin', () => {
    expect(labels('admin')).toEqual([
      'Dashboard',
      'My profile',
      'Events',
      'Announcements',
      'Teams',
      'Registrations',
      'Run orders',
      'Results',
      'Qualifying standards',
      'Users',
      'Departments',
      'Legacy billing',
    ]);
  });

  it('adds admin users for a super-admin', () => {
    expect(labels('super-admin')).toEqual([
      'Dashboard',
      'My profile',
      'Events',
      'Announcements',
      'Teams',
      'Registrations',
      'Run orders',
      'Results',
      'Qualifying standards',
      'Users',
      'Departments',
      'Admin users',
      'Legacy billing',
    ]);
  });

  it('shows nothing for no role', () => {
    expect(portalNavFor(undefined)).toEqual([]);
    expect(portalNavFor('visitor')).toEqual([]);
  });

  it('drops sections with nothing to show', () => {
    expect(portalNavFor('super-admin').map((section) => section.id)).toEqual([
      'account',
      'competition',
      'administration',
      'billing',
    ]);
    expect(portalNavFor('user').map((section) => section.id)).toEqual(['account', 'competition']);
  });

  it('shows a later section to the roles its items name', () => {
    const nav: PortalNavSection[] = [
      ...PORTAL_NAV.filter((s) => s.id !== 'competition'),
      {
        id: 'competition',
        label: 'Competition',
        items: [{ to: '/portal/events', label: 'Events', icon: 'events', minRole: 'admin' }],
      },
    ];
    expect(portalNavFor('user', nav).map((s) => s.id)).toEqual(['account']);
    expect(portalNavFor('admin', nav).map((s) => s.id)).toEqual([
      'account',
      'administration',
      'billing',
      'competition',
    ]);
  });
});

describe('isNavItemActive', () => {
  it('matches the dashboard only on its own path', () => {
    const dashboard = { to: '/portal' as const, exact: true };
    expect(isNavItemActive(dashboard, '/portal')).toBe(true);
    expect(isNavItemActive(dashboard, '/portal/')).toBe(true);
    expect(isNavItemActive(dashboard, '/portal/users')).toBe(false);
  });

  it('matches a section on its pages below it, but not on look-alike paths', () => {
    const users = { to: '/portal/users' as const };
    expect(isNavItemActive(users, '/portal/users')).toBe(true);
    expect(isNavItemActive(users, '/portal/users/42')).toBe(true);
    expect(isNavItemActive(users, '/portal/users-archive')).toBe(false);
    expect(isNavItemActive(users, '/portal/admin-users')).toBe(false);
  });
});

describe('isPortalPath', () => {
  it('is true for /portal and everything under it', () => {
    expect(isPortalPath('/portal')).toBe(true);
    expect(isPortalPath('/portal/')).toBe(true);
    expect(isPortalPath('/portal/users/3')).toBe(true);
  });

  it('is false for public paths, including look-alikes', () => {
    expect(isPortalPath('/')).toBe(false);
    expect(isPortalPath('/portals')).toBe(false);
    expect(isPortalPath('/events/portal')).toBe(false);
    expect(isPortalPath('/departments/4')).toBe(false);
  });
});

describe('quickLinksFor', () => {
  it('offers every page of the role except the dashboard, each with a description', () => {
    const links = quickLinksFor('admin');
    expect(links.map((link) => link.to)).toEqual([
      '/portal/profile',
      '/portal/events',
      '/portal/announcements',
      '/portal/teams',
      '/portal/registrations',
      '/portal/run-orders',
      '/portal/results',
      '/portal/qualifying',
      '/portal/users',
      '/portal/departments',
      '/portal/legacy',
    ]);
    expect(links.every((link) => link.description.length > 0)).toBe(true);
    expect(quickLinksFor('user').map((link) => link.to)).toEqual([
      '/portal/profile',
      '/portal/teams',
      '/portal/registrations',
    ]);
    expect(quickLinksFor('super-admin').map((link) => link.to)).toContain('/portal/admin-users');
  });
});

describe('greetingFor', () => {
  const at = (hour: number) => new Date(2026, 4, 1, hour, 30);
  it('greets by the local time of day', () => {
    expect(greetingFor(at(3))).toBe('Good evening');
    expect(greetingFor(at(7))).toBe('Good morning');
    expect(greetingFor(at(11))).toBe('Good morning');
    expect(greetingFor(at(12))).toBe('Good afternoon');
    expect(greetingFor(at(17))).toBe('Good afternoon');
    expect(greetingFor(at(18))).toBe('Good evening');
  });
});

describe('displayName and initials', () => {
  it('joins the names, trimming blanks', () => {
    expect(displayName({ firstName: ' Alex ', lastName: 'Morgan', email: 'a@x.ca' })).toBe('Alex Morgan');
    expect(displayName({ firstName: 'Alex', lastName: '', email: 'a@x.ca' })).toBe('Alex');
  });

  it('falls back to the e-mail, then to nothing', () => {
    expect(displayName({ firstName: '', lastName: ' ', email: 'a@x.ca' })).toBe('a@x.ca');
    expect(displayName(null)).toBe('');
  });

  it('makes upper-case initials', () => {
    expect(initials({ firstName: 'alex', lastName: 'morgan' })).toBe('AM');
    expect(initials({ firstName: '', lastName: '', email: 'zed@x.ca' })).toBe('Z');
    expect(initials({ firstName: '', lastName: '' })).toBe('?');
  });
});
