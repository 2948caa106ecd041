/**
 * What /portal/admin-users keeps in its URL and the API filters it becomes, apart from the queries:
 * validateSearch runs in the always-loaded route tree (docs/decisions/057).
 */
import { compact, PORTAL_PAGE_SIZE, pageParam, searchTextParam } from '../../lib/portal/query-policy.ts';

export interface AdminUserListSearch {
  page?: number;
  query?: string;
}

export function parseAdminUserListSearch(raw: Record<string, unknown>): AdminUserListSearch {
  return compact({ page: pageParam(raw.page), query: searchTextParam(raw.query) });
}

export type AdminUserListFilters = {
  page: number;
  limit: number;
  query?: string;
};

export function adminUserListFilters(
  search: AdminUserListSearch,
  limit: number = PORTAL_PAGE_SIZE,
): AdminUserListFilters {
  return { page: search.page ?? 1, limit, ...compact({ query: search.query }) };
}
