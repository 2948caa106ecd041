import { describe, expect, it } from 'vitest';
import { booleanChoice } from '../../lib/portal/query-policy.ts';
import { buildQueryString } from '../../lib/query-string.ts';
import { hasUserFilters, parseUserListSearch, userListFilters, withUserFilter } from './filters.ts';

describe('parseUserListSearch', () => {
  it('keeps the valid params, typed', () => {
    expect(
      parseUserListSearch({
        page: 3,
        query: ' alex ',
        isVerified: false,
        isActive: 'true',
        departmentId: '12',
        role: 'admin',
      }),
    ).toEqual({ page: 3, query: 'alex', isVerified: false, isActive: true, departmentId: 12, role: 'admin' });
  });

  it('drops what is malformed instead of failing the page', () => {
    expect(
      parseUserListSearch({ page: 'two', query: '  ', isVerified: 'maybe', departmentId: -4, role: 'root', extra: 1 }),
    ).toEqual({});
  });

  it('leaves page 1 out of the URL', () => {
    expect(parseUserListSearch({ page: 1 })).toEqual({});
  });

  it('reads a numeric search text the router parsed as a number', () => {
    expect(parseUserListSearch({ query: 555 })).toEqual({ query: '555' });
  });
});

describe('userListFilters', () => {
  it('asks for page 1 of 20 by default', () => {
    expect(userListFilters({})).toEqual({ page: 1, limit: 20 });
    expect(buildQueryString(userListFilters({}))).toBe('?page=1&limit=20');
  });

  it('maps every filter onto the query string of GET /users', () => {
    const filters = userListFilters({
      page: 2,
      query: 'mor gan',
      isVerified: false,
      isActive: true,
      departmentId: 9,
      role: 'super-admin',
    });
    expect(buildQueryString(filters)).toBe(
      '?page=2&limit=20&query=mor+gan&isVerified=false&isActive=true&departmentId=9&role=super-admin',
    );
  });

  it('leaves unset filters out of both the key and the query string', () => {
    const filters = userListFilters({ isActive: false });
    expect(filters).toEqual({ page: 1, limit: 20, isActive: false });
    expect(Object.keys(filters)).not.toContain('query');
    expect(buildQueryString(filters)).toBe('?page=1&limit=20&isActive=false');
  });

  it('takes another page size for counting', () => {
    expect(userListFilters({ isVerified: false }, 1)).toEqual({ page: 1, limit: 1, isVerified: false });
  });
});

describe('withUserFilter', () => {
  it('sets a filter and goes back to page 1', () => {
    expect(withUserFilter({ page: 4, query: 'a' }, 'role', 'user')).toEqual({ query: 'a', role: 'user' });
  });

  it('clears a filter given undefined', () => {
    expect(withUserFilter({ isActive: true, role: 'admin' }, 'isActive', undefined)).toEqual({ role: 'admin' });
  });

  it('keeps false as a real choice', () => {
    expect(withUserFilter({}, 'isVerified', false)).toEqual({ isVerified: false });
  });
});

describe('hasUserFilters and booleanChoice', () => {
  it('knows when the list is narrowed', () => {
    expect(hasUserFilters({})).toBe(false);
    expect(hasUserFilters({ page: 3 })).toBe(false);
    expect(hasUserFilters({ isVerified: false })).toBe(true);
    expect(hasUserFilters({ query: 'x' })).toBe(true);
  });

  it('gives the select value of a boolean filter', () => {
    expect(booleanChoice(undefined)).toBe('');
    expect(booleanChoice(true)).toBe('true');
    expect(booleanChoice(false)).toBe('false');
  });
});
