/** Registering for a run and cancelling, from the public event page. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationCreateBody, RegistrationDto } from '../../../api/contracts/registrations.ts';
import { apiSend } from '../../lib/api.ts';
import { eventKeys } from '../events/queries.ts';
import { selfServiceKeys } from './queries.ts';

/**
 * The answer is the registration as it stands now: it replaces (or joins) the person's list at once,
 * then the list, the event's runs (places, waitlist) and the event itself are asked again.
 */
function applyRegistrationChange(queryClient: QueryClient, userId: number, registration: RegistrationDto): void {
  queryClient.setQueryData<RegistrationDto[]>(selfServiceKeys.myRegistrations(userId), (current) => {
    const others = (current ?? []).filter((item) => item.id !== registration.id);
    return [registration, ...others];
  });
  void queryClient.invalidateQueries({ queryKey: ['registrations'] });
  void queryClient.invalidateQueries({ queryKey: eventKeys.runs(registration.eventId) });
  void queryClient.invalidateQueries({ queryKey: eventKeys.detail(registration.eventId) });
}

export function useRegister(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationCreateBody) => apiSend<RegistrationDto>('POST', '/registrations', body),
    onSuccess: (registration) => applyRegistrationChange(queryClient, userId, registration),
  });
}

/** PATCH /registrations/{id}/cancel: idempotent; a freed place goes to the first on the waitlist. */
export function useCancelRegistration(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<RegistrationDto>('PATCH', `/registrations/${id}/cancel`, {}),
    onSuccess: (registration) => applyRegistrationChange(queryClient, userId, registration),
  });
}
