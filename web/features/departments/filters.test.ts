import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../lib/query-string.ts';
import {
  departmentListFilters,
  departmentTab,
  hasDepartmentFilters,
  parseDepartmentListSearch,
  withDepartmentTab,
} from './filters.ts';

describe('parseDepartmentListSearch', () => {
  it('keeps the valid params', () => {
    expect(parseDepartmentListSearch({ page: '2', query: ' Calgary ', isActive: false })).toEqual({
      page: 2,
      query: 'Calgary',
      isActive: false,
    });
    expect(parseDepartmentListSearch({ tab: 'deleted', query: 'x' })).toEqual({ tab: 'deleted', query: 'x' });
  });

  it('ignores unknown tabs and the active filter on the deleted tab', () => {
    expect(parseDepartmentListSearch({ tab: 'archive', isActive: 'maybe' })).toEqual({});
    expect(parseDepartmentListSearch({ tab: 'deleted', isActive: true })).toEqual({ tab: 'deleted' });
  });
});

describe('departmentListFilters', () => {
  it('lists the current departments, page 1 of 20, by default', () => {
    expect(departmentListFilters({})).toEqual({ page: 1, limit: 20 });
    expect(departmentTab({})).toBe('current');
  });

  it('maps filters onto the query string of GET /departments', () => {
    expect(buildQueryString(departmentListFilters({ page: 3, query: 'fire', isActive: true }))).toBe(
      '?page=3&limit=20&query=fire&isActive=true',
    );
  });

  it('asks for the soft-deleted ones on the Deleted tab', () => {
    const filters = departmentListFilters({ tab: 'deleted', query: 'old' });
    expect(filters).toEqual({ page: 1, limit: 20, query: 'old', deleted: true });
    expect(buildQueryString(filters)).toBe('?page=1&limit=20&query=old&deleted=true');
    expect(departmentTab({ tab: 'deleted' })).toBe('deleted');
  });
});

describe('withDepartmentTab', () => {
  it('keeps the search text, drops the page and the active filter', () => {
    expect(withDepartmentTab({ page: 4, query: 'x', isActive: false }, 'deleted')).toEqual({
      query: 'x',
      tab: 'deleted',
    });
    expect(withDepartmentTab({ tab: 'deleted', page: 2 }, 'current')).toEqual({});
  });

  it('knows when the list is narrowed', () => {
    expect(hasDepartmentFilters({ tab: 'deleted', page: 2 })).toBe(false);
    expect(hasDepartmentFilters({ isActive: false })).toBe(true);
  });
});
