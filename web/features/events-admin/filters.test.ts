import { describe, expect, it } from 'vitest';
import { adminEventListQuerySchema } from '../../../api/contracts/events.ts';
import {
  REGISTRATION_STATUSES as CONTRACT_REGISTRATION_STATUSES,
  eventRegistrationsQuerySchema,
} from '../../../api/contracts/runs.ts';
import { buildQueryString } from '../../lib/query-string.ts';
import {
  eventListFilters,
  eventRegistrationFilters,
  eventTab,
  eventYearOptions,
  hasEventFilters,
  hasRegistrationFilters,
  parseEventDetailSearch,
  parseEventListSearch,
  REGISTRATION_STATUSES,
  withEventFilter,
  withEventTab,
  withRegistrationFilter,
} from './filters.ts';

describe('parseEventListSearch', () => {
  it('keeps the valid params, in the forms the router gives them', () => {
    expect(
      parseEventListSearch({
        page: '3',
        query: ' Red Deer ',
        status: 'in-progress',
        scope: 'regional',
        year: 2027,
        isActive: false,
      }),
    ).toEqual({
      page: 3,
      query: 'Red Deer',
      status: 'In Progress',
      scope: 'Regional',
      year: 2027,
      isActive: false,
    });
    expect(parseEventListSearch({ year: '2026', isActive: 'true' })).toEqual({ year: 2026, isActive: true });
  });

  it('drops what is malformed rather than refusing the page', () => {
    expect(
      parseEventListSearch({
        page: '0',
        status: 'Postponed',
        scope: 'Galactic',
        year: 1800,
        isActive: 'maybe',
        query: '   ',
      }),
    ).toEqual({});
    expect(parseEventListSearch({ year: '20x7' })).toEqual({});
  });
});

describe('eventListFilters', () => {
  it('asks for page 1 of 20 by default', () => {
    expect(eventListFilters({})).toEqual({ page: 1, limit: 20 });
  });

  it('maps the search onto a query string the API accepts', () => {
    const filters = eventListFilters({
      page: 2,
      query: 'fit',
      status: 'In Progress',
      scope: 'National',
      year: 2027,
      isActive: true,
    });
    const qs = buildQueryString(filters);
    expect(qs).toBe('?page=2&limit=20&query=fit&status=In+Progress&scope=National&year=2027&isActive=true');
    const parsed = adminEventListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(qs)));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ status: ['In Progress'], scope: ['National'], year: 2027, isActive: true });
  });
});

describe('filter changes', () => {
  it('go back to page 1 and leave a cleared filter out', () => {
    expect(withEventFilter({ page: 4, query: 'x', year: 2026 }, 'status', 'Draft')).toEqual({
      query: 'x',
      year: 2026,
      status: 'Draft',
    });
    expect(withEventFilter({ page: 2, year: 2026 }, 'year', undefined)).toEqual({});
  });

  it('know when the list is narrowed', () => {
    expect(hasEventFilters({ page: 3 })).toBe(false);
    expect(hasEventFilters({ isActive: false })).toBe(true);
    expect(hasEventFilters({ year: 2027 })).toBe(true);
  });
});

describe('eventYearOptions', () => {
  it('offers two years ahead and ten back, newest first', () => {
    const years = eventYearOptions(2026);
    expect(years[0]).toBe(2028);
    expect(years.at(-1)).toBe(2016);
    expect(years).toHaveLength(13);
  });

  it('keeps a chosen year outside that span', () => {
    expect(eventYearOptions(2026, 2001).at(-1)).toBe(2001);
    expect(eventYearOptions(2026, 2020)).toHaveLength(13);
  });
});

describe('the detail page search', () => {
  it('opens on Details, and keeps registration filters on their tab only', () => {
    expect(parseEventDetailSearch({})).toEqual({});
    expect(eventTab({})).toBe('details');
    expect(parseEventDetailSearch({ tab: 'runs', status: 'confirmed', page: '2' })).toEqual({ tab: 'runs' });
    expect(parseEventDetailSearch({ tab: 'registrations', status: 'Waitlisted', runId: '12', page: 2 })).toEqual({
      tab: 'registrations',
      status: 'waitlisted',
      runId: 12,
      page: 2,
    });
    expect(parseEventDetailSearch({ tab: 'history', status: 'paid', runId: '-1' })).toEqual({});
  });

  it('switching tabs drops the other tab’s filters', () => {
    expect(withEventTab('details')).toEqual({});
    expect(withEventTab('registrations')).toEqual({ tab: 'registrations' });
  });

  it('maps the registration filters onto GET /events/{id}/registrations', () => {
    const filters = eventRegistrationFilters({ tab: 'registrations', status: 'cancelled', runId: 4, page: 3 });
    expect(filters).toEqual({ page: 3, limit: 20, status: 'cancelled', runId: 4 });
    const parsed = eventRegistrationsQuerySchema.safeParse(
      Object.fromEntries(new URLSearchParams(buildQueryString(filters))),
    );
    expect(parsed.success).toBe(true);
    expect(hasRegistrationFilters({ tab: 'registrations', page: 2 })).toBe(false);
    expect(hasRegistrationFilters({ runId: 4 })).toBe(true);
  });

  it('a registration filter change stays on the tab, on page 1', () => {
    expect(withRegistrationFilter({ tab: 'registrations', page: 3, runId: 4 }, 'status', 'confirmed')).toEqual({
      tab: 'registrations',
      runId: 4,
      status: 'confirmed',
    });
    expect(withRegistrationFilter({ tab: 'registrations', runId: 4 }, 'runId', undefined)).toEqual({
      tab: 'registrations',
    });
  });

  it('restates exactly the contract’s registration statuses', () => {
    expect([...REGISTRATION_STATUSES]).toEqual([...CONTRACT_REGISTRATION_STATUSES]);
  });
});
