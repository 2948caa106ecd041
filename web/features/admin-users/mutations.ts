/** Changes to admin accounts (super-admin only): create, update, remove admin rights. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCreateBody, AdminUserUpdateBody, UserDto } from '../../../api/contracts/accounts.ts';
import { apiSend } from '../../lib/api.ts';
import { adminUserKeys } from '../../lib/query-keys.ts';
import { applyUserChange } from '../users/mutations.ts';

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreateBody) => apiSend<UserDto>('POST', '/admin-users/create', body),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKeys.detail(user.id), user);
      applyUserChange(queryClient, user);
    },
  });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdateBody }) =>
      apiSend<UserDto>('PUT', `/admin-users/${id}`, body),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKeys.detail(user.id), user);
      applyUserChange(queryClient, user);
    },
  });
}

/** DELETE /admin-users/{id}: the account stays, as a user; the answer is the account after. */
export function useRemoveAdminRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<UserDto | undefined>('DELETE', `/admin-users/${id}`),
    onSuccess: (user, id) => {
      queryClient.removeQueries({ queryKey: adminUserKeys.detail(id), exact: true });
      if (user && typeof user === 'object') applyUserChange(queryClient, user);
      else {
        void queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: ['users'] });
      }
    },
  });
}
