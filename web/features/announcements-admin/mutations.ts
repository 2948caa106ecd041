/** Changes to announcements from the portal: create, save at a version, visibility, pin, delete, restore, image upload. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_IMAGE_FIELD,
  type AnnouncementImage,
} from '../../../api/contracts/announcements.ts';
import { apiSend, apiUpload } from '../../lib/api.ts';
import { announcementAdminKeys } from './queries.ts';

type Wrapped = { data: AdminAnnouncement };

/** The answer is the new record; every other announcement read (portal lists, public pages) is asked again. */
export function applyAnnouncementChange(queryClient: QueryClient, announcement: AdminAnnouncement): void {
  queryClient.setQueryData(announcementAdminKeys.record(announcement.id), announcement);
  void queryClient.invalidateQueries({
    queryKey: ['announcements'],
    predicate: (query) => {
      const [, kind, part, id] = query.queryKey;
      return !(kind === 'admin' && part === 'record' && id === announcement.id);
    },
  });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => (await apiSend<Wrapped>('POST', '/announcements', body)).data,
    onSuccess: (announcement) => applyAnnouncementChange(queryClient, announcement),
  });
}

/** PATCH with the version the editor holds; a 409 is left to the caller (it keeps the text and warns). */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      (await apiSend<Wrapped>('PATCH', `/announcements/${id}`, body, { silent: true })).data,
    onSuccess: (announcement) => applyAnnouncementChange(queryClient, announcement),
  });
}

export function useToggleAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, flag, value }: { id: number; flag: 'visibility' | 'pin'; value: boolean }) =>
      (
        await apiSend<Wrapped>(
          'PATCH',
          `/announcements/${id}/${flag}`,
          flag === 'visibility' ? { isVisible: value } : { isPinned: value },
        )
      ).data,
    onSuccess: (announcement) => applyAnnouncementChange(queryClient, announcement),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<unknown>('DELETE', `/announcements/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['announcements'] }),
  });
}

export function useRestoreAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiSend<Wrapped>('POST', `/announcements/${id}/restore`)).data,
    onSuccess: (announcement) => applyAnnouncementChange(queryClient, announcement),
  });
}

/** POST /announcements/{id}/upload-image with progress (0 to 1). */
export function uploadAnnouncementImage(
  id: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<AnnouncementImage> {
  const form = new FormData();
  form.append(ANNOUNCEMENT_IMAGE_FIELD, file, file.name);
  return apiUpload<AnnouncementImage>(`/announcements/${id}/upload-image`, form, { onProgress });
}
