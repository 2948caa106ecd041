/** Query keys and queryOptions of the departments screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DepartmentDto, UserDto } from '../../../api/contracts/accounts.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { MAX_PAGE_SIZE, PORTAL_PAGE_SIZE, portalRetry } from '../../lib/portal/query-policy.ts';
import { departmentKeys } from '../../lib/query-keys.ts';
import type { DepartmentListFilters } from './filters.ts';

export const departmentsQuery = (filters: DepartmentListFilters) =>
  queryOptions({
    queryKey: departmentKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<DepartmentDto>> =>
      normalizePage<DepartmentDto>(await apiGet<unknown>('/departments', { query: { ...filters }, signal })),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** Most pages a select box will read (100 each): far beyond any real number of departments. */
const MAX_OPTION_PAGES = 20;

/** Every active department, by name, for the department select boxes. */
export const departmentOptionsQuery = () =>
  queryOptions({
    queryKey: departmentKeys.options(),
    queryFn: async ({ signal }): Promise<DepartmentDto[]> => {
      const all: DepartmentDto[] = [];
      for (let page = 1; page <= MAX_OPTION_PAGES; page++) {
        const result = normalizePage<DepartmentDto>(
          await apiGet<unknown>('/departments', { query: { page, limit: MAX_PAGE_SIZE, isActive: true }, signal }),
        );
        all.push(...result.data);
        if (result.data.length === 0 || all.length >= result.meta.total) break;
      }
      return all.sort((a, b) => a.name.localeCompare(b.name));
    },
    retry: portalRetry,
  });

export const departmentQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: departmentKeys.record(id ?? 0),
    queryFn: ({ signal }) => fetchRecord<DepartmentDto>(`/departments/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });

/** GET /departments/{id}/users, a page at a time. */
export const departmentMembersQuery = (id: number | undefined, page: number) =>
  queryOptions({
    queryKey: departmentKeys.membersPage(id ?? 0, page),
    queryFn: async ({ signal }): Promise<Page<UserDto>> =>
      normalizePage<UserDto>(
        // A missing department is already shown as such by the page; its members' 404 needs no notice.
        await fetchRecord<unknown>(`/departments/${id}/users`, signal, { page, limit: PORTAL_PAGE_SIZE }),
      ),
    enabled: id !== undefined && id > 0,
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });
