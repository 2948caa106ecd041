/** Changes to teams: create, update, members, captaincy, hybrid, soft-delete, restore. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamCreateBody, TeamDto, TeamHybridBody, TeamUpdateBody } from '../../../api/contracts/teams.ts';
import { apiSend } from '../../lib/api.ts';
import { teamKeys } from './queries.ts';

/**
 * Every team write answers the team with its members: that becomes the page's record; the lists and
 * the eligibility checks of the team (members came or went) are asked again.
 */
export function applyTeamChange(queryClient: QueryClient, team: TeamDto): void {
  queryClient.setQueryData(teamKeys.detail(team.id), team);
  void queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: teamKeys.eligibilities(team.id) });
}

function useTeamMutation<V>(call: (variables: V) => Promise<TeamDto>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (team) => applyTeamChange(queryClient, team) });
}

export const useCreateTeam = () => useTeamMutation((body: TeamCreateBody) => apiSend<TeamDto>('POST', '/teams', body));

export const useUpdateTeam = () =>
  useTeamMutation(({ id, body }: { id: number; body: TeamUpdateBody }) =>
    apiSend<TeamDto>('PUT', `/teams/${id}`, body),
  );

export const useAddMember = () =>
  useTeamMutation(({ id, userId }: { id: number; userId: number }) =>
    apiSend<TeamDto>('PATCH', `/teams/${id}/add-member/${userId}`),
  );

export const useRemoveMember = () =>
  useTeamMutation(({ id, userId }: { id: number; userId: number }) =>
    apiSend<TeamDto>('PATCH', `/teams/${id}/remove-member/${userId}`),
  );

export const useTransferOwnership = () =>
  useTeamMutation(({ id, userId }: { id: number; userId: number }) =>
    apiSend<TeamDto>('POST', `/teams/${id}/transfer-ownership/${userId}`),
  );

export const useMakeHybrid = () =>
  useTeamMutation(({ id, body }: { id: number; body: TeamHybridBody }) =>
    apiSend<TeamDto>('POST', `/teams/${id}/hybrid`, body),
  );

export const useSoftDeleteTeam = () =>
  useTeamMutation((id: number) => apiSend<TeamDto>('POST', `/teams/${id}/soft-delete`));

export const useRestoreTeam = () => useTeamMutation((id: number) => apiSend<TeamDto>('POST', `/teams/${id}/restore`));
