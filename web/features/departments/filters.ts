/** The departments list: its URL search params and the filters (query key and query string) they become. */
import { booleanParam, compact, PORTAL_PAGE_SIZE, pageParam, searchTextParam } from '../../lib/portal/query-policy.ts';

export type DepartmentTab = 'current' | 'deleted';

export interface DepartmentListSearch {
  /** 'deleted' lists the soft-deleted departments, for restoring; absent means the current ones. */
  tab?: 'deleted';
  page?: number;
  query?: string;
  isActive?: boolean;
}

export function parseDepartmentListSearch(raw: Record<string, unknown>): DepartmentListSearch {
  const deleted = raw.tab === 'deleted';
  return compact({
    tab: deleted ? ('deleted' as const) : undefined,
    page: pageParam(raw.page),
    query: searchTextParam(raw.query),
    // The deleted list is not split by active state.
    isActive: deleted ? undefined : booleanParam(raw.isActive),
  });
}

export type DepartmentListFilters = {
  page: number;
  limit: number;
  query?: string;
  isActive?: boolean;
  deleted?: true;
};

export function departmentListFilters(
  search: DepartmentListSearch,
  limit: number = PORTAL_PAGE_SIZE,
): DepartmentListFilters {
  return {
    page: search.page ?? 1,
    limit,
    ...compact({
      query: search.query,
      isActive: search.tab === 'deleted' ? undefined : search.isActive,
      deleted: search.tab === 'deleted' ? (true as const) : undefined,
    }),
  };
}

export function departmentTab(search: DepartmentListSearch): DepartmentTab {
  return search.tab === 'deleted' ? 'deleted' : 'current';
}

/** Switching tabs keeps the search text, starts at page 1, and drops the active filter. */
export function withDepartmentTab(search: DepartmentListSearch, tab: DepartmentTab): DepartmentListSearch {
  return compact({ query: search.query, tab: tab === 'deleted' ? ('deleted' as const) : undefined });
}

export function hasDepartmentFilters(search: DepartmentListSearch): boolean {
  return search.query !== undefined || search.isActive !== undefined;
}
