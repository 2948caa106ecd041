/**
 * The URL search params of the registration screens and the API filters they become: the list at
 * /portal/registrations (the filter field hasWaitlistPosition; plus event, run, status, search
 * and the deleted ones) and the tabs of a run's page.
 */
import {
  booleanParam,
  compact,
  idParam,
  PORTAL_PAGE_SIZE,
  pageParam,
  searchTextParam,
} from '../../lib/portal/query-policy.ts';
import { isRegistrationStatus, type RegistrationStatus } from './statuses.ts';

/** What /portal/registrations keeps in its URL; every entry is optional and left out when unset. */
export interface RegistrationListSearch {
  /** An admin's own registrations instead of everyone's; a user always sees their own. */
  view?: 'mine';
  page?: number;
  query?: string;
  eventId?: number;
  runId?: number;
  status?: RegistrationStatus;
  hasWaitlistPosition?: boolean;
  /** Only the soft-deleted registrations (the API lists either the deleted ones or the others). */
  deleted?: true;
}

/** validateSearch of /portal/registrations: anything malformed is dropped rather than refused. */
export function parseRegistrationListSearch(raw: Record<string, unknown>): RegistrationListSearch {
  return compact({
    view: raw.view === 'mine' ? ('mine' as const) : undefined,
    page: pageParam(raw.page),
    query: searchTextParam(raw.query),
    eventId: idParam(raw.eventId),
    runId: idParam(raw.runId),
    status: isRegistrationStatus(raw.status) ? raw.status : undefined,
    hasWaitlistPosition: booleanParam(raw.hasWaitlistPosition),
    deleted: booleanParam(raw.deleted) === true ? (true as const) : undefined,
  });
}

/** The query key part and the query string of GET /api/registrations (what is asked is what is cached). */
export type RegistrationListFilters = {
  page: number;
  limit: number;
  query?: string;
  eventId?: number;
  runId?: number;
  status?: RegistrationStatus;
  hasWaitlistPosition?: boolean;
  deleted?: true;
};

export function registrationListFilters(
  search: RegistrationListSearch,
  limit: number = PORTAL_PAGE_SIZE,
): RegistrationListFilters {
  return {
    page: search.page ?? 1,
    limit,
    ...compact({
      query: search.query,
      eventId: search.eventId,
      runId: search.runId,
      status: search.status,
      hasWaitlistPosition: search.hasWaitlistPosition,
      deleted: search.deleted,
    }),
  };
}

/** GET /api/registrations/user/{id}: a person's own list takes a page and a status only. */
export type MyRegistrationFilters = { page: number; limit: number; status?: RegistrationStatus };

export function myRegistrationFilters(
  search: RegistrationListSearch,
  limit: number = PORTAL_PAGE_SIZE,
): MyRegistrationFilters {
  return { page: search.page ?? 1, limit, ...compact({ status: search.status }) };
}

/** Whether anything narrows the admin list (the empty state then offers to clear it). */
export function hasRegistrationFilters(search: RegistrationListSearch): boolean {
  return (
    search.query !== undefined ||
    search.eventId !== undefined ||
    search.runId !== undefined ||
    search.status !== undefined ||
    search.hasWaitlistPosition !== undefined ||
    search.deleted !== undefined
  );
}

type FilterKey = Exclude<keyof RegistrationListSearch, 'page' | 'view'>;

/**
 * A new search after one filter changed: back to page 1, the cleared filter left out. Another event
 * drops the run (a run belongs to one event).
 */
export function withRegistrationFilter<K extends FilterKey>(
  search: RegistrationListSearch,
  key: K,
  value: RegistrationListSearch[K] | undefined,
): RegistrationListSearch {
  const { page: _page, ...rest } = search;
  const next: Record<string, unknown> = { ...rest, [key]: value };
  if (key === 'eventId' && value !== search.eventId) next.runId = undefined;
  return compact(next) as RegistrationListSearch;
}

/** Everything cleared but the view. */
export function clearedRegistrationSearch(search: RegistrationListSearch): RegistrationListSearch {
  return compact({ view: search.view });
}

/** Switching between everyone's and one's own registrations starts afresh. */
export function withRegistrationView(view: 'all' | 'mine'): RegistrationListSearch {
  return view === 'mine' ? { view: 'mine' } : {};
}

// ---------- a run's registrations page ----------

export const RUN_TABS = ['confirmed', 'waitlist', 'cancelled', 'deleted', 'history'] as const;
export type RunTab = (typeof RUN_TABS)[number];

/** What /portal/runs/$id keeps in its URL: the tab (confirmed when absent) and its page. */
export interface RunRegistrationsSearch {
  tab?: Exclude<RunTab, 'confirmed'>;
  page?: number;
}

export function parseRunRegistrationsSearch(raw: Record<string, unknown>): RunRegistrationsSearch {
  const tab =
    RUN_TABS.includes(raw.tab as RunTab) && raw.tab !== 'confirmed'
      ? (raw.tab as Exclude<RunTab, 'confirmed'>)
      : undefined;
  // The waitlist is one ordered list: it has no pages.
  return compact({ tab, page: tab === 'waitlist' ? undefined : pageParam(raw.page) });
}

export function runTab(search: RunRegistrationsSearch): RunTab {
  return search.tab ?? 'confirmed';
}

/** Another tab starts at its first page. */
export function withRunTab(tab: string): RunRegistrationsSearch {
  return RUN_TABS.includes(tab as RunTab) && tab !== 'confirmed' ? { tab: tab as Exclude<RunTab, 'confirmed'> } : {};
}
