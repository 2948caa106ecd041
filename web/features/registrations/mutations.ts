/**
 * Registration commands (docs/decisions/014): cancel, confirm, soft-delete,
 * restore, the waitlist move and batch registration. Every command answers with the registration as
 * it now is; the others it moved (a promotion, a renumbering) are read again.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchRegisterResponse, RegistrationDto } from '../../../api/contracts/registrations.ts';
import { apiSend } from '../../lib/api.ts';
import { registrationKeys } from './queries.ts';
import { applyMove, type WaitlistMove } from './waitlist.ts';

export type RegistrationCommand = 'cancel' | 'confirm' | 'soft-delete' | 'restore';

/** Every list a change to a run's registrations can move, here and on the other screens (runs, events, teams show counts). */
export function invalidateRunRegistrations(queryClient: QueryClient, runId: number): void {
  void queryClient.invalidateQueries({ queryKey: registrationKeys.run(runId) });
  void queryClient.invalidateQueries({ queryKey: registrationKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: registrationKeys.users() });
  void queryClient.invalidateQueries({ queryKey: ['runs'] });
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  void queryClient.invalidateQueries({ queryKey: ['teams'] });
}

function send(id: number, command: RegistrationCommand, reason?: string): Promise<RegistrationDto> {
  switch (command) {
    case 'cancel':
      return apiSend<RegistrationDto>('PATCH', `/registrations/${id}/cancel`, reason ? { reason } : {});
    case 'confirm':
      return apiSend<RegistrationDto>('PATCH', `/registrations/${id}/confirm`, {});
    case 'soft-delete':
      return apiSend<RegistrationDto>('POST', `/registrations/${id}/soft-delete`, {});
    case 'restore':
      return apiSend<RegistrationDto>('POST', `/registrations/${id}/restore`, {});
  }
}

export function useRegistrationCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      registration,
      command,
      reason,
    }: {
      registration: RegistrationDto;
      command: RegistrationCommand;
      reason?: string;
    }) => send(registration.id, command, reason),
    onSuccess: (registration) => invalidateRunRegistrations(queryClient, registration.runId),
  });
}

const moveKey = (runId: number) => ['registrations', 'move', runId] as const;

/**
 * PATCH waitlist-position {position}, shown at once: the board's list is reordered before the answer,
 * put back as it was if the server refuses, and read again once the last move of a series is answered.
 */
export function useMoveOnWaitlist(runId: number) {
  const queryClient = useQueryClient();
  const key = registrationKeys.waitlist(runId);
  return useMutation({
    mutationKey: moveKey(runId),
    mutationFn: (move: WaitlistMove) =>
      apiSend<RegistrationDto>('PATCH', `/registrations/${move.id}/waitlist-position`, { position: move.to }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RegistrationDto[]>(key);
      if (previous) queryClient.setQueryData<RegistrationDto[]>(key, applyMove(previous, move));
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // Reconcile with the server once the last of several quick moves is answered, so no answer undoes a later move.
      if (queryClient.isMutating({ mutationKey: moveKey(runId) }) === 1) invalidateRunRegistrations(queryClient, runId);
    },
  });
}

/** POST batch-register {teamIds, runId}: all of them, or none (422 BATCH_REFUSED with a reason per team). */
export function useBatchRegister(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamIds: number[]) =>
      apiSend<BatchRegisterResponse>('POST', '/registrations/batch-register', { runId, teamIds }),
    onSuccess: () => invalidateRunRegistrations(queryClient, runId),
  });
}
