import { describe, expect, it } from 'vitest';
import {
  adminUserCreateBodySchema,
  adminUserUpdateBodySchema,
  MESSAGES,
  type UserDto,
} from '../../../api/contracts/accounts.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import { buildQueryString } from '../../lib/query-string.ts';
import { adminUserListFilters, parseAdminUserListSearch } from './filters.ts';
import { adminCreateBody, adminEditBody, adminEditValues, EMPTY_ADMIN, isAdminRole } from './form.ts';

const admin = {
  id: 4,
  email: 'sam@example.ca',
  firstName: 'Sam',
  lastName: 'Lee',
  role: 'admin',
  isActive: true,
} as UserDto;

describe('create admin form', () => {
  it('starts as an admin (not a super-admin)', () => {
    expect(EMPTY_ADMIN.role).toBe('admin');
  });

  it('needs a strong password (the reset rules) and a valid e-mail', () => {
    const result = validateWith(
      adminUserCreateBodySchema,
      adminCreateBody({ ...EMPTY_ADMIN, firstName: 'A', lastName: 'B', email: 'nope', password: 'weakpass' }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe(MESSAGES.emailInvalid);
    expect(result.errors.password).toBe(MESSAGES.newPasswordWeak);
  });

  it('refuses the user role', () => {
    const result = validateWith(
      adminUserCreateBodySchema,
      adminCreateBody({ email: 'a@b.ca', password: 'Str0ngPass', firstName: 'A', lastName: 'B', role: 'user' }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.role).toBe('Role must be admin or super-admin');
  });

  it('accepts a complete form', () => {
    expect(
      validateWith(
        adminUserCreateBodySchema,
        adminCreateBody({
          email: 'a@b.ca',
          password: 'Str0ngPass',
          firstName: 'A',
          lastName: 'B',
          role: 'super-admin',
        }),
      ).ok,
    ).toBe(true);
  });
});

describe('edit admin form', () => {
  const saved = adminEditValues(admin);

  it('sends only what changed', () => {
    expect(adminEditBody(saved, saved, false)).toEqual({});
    expect(adminEditBody({ ...saved, role: 'super-admin', isActive: false }, saved, false)).toEqual({
      role: 'super-admin',
      isActive: false,
    });
    expect(adminEditBody({ ...saved, lastName: 'Park' }, saved, false)).toEqual({ lastName: 'Park' });
  });

  it("never sends one's own role or active state", () => {
    expect(adminEditBody({ ...saved, role: 'super-admin', isActive: false, firstName: 'Samuel' }, saved, true)).toEqual(
      { firstName: 'Samuel' },
    );
  });

  it('refuses a cleared name with the shared message', () => {
    const result = validateWith(adminUserUpdateBodySchema, adminEditBody({ ...saved, firstName: ' ' }, saved, false));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.firstName).toBe(MESSAGES.firstNameRequired);
  });

  it('knows the admin roles', () => {
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('user')).toBe(false);
  });
});

describe('admin users list search', () => {
  it('keeps page and search text in the URL, and asks for 20 a page', () => {
    expect(parseAdminUserListSearch({ page: '2', query: ' sam ', role: 'x' })).toEqual({ page: 2, query: 'sam' });
    expect(buildQueryString(adminUserListFilters({ page: 2, query: 'sam' }))).toBe('?page=2&limit=20&query=sam');
    expect(adminUserListFilters({})).toEqual({ page: 1, limit: 20 });
  });
});
