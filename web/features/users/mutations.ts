/** Changes to accounts: PUT /users/{id}, PATCH /users/{id}/activate and /deactivate. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto, UserUpdateBody } from '../../../api/contracts/accounts.ts';
import { apiSend } from '../../lib/api.ts';
import { syncSessionUser } from '../../lib/portal/session-sync.ts';
import { adminUserKeys, departmentKeys, userKeys } from '../../lib/query-keys.ts';
import { bioKeys } from '../bios/queries.ts';

/**
 * After any change to an account: the answer is the new record; every list it may appear in (users,
 * admin users, the members of departments, department member counts) and its bio are asked again.
 */
export function applyUserChange(queryClient: QueryClient, user: UserDto): void {
  queryClient.setQueryData(userKeys.detail(user.id), user);
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(user.id) });
  void queryClient.invalidateQueries({ queryKey: departmentKeys.allMembers() });
  void queryClient.invalidateQueries({ queryKey: departmentKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: departmentKeys.records() });
  void queryClient.invalidateQueries({ queryKey: bioKeys.byUser(user.id) });
  syncSessionUser(user);
}

export interface UpdateUserInput {
  id: number;
  body: UserUpdateBody;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateUserInput) => apiSend<UserDto>('PUT', `/users/${id}`, body),
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}

export interface SetUserActiveInput {
  id: number;
  active: boolean;
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: SetUserActiveInput) =>
      apiSend<UserDto>('PATCH', `/users/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
