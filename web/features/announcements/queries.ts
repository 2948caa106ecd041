import { queryOptions } from '@tanstack/react-query';
import type { ContentBlockDto, PublicAnnouncement } from '../../../api/contracts/announcements.ts';
import { apiGet, apiGetBlob } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { reportError } from '../../lib/toasts.ts';

const MINUTE = 60_000;
/** Announcements stay fresh 5 minutes; featured announcements default to 3. */
export const ANNOUNCEMENTS_STALE_TIME = 5 * MINUTE;
export const FEATURED_DEFAULT_LIMIT = 3;

/** An announcement, as the API contract declares it. */
export type Announcement = PublicAnnouncement;
export type AnnouncementBlock = ContentBlockDto;

/** Query keys of the public announcement calls (nested arrays, docs/architecture.md "The web app"). */
export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => ['announcements', 'list'] as const,
  list: (limit?: number) => ['announcements', 'list', { limit }] as const,
  featured: (limit: number) => ['announcements', 'featured', limit] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
};

/** The detail answer wraps the announcement in `data` and is valid only if it has a title. */
export function announcementFromDetail(body: unknown): Announcement | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const title = (data as { title?: unknown }).title;
  if (typeof title !== 'string' || title.trim() === '') return null;
  const announcement = data as Announcement;
  return Array.isArray(announcement.content) ? announcement : { ...announcement, content: [] };
}

/** GET /announcements: an array, latest first; the home panel passes a limit of 3. */
export const announcementsQuery = (limit?: number) =>
  queryOptions({
    queryKey: announcementKeys.list(limit),
    queryFn: ({ signal }) =>
      apiGet<Announcement[]>('/announcements', { query: { sort: 'publishedAt', order: 'desc', limit }, signal }),
    staleTime: ANNOUNCEMENTS_STALE_TIME,
  });

/** GET /announcements/featured?limit (default 3). */
export const featuredAnnouncementsQuery = (limit = FEATURED_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: announcementKeys.featured(limit),
    queryFn: ({ signal }) => apiGet<Announcement[]>('/announcements/featured', { query: { limit }, signal }),
    staleTime: ANNOUNCEMENTS_STALE_TIME,
  });

/**
 * GET /announcements/{id}: the announcement, or null when there is none to show: a 404 is no data,
 * not an error, and an answer without a title is not an announcement.
 */
export const announcementQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: announcementKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Announcement | null> => {
      try {
        // Silent: a 404 is no data rather than a failure, so only the other failures raise a toast.
        return announcementFromDetail(await apiGet<unknown>(`/announcements/${id}`, { signal, silent: true }));
      } catch (error) {
        if (isNotFound(error)) return null;
        if (!signal.aborted) reportError(error, 'toast');
        throw error;
      }
    },
    staleTime: ANNOUNCEMENTS_STALE_TIME,
    enabled: id !== undefined && id > 0,
  });

export const announcementPicturePath = (id: number) => `/announcements/${id}/picture`;

/**
 * The picture bytes, read as binary; the caller turns them into an object URL and revokes it.
 * Silent: a failed picture is logged by the caller and left out, never a notice.
 */
export function loadAnnouncementPicture(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiGetBlob(announcementPicturePath(id), { signal, silent: true });
}
