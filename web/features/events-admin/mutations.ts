/**
 * Changes to events from the portal: create, update, soft-delete, activate, deactivate, status
 * transitions, picture upload.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminEvent,
  EVENT_PICTURE_FIELD,
  type EventCreateBody,
  type EventUpdateBody,
} from '../../../api/contracts/events.ts';
import type { EventStatus } from '../../../api/domain/events/statuses.ts';
import { apiSend } from '../../lib/api.ts';
import { eventAdminKeys } from './queries.ts';

/**
 * The answer is the new record; every other event read (the portal's lists, the public site's
 * calendar and event page, run lists that show the event's name) is asked again.
 */
export function applyEventChange(queryClient: QueryClient, event: AdminEvent): void {
  queryClient.setQueryData(eventAdminKeys.record(event.id), event);
  void queryClient.invalidateQueries({
    queryKey: ['events'],
    predicate: (query) => {
      const [, kind, part, id] = query.queryKey;
      // The record just set, and the (versioned, immutable) pictures, need no new call.
      return !(kind === 'admin' && ((part === 'record' && id === event.id) || part === 'picture'));
    },
  });
  void queryClient.invalidateQueries({ queryKey: ['runs'] });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreateBody) => apiSend<AdminEvent>('POST', '/events', body),
    onSuccess: (event) => applyEventChange(queryClient, event),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EventUpdateBody }) =>
      apiSend<AdminEvent>('PUT', `/events/${id}`, body),
    onSuccess: (event) => applyEventChange(queryClient, event),
  });
}

/** DELETE /events/{id} answers 204: the record is asked again (it now says isDeleted). */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<unknown>('DELETE', `/events/${id}`),
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: eventAdminKeys.record(id) });
      void queryClient.invalidateQueries({ queryKey: ['runs'] });
    },
  });
}

export function useSetEventActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiSend<AdminEvent>('PATCH', `/events/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (event) => applyEventChange(queryClient, event),
  });
}

export function useTransitionEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EventStatus }) =>
      apiSend<AdminEvent>('POST', `/events/${id}/transition-status`, { status }),
    onSuccess: (event) => applyEventChange(queryClient, event),
    // A 409 means the page showed a status the event no longer has: read it again, so the choices follow.
    onError: (_error, { id }) => void queryClient.invalidateQueries({ queryKey: eventAdminKeys.record(id) }),
  });
}

export function useUploadEventPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append(EVENT_PICTURE_FIELD, file, file.name);
      return apiSend<AdminEvent>('POST', `/events/${id}/upload-picture`, form);
    },
    onSuccess: (event) => applyEventChange(queryClient, event),
  });
}
