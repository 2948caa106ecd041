import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../lib/query-string.ts';
import {
  clearedRegistrationSearch,
  hasRegistrationFilters,
  myRegistrationFilters,
  parseRegistrationListSearch,
  parseRunRegistrationsSearch,
  registrationListFilters,
  runTab,
  withRegistrationFilter,
  withRegistrationView,
  withRunTab,
} from './filters.ts';

describe('parseRegistrationListSearch', () => {
  it('keeps the valid params, typed', () => {
    expect(
      parseRegistrationListSearch({
        view: 'mine',
        page: '3',
        query: ' kamloops ',
        eventId: '4',
        runId: 12,
        status: 'waitlisted',
        hasWaitlistPosition: 'false',
        deleted: true,
      }),
    ).toEqual({
      view: 'mine',
      page: 3,
      query: 'kamloops',
      eventId: 4,
      runId: 12,
      status: 'waitlisted',
      hasWaitlistPosition: false,
      deleted: true,
    });
  });

  it('drops what is malformed instead of failing the page', () => {
    expect(
      parseRegistrationListSearch({
        view: 'everyone',
        page: 'two',
        query: '   ',
        eventId: '-1',
        runId: 'x',
        status: 'pending',
        hasWaitlistPosition: 'maybe',
        deleted: 'yes',
      }),
    ).toEqual({});
  });

  it('leaves page 1 and deleted=false out of the URL', () => {
    expect(parseRegistrationListSearch({ page: 1, deleted: 'false' })).toEqual({});
  });
});

describe('registrationListFilters', () => {
  it('asks for page 1 of 20 by default', () => {
    expect(registrationListFilters({})).toEqual({ page: 1, limit: 20 });
  });

  it('maps every filter onto the query string of GET /registrations, and leaves the view out', () => {
    const filters = registrationListFilters({
      view: 'mine',
      page: 2,
      query: 'kam loops',
      eventId: 4,
      runId: 12,
      status: 'confirmed',
      hasWaitlistPosition: true,
      deleted: true,
    });
    expect(buildQueryString(filters)).toBe(
      '?page=2&limit=20&query=kam+loops&eventId=4&runId=12&status=confirmed&hasWaitlistPosition=true&deleted=true',
    );
  });

  it('leaves unset filters out of the key', () => {
    expect(Object.keys(registrationListFilters({ status: 'cancelled' }))).toEqual(['page', 'limit', 'status']);
  });
});

describe('myRegistrationFilters', () => {
  it('takes the page and the status only (GET /registrations/user/{id})', () => {
    expect(myRegistrationFilters({ page: 3, status: 'waitlisted', eventId: 4, query: 'x' })).toEqual({
      page: 3,
      limit: 20,
      status: 'waitlisted',
    });
    expect(myRegistrationFilters({})).toEqual({ page: 1, limit: 20 });
  });
});

describe('changing filters', () => {
  it('goes back to page 1 and leaves a cleared filter out', () => {
    expect(withRegistrationFilter({ page: 4, status: 'confirmed', query: 'a' }, 'status', undefined)).toEqual({
      query: 'a',
    });
    expect(withRegistrationFilter({ page: 4 }, 'hasWaitlistPosition', false)).toEqual({ hasWaitlistPosition: false });
  });

  it('drops the run when another event is chosen, keeps it when the event stays', () => {
    expect(withRegistrationFilter({ eventId: 1, runId: 7 }, 'eventId', 2)).toEqual({ eventId: 2 });
    expect(withRegistrationFilter({ eventId: 1, runId: 7 }, 'eventId', undefined)).toEqual({});
    expect(withRegistrationFilter({ eventId: 1, runId: 7 }, 'eventId', 1)).toEqual({ eventId: 1, runId: 7 });
    expect(withRegistrationFilter({ eventId: 1 }, 'runId', 7)).toEqual({ eventId: 1, runId: 7 });
  });

  it('knows when something narrows the list; the view and the page do not', () => {
    expect(hasRegistrationFilters({})).toBe(false);
    expect(hasRegistrationFilters({ view: 'mine', page: 2 })).toBe(false);
    expect(hasRegistrationFilters({ deleted: true })).toBe(true);
    expect(hasRegistrationFilters({ hasWaitlistPosition: false })).toBe(true);
    expect(hasRegistrationFilters({ query: 'a' })).toBe(true);
  });

  it('clears everything but the view; a new view starts afresh', () => {
    expect(clearedRegistrationSearch({ view: 'mine', status: 'confirmed', page: 2 })).toEqual({ view: 'mine' });
    expect(clearedRegistrationSearch({ status: 'confirmed', eventId: 3 })).toEqual({});
    expect(withRegistrationView('mine')).toEqual({ view: 'mine' });
    expect(withRegistrationView('all')).toEqual({});
  });
});

describe("a run's page", () => {
  it('reads the tab and its page; confirmed is the default and stays out of the URL', () => {
    expect(parseRunRegistrationsSearch({ tab: 'history', page: '2' })).toEqual({ tab: 'history', page: 2 });
    expect(parseRunRegistrationsSearch({ tab: 'confirmed', page: 3 })).toEqual({ page: 3 });
    expect(parseRunRegistrationsSearch({ tab: 'elsewhere' })).toEqual({});
    expect(runTab({})).toBe('confirmed');
    expect(runTab({ tab: 'deleted' })).toBe('deleted');
  });

  it('has no pages on the waitlist (one ordered list)', () => {
    expect(parseRunRegistrationsSearch({ tab: 'waitlist', page: 2 })).toEqual({ tab: 'waitlist' });
  });

  it('starts another tab on its first page', () => {
    expect(withRunTab('cancelled')).toEqual({ tab: 'cancelled' });
    expect(withRunTab('confirmed')).toEqual({});
    expect(withRunTab('nonsense')).toEqual({});
  });
});
