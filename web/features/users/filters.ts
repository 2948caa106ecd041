/** The users list: its URL search params, and the filters (query key and query string) they become. */
import {
  booleanParam,
  compact,
  hasListFilters,
  idParam,
  PORTAL_PAGE_SIZE,
  pagedListFilters,
  pageParam,
  searchTextParam,
  withListFilter,
} from '../../lib/portal/query-policy.ts';
import { isRole, type RoleName } from '../../lib/portal/roles.ts';

/** What /portal/users keeps in its URL; every entry is optional and left out when unset. */
export interface UserListSearch {
  page?: number;
  query?: string;
  isVerified?: boolean;
  isActive?: boolean;
  departmentId?: number;
  role?: RoleName;
}

/** validateSearch of /portal/users: anything malformed is dropped rather than refused. */
export function parseUserListSearch(raw: Record<string, unknown>): UserListSearch {
  return compact({
    page: pageParam(raw.page),
    query: searchTextParam(raw.query),
    isVerified: booleanParam(raw.isVerified),
    isActive: booleanParam(raw.isActive),
    departmentId: idParam(raw.departmentId),
    role: isRole(raw.role) ? raw.role : undefined,
  });
}

/** The query key part and the query string of GET /api/users (the same object: what is asked is what is cached). */
export type UserListFilters = {
  page: number;
  limit: number;
  query?: string;
  isVerified?: boolean;
  isActive?: boolean;
  departmentId?: number;
  role?: RoleName;
};

export function userListFilters(search: UserListSearch, limit: number = PORTAL_PAGE_SIZE): UserListFilters {
  return pagedListFilters(search, limit);
}

/** Whether any filter or search is narrowing the list (the empty state then offers to clear them). */
export const hasUserFilters: (search: UserListSearch) => boolean = hasListFilters;

/** A new search after one filter changed: back to page 1, the cleared filter left out. */
export function withUserFilter<K extends keyof Omit<UserListSearch, 'page'>>(
  search: UserListSearch,
  key: K,
  value: UserListSearch[K] | undefined,
): UserListSearch {
  return withListFilter(search, key, value);
}
