/** Query keys and queryOptions of the portal's events screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminEvent } from '../../../api/contracts/events.ts';
import type { RegistrationEntry } from '../../../api/contracts/runs.ts';
import { apiGet, apiGetBlob } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import type { EventListFilters, EventRegistrationFilters } from './filters.ts';

/**
 * Under ['events'] with the public site's keys (['events', 'detail', id] is the public event page), so
 * one invalidation of ['events'] refreshes both sides; the portal's own records live under 'admin'.
 */
export const eventAdminKeys = {
  all: ['events', 'admin'] as const,
  lists: () => ['events', 'admin', 'list'] as const,
  list: (filters: EventListFilters) => ['events', 'admin', 'list', filters] as const,
  records: () => ['events', 'admin', 'record'] as const,
  record: (id: number) => ['events', 'admin', 'record', id] as const,
  picture: (url: string) => ['events', 'admin', 'picture', url] as const,
};

/** With the registrations screens' keys, so their changes refresh the event's tab too. */
export const eventRegistrationKeys = {
  all: (eventId: number) => ['registrations', 'event', eventId] as const,
  page: (eventId: number, filters: EventRegistrationFilters) => ['registrations', 'event', eventId, filters] as const,
};

/** GET /events: every event that is not deleted, drafts and inactive ones included, latest first. */
export const adminEventsQuery = (filters: EventListFilters) =>
  queryOptions({
    queryKey: eventAdminKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<AdminEvent>> =>
      normalizePage<AdminEvent>(await apiGet<unknown>('/events', { query: { ...filters }, signal })),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /events/{id}: an admin's bearer token gets the admin view of any event, deleted ones included. */
export const adminEventQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: eventAdminKeys.record(id ?? 0),
    queryFn: ({ signal }) => fetchRecord<AdminEvent>(`/events/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });

/** The picture's path for the API client: its URL ('/api/events/7/picture?v=…') without the /api base. */
export function picturePath(pictureUrl: string): string {
  return pictureUrl.replace(/^\/api(?=\/)/, '');
}

/**
 * The picture's bytes, asked with the bearer token: a Draft or inactive event's picture is only
 * served to an admin, which a plain <img src> cannot prove. The URL carries the picture's version.
 */
export const eventPictureQuery = (pictureUrl: string | null) =>
  queryOptions({
    queryKey: eventAdminKeys.picture(pictureUrl ?? ''),
    queryFn: ({ signal }) => apiGetBlob(picturePath(pictureUrl ?? ''), { signal, silent: true }),
    enabled: pictureUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: portalRetry,
  });

/** GET /events/{id}/registrations, a page at a time, filtered by status and run. */
export const eventRegistrationsQuery = (eventId: number, filters: EventRegistrationFilters) =>
  queryOptions({
    queryKey: eventRegistrationKeys.page(eventId, filters),
    queryFn: async ({ signal }): Promise<Page<RegistrationEntry>> =>
      normalizePage<RegistrationEntry>(
        await fetchRecord<unknown>(`/events/${eventId}/registrations`, signal, { ...filters }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });
