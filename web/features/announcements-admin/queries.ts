/** Query keys and queryOptions of the portal's announcement screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminAnnouncement } from '../../../api/contracts/announcements.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';

export interface AnnouncementListFilters {
  page?: number;
  status?: 'draft' | 'scheduled' | 'published';
  isVisible?: boolean;
  isPinned?: boolean;
  deleted?: boolean;
  query?: string;
}

/** Under ['announcements'] with the public site's keys, so one invalidation refreshes both sides. */
export const announcementAdminKeys = {
  all: ['announcements', 'admin'] as const,
  list: (filters: AnnouncementListFilters) => ['announcements', 'admin', 'list', filters] as const,
  record: (id: number) => ['announcements', 'admin', 'record', id] as const,
};

/** GET /announcements with the admin's bearer token: a page of every announcement, with filters. */
export const adminAnnouncementsQuery = (filters: AnnouncementListFilters) =>
  queryOptions({
    queryKey: announcementAdminKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<AdminAnnouncement>> =>
      normalizePage<AdminAnnouncement>(
        await apiGet<unknown>('/announcements', { query: { view: 'admin', ...filters }, signal }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /announcements/{id} with the admin's bearer token: the admin view, drafts and deleted ones included. */
export const adminAnnouncementQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: announcementAdminKeys.record(id ?? 0),
    queryFn: async ({ signal }) =>
      (await fetchRecord<{ data: AdminAnnouncement }>(`/announcements/${id}`, signal)).data,
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
    // The editor holds its own copy while open: a refetch in the background must not move the version under it.
    refetchOnWindowFocus: false,
  });
