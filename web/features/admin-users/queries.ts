/** Query keys and queryOptions of the admin-users screen. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserDto } from '../../../api/contracts/accounts.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import { adminUserKeys } from '../../lib/query-keys.ts';
import type { AdminUserListFilters } from './filters.ts';

export const adminUsersQuery = (filters: AdminUserListFilters) =>
  queryOptions({
    queryKey: adminUserKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<UserDto>> =>
      normalizePage<UserDto>(await apiGet<unknown>('/admin-users', { query: { ...filters }, signal })),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

export const adminUserQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: adminUserKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchRecord<UserDto>(`/admin-users/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });
