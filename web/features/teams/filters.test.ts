import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../lib/query-string.ts';
import {
  clearedTeamFilters,
  hasTeamFilters,
  parseTeamListSearch,
  teamListFilters,
  teamTab,
  withTeamFilter,
  withTeamTab,
} from './filters.ts';

describe('parseTeamListSearch', () => {
  it('keeps the valid params, trimmed and typed', () => {
    expect(
      parseTeamListSearch({
        tab: 'all',
        page: '3',
        query: ' smoke ',
        departmentId: '12',
        runType: 'tech2',
        isHybrid: 'true',
        isActive: false,
      }),
    ).toEqual({
      tab: 'all',
      page: 3,
      query: 'smoke',
      departmentId: 12,
      runType: 'tech2',
      isHybrid: true,
      isActive: false,
    });
  });

  it('drops what is malformed', () => {
    expect(
      parseTeamListSearch({
        tab: 'archive',
        page: '0',
        query: '   ',
        departmentId: 'x',
        runType: 'sprint',
        isHybrid: 'yes',
        isActive: 1,
      }),
    ).toEqual({});
  });

  it('has no active filter on the deleted tab', () => {
    expect(parseTeamListSearch({ tab: 'deleted', isActive: 'true', isHybrid: 'false' })).toEqual({
      tab: 'deleted',
      isHybrid: false,
    });
  });
});

describe('teamTab', () => {
  it("defaults to every team for admins and to the caller's own for everyone else", () => {
    expect(teamTab({}, true)).toBe('all');
    expect(teamTab({}, false)).toBe('mine');
    expect(teamTab({ tab: 'mine' }, true)).toBe('mine');
    expect(teamTab({ tab: 'all' }, false)).toBe('all');
  });

  it('never gives the deleted tab to a plain user', () => {
    expect(teamTab({ tab: 'deleted' }, true)).toBe('deleted');
    expect(teamTab({ tab: 'deleted' }, false)).toBe('mine');
  });
});

describe('teamListFilters', () => {
  it('asks a plain user for their own teams, page 1 of 20, by default', () => {
    expect(teamListFilters({}, false)).toEqual({ page: 1, limit: 20, mine: true });
    expect(teamListFilters({}, true)).toEqual({ page: 1, limit: 20 });
  });

  it('maps the filters onto the query string of GET /teams', () => {
    const filters = teamListFilters(
      { tab: 'all', page: 2, query: 'eaters', departmentId: 4, runType: 'relay', isHybrid: false, isActive: true },
      true,
    );
    expect(buildQueryString(filters)).toBe(
      '?page=2&limit=20&query=eaters&departmentId=4&runType=relay&isHybrid=false&isActive=true',
    );
  });

  it('sends the active filter for admins only, and deleted=true on the deleted tab', () => {
    expect(teamListFilters({ tab: 'all', isActive: false }, false)).toEqual({ page: 1, limit: 20 });
    expect(teamListFilters({ tab: 'deleted', query: 'old' }, true)).toEqual({
      page: 1,
      limit: 20,
      query: 'old',
      deleted: true,
    });
    expect(teamListFilters({ tab: 'deleted' }, false)).toEqual({ page: 1, limit: 20, mine: true });
  });
});

describe('changing the search', () => {
  it('goes back to page 1 when a filter changes, leaving a cleared one out', () => {
    expect(withTeamFilter({ page: 3, query: 'a', runType: 'relay' }, 'runType', undefined)).toEqual({ query: 'a' });
    expect(withTeamFilter({ tab: 'all', page: 2 }, 'isHybrid', true)).toEqual({ tab: 'all', isHybrid: true });
  });

  it('keeps the filters across tabs, drops the page, and leaves the default tab out of the URL', () => {
    expect(withTeamTab({ page: 2, query: 'x', isActive: false }, 'deleted', true)).toEqual({
      tab: 'deleted',
      query: 'x',
    });
    expect(withTeamTab({ tab: 'deleted', query: 'x' }, 'all', true)).toEqual({ query: 'x' });
    expect(withTeamTab({ runType: 'tech2' }, 'all', false)).toEqual({ tab: 'all', runType: 'tech2' });
    expect(withTeamTab({ tab: 'all' }, 'mine', false)).toEqual({});
  });

  it('knows when the list is narrowed, and clears everything but the tab', () => {
    expect(hasTeamFilters({ tab: 'all', page: 2 })).toBe(false);
    expect(hasTeamFilters({ isHybrid: false })).toBe(true);
    expect(clearedTeamFilters({ tab: 'deleted', query: 'q', page: 3 })).toEqual({ tab: 'deleted' });
  });
});
