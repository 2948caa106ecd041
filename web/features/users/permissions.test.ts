import { describe, expect, it } from 'vitest';
import { assignableRoles, canChangeRole, canChangeVerified, canEditDetails, canToggleActive } from './permissions.ts';

const superAdmin = { id: 1, role: 'super-admin' as const };
const admin = { id: 2, role: 'admin' as const };
const otherAdmin = { id: 3, role: 'admin' as const };
const otherSuper = { id: 4, role: 'super-admin' as const };
const user = { id: 5, role: 'user' as const };

describe('canChangeRole', () => {
  it('is only for super-admins, on anyone but themselves', () => {
    expect(canChangeRole(superAdmin, user)).toBe(true);
    expect(canChangeRole(superAdmin, otherSuper)).toBe(true);
    expect(canChangeRole(superAdmin, superAdmin)).toBe(false);
    expect(canChangeRole(admin, user)).toBe(false);
    expect(canChangeRole(user, user)).toBe(false);
    expect(canChangeRole(null, user)).toBe(false);
  });

  it('offers every role to a super-admin and none to others', () => {
    expect(assignableRoles(superAdmin)).toEqual(['super-admin', 'admin', 'user']);
    expect(assignableRoles(admin)).toEqual([]);
  });
});

describe('canToggleActive', () => {
  it('lets admins activate and deactivate accounts', () => {
    expect(canToggleActive(admin, user)).toBe(true);
    expect(canToggleActive(admin, otherAdmin)).toBe(true);
    expect(canToggleActive(superAdmin, otherSuper)).toBe(true);
  });

  it('never on oneself, never by a user, and an admin never on a super-admin', () => {
    expect(canToggleActive(admin, admin)).toBe(false);
    expect(canToggleActive(superAdmin, superAdmin)).toBe(false);
    expect(canToggleActive(user, { id: 9, role: 'user' })).toBe(false);
    expect(canToggleActive(admin, superAdmin)).toBe(false);
    expect(canToggleActive(undefined, user)).toBe(false);
  });

  it('applies the same rule to verification', () => {
    expect(canChangeVerified(admin, user)).toBe(true);
    expect(canChangeVerified(admin, superAdmin)).toBe(false);
  });
});

describe('canEditDetails', () => {
  it('lets owners edit themselves and admins edit others below them', () => {
    expect(canEditDetails(user, user)).toBe(true);
    expect(canEditDetails(admin, admin)).toBe(true);
    expect(canEditDetails(admin, user)).toBe(true);
    expect(canEditDetails(admin, superAdmin)).toBe(false);
    expect(canEditDetails(user, admin)).toBe(false);
  });
});
