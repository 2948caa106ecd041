/** Query keys and queryOptions of the users screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserDto } from '../../../api/contracts/accounts.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import { userKeys } from '../../lib/query-keys.ts';
import type { UserListFilters } from './filters.ts';

/** GET /users with the list's filters; the previous page stays on screen while the next one loads. */
export const usersQuery = (filters: UserListFilters) =>
  queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<UserDto>> =>
      normalizePage<UserDto>(await apiGet<unknown>('/users', { query: { ...filters }, signal })),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /users/{id} (the owner or an admin). */
export const userQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchRecord<UserDto>(`/users/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });
