/** Team invitations (docs/decisions/026): query keys, queryOptions and mutations. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MyTeamInvitationList,
  TeamDto,
  TeamInvitationList,
  TeamInvitationSentDto,
} from '../../../api/contracts/teams.ts';
import { apiGet, apiSend } from '../../lib/api.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import { applyTeamChange } from './mutations.ts';

export const invitationKeys = {
  /** A team's pending invitations, as its captain sees them. */
  ofTeam: (teamId: number) => ['teams', 'invitations', teamId] as const,
  /** The signed-in person's own pending invitations. */
  mine: () => ['teams', 'my-invitations'] as const,
};

export const teamInvitationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: invitationKeys.ofTeam(teamId),
    queryFn: ({ signal }) => apiGet<TeamInvitationList>(`/teams/${teamId}/invitations`, { signal }),
    retry: portalRetry,
  });

export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: invitationKeys.mine(),
    queryFn: ({ signal }) => apiGet<MyTeamInvitationList>('/team-invitations', { signal }),
    retry: portalRetry,
  });

export function useInvite(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiSend<TeamInvitationSentDto>('POST', `/teams/${teamId}/invitations`, { email }, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.ofTeam(teamId) }),
  });
}

export function useCancelInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiSend<TeamInvitationList>('POST', `/teams/${teamId}/invitations/${invitationId}/cancel`),
    onSuccess: (list) => queryClient.setQueryData(invitationKeys.ofTeam(teamId), list),
  });
}

/** Accepting answers the team joined: it becomes that team's record, and the lists are asked again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiSend<TeamDto>('POST', `/team-invitations/${invitationId}/accept`, undefined, { silent: true }),
    onSuccess: (team) => {
      applyTeamChange(queryClient, team);
      void queryClient.invalidateQueries({ queryKey: invitationKeys.mine() });
    },
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiSend<MyTeamInvitationList>('POST', `/team-invitations/${invitationId}/decline`),
    onSuccess: (list) => queryClient.setQueryData(invitationKeys.mine(), list),
  });
}
