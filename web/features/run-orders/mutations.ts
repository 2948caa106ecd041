/**
 * Event-day registration commands sent from the board (docs/decisions/045): a late entry and a
 * substitution. They change the run's registrations, not the order, so the board reads its view again
 * (the unplaced list, the names) and the registration lists are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import { apiSend } from '../../lib/api.ts';
import { invalidateRunRegistrations } from '../registrations/mutations.ts';
import { runOrderKeys } from './queries.ts';

function useAfterRegistrationChange(runId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: runOrderKeys.full(runId), exact: true });
    // The history names entrants and lists substitutions.
    void queryClient.invalidateQueries({ queryKey: runOrderKeys.history(runId) });
    invalidateRunRegistrations(queryClient, runId);
  };
}

/** Who is entered late: a person (individual runs) or a team. */
export type LateEntrant = { userId: number } | { teamId: number };

/** POST /registrations/late-entry: entered on event day, after the window closed. */
export function useLateEntry(runId: number) {
  const refresh = useAfterRegistrationChange(runId);
  return useMutation({
    mutationFn: (entrant: LateEntrant) =>
      apiSend<RegistrationDto>('POST', '/registrations/late-entry', { runId, ...entrant }, { silent: true }),
    onSuccess: refresh,
  });
}

/** POST /registrations/{id}/substitute: someone else takes the slot (for a team: replaces one member). */
export function useSubstitute(runId: number) {
  const refresh = useAfterRegistrationChange(runId);
  return useMutation({
    mutationFn: (input: { registrationId: number; userId: number; replacedUserId?: number }) =>
      apiSend<RegistrationDto>(
        'POST',
        `/registrations/${input.registrationId}/substitute`,
        {
          userId: input.userId,
          ...(input.replacedUserId === undefined ? {} : { replacedUserId: input.replacedUserId }),
        },
        { silent: true },
      ),
    onSuccess: refresh,
  });
}
