/**
 * The portal's events screens and what they keep in the URL: the list's filters (GET /events) and the
 * detail page's tab and registration filters (GET /events/{id}/registrations).
 */
import type { RegistrationEntry } from '../../../api/contracts/runs.ts';
import {
  EVENT_SCOPES,
  EVENT_STATUSES,
  type EventScope,
  type EventStatus,
} from '../../../api/domain/events/statuses.ts';
import { knownEventStatus } from '../../lib/labels.ts';
import {
  booleanParam,
  compact,
  hasListFilters,
  idParam,
  PORTAL_PAGE_SIZE,
  pagedListFilters,
  pageParam,
  searchTextParam,
  withListFilter,
} from '../../lib/portal/query-policy.ts';

export type RegistrationStatus = RegistrationEntry['status'];
/**
 * The contract's registration statuses, restated: validateSearch runs in the always-loaded route
 * tree, which must not pull the contracts (and zod) in. The type keeps the two lists in step.
 */
export const REGISTRATION_STATUSES = [
  'confirmed',
  'waitlisted',
  'cancelled',
] as const satisfies readonly RegistrationStatus[];

/** What /portal/events keeps in its URL; every entry is optional and left out when unset. */
export interface EventListSearch {
  page?: number;
  query?: string;
  status?: EventStatus;
  scope?: EventScope;
  year?: number;
  isActive?: boolean;
}

/** The years the API takes (adminEventListQuerySchema). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

export function yearParam(value: unknown): number | undefined {
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX ? year : undefined;
}

export function eventStatusParam(value: unknown): EventStatus | undefined {
  return knownEventStatus(value);
}

export function eventScopeParam(value: unknown): EventScope | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return EVENT_SCOPES.find((scope) => scope.toLowerCase() === wanted);
}

/** validateSearch of /portal/events: anything malformed is dropped rather than refused. */
export function parseEventListSearch(raw: Record<string, unknown>): EventListSearch {
  return compact({
    page: pageParam(raw.page),
    query: searchTextParam(raw.query),
    status: eventStatusParam(raw.status),
    scope: eventScopeParam(raw.scope),
    year: yearParam(raw.year),
    isActive: booleanParam(raw.isActive),
  });
}

/** The query key part and the query string of GET /api/events (what is asked is what is cached). */
export type EventListFilters = {
  page: number;
  limit: number;
  query?: string;
  status?: EventStatus;
  scope?: EventScope;
  year?: number;
  isActive?: boolean;
};

export function eventListFilters(search: EventListSearch, limit: number = PORTAL_PAGE_SIZE): EventListFilters {
  return pagedListFilters(search, limit);
}

export const hasEventFilters: (search: EventListSearch) => boolean = hasListFilters;

/** A new search after one filter changed: back to page 1, the cleared filter left out. */
export function withEventFilter<K extends keyof Omit<EventListSearch, 'page'>>(
  search: EventListSearch,
  key: K,
  value: EventListSearch[K] | undefined,
): EventListSearch {
  return withListFilter(search, key, value);
}

/**
 * The years offered by the year filter: two ahead of the current one down to ten back, newest first,
 * plus the chosen year when it lies outside that span (a shared link to an older season).
 */
export function eventYearOptions(currentYear: number, selected?: number): number[] {
  const years: number[] = [];
  for (let year = currentYear + 2; year >= currentYear - 10; year--) years.push(year);
  if (selected !== undefined && !years.includes(selected)) years.push(selected);
  return years.sort((a, b) => b - a);
}

export { EVENT_SCOPES, EVENT_STATUSES };

// ---------- the detail page ----------

export const EVENT_TABS = ['details', 'runs', 'registrations'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/**
 * What /portal/events/{id} keeps in its URL: the tab (absent: Details) and, on the Registrations tab,
 * its filters and page.
 */
export interface EventDetailSearch {
  tab?: Exclude<EventTab, 'details'>;
  status?: RegistrationStatus;
  runId?: number;
  page?: number;
}

export function registrationStatusParam(value: unknown): RegistrationStatus | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return REGISTRATION_STATUSES.find((status) => status === wanted);
}

export function parseEventDetailSearch(raw: Record<string, unknown>): EventDetailSearch {
  const tab: EventDetailSearch['tab'] = raw.tab === 'runs' || raw.tab === 'registrations' ? raw.tab : undefined;
  // The registration filters belong to their tab only.
  const registrations = tab === 'registrations';
  return compact({
    tab,
    status: registrations ? registrationStatusParam(raw.status) : undefined,
    runId: registrations ? idParam(raw.runId) : undefined,
    page: registrations ? pageParam(raw.page) : undefined,
  });
}

export function eventTab(search: EventDetailSearch): EventTab {
  return search.tab ?? 'details';
}

/** Switching tabs drops the other tab's filters. */
export function withEventTab(tab: EventTab): EventDetailSearch {
  return tab === 'details' ? {} : { tab };
}

export type EventRegistrationFilters = {
  page: number;
  limit: number;
  status?: RegistrationStatus;
  runId?: number;
};

export function eventRegistrationFilters(
  search: EventDetailSearch,
  limit: number = PORTAL_PAGE_SIZE,
): EventRegistrationFilters {
  return { page: search.page ?? 1, limit, ...compact({ status: search.status, runId: search.runId }) };
}

export function hasRegistrationFilters(search: EventDetailSearch): boolean {
  return search.status !== undefined || search.runId !== undefined;
}

/** A registration filter changed: stay on the tab, back to page 1. */
export function withRegistrationFilter<K extends 'status' | 'runId'>(
  search: EventDetailSearch,
  key: K,
  value: EventDetailSearch[K] | undefined,
): EventDetailSearch {
  const { page: _page, ...rest } = search;
  return compact({ ...rest, tab: 'registrations' as const, [key]: value }) as EventDetailSearch;
}
