/**
 * The teams list: its URL search params (the team filters isHybrid and isActive, plus the name,
 * department and format), and the filters (query key and query string of GET /teams) they become.
 */
import {
  booleanParam,
  compact,
  idParam,
  PORTAL_PAGE_SIZE,
  pageParam,
  searchTextParam,
} from '../../lib/portal/query-policy.ts';
import { isTeamRunType, type TeamRunType } from './run-types.ts';

/** 'mine': the teams I am on; 'all': every team I may see; 'deleted': the soft-deleted ones (admins). */
export type TeamTab = 'mine' | 'all' | 'deleted';

export interface TeamListSearch {
  /** Absent: the default tab of the role (admins 'all', everyone else 'mine'). */
  tab?: TeamTab;
  page?: number;
  query?: string;
  departmentId?: number;
  runType?: TeamRunType;
  isHybrid?: boolean;
  /** Admins only: plain users only ever see active teams. */
  isActive?: boolean;
}

const TABS: readonly TeamTab[] = ['mine', 'all', 'deleted'];

/** validateSearch of /portal/teams: anything malformed is dropped rather than refused. */
export function parseTeamListSearch(raw: Record<string, unknown>): TeamListSearch {
  const tab = TABS.find((t) => t === raw.tab);
  return compact({
    tab,
    page: pageParam(raw.page),
    query: searchTextParam(raw.query),
    departmentId: idParam(raw.departmentId),
    runType: isTeamRunType(raw.runType) ? raw.runType : undefined,
    isHybrid: booleanParam(raw.isHybrid),
    // Deleted teams are not split by active state.
    isActive: tab === 'deleted' ? undefined : booleanParam(raw.isActive),
  });
}

/** The tab shown: the one asked for, if the role has it, else the role's default. */
export function teamTab(search: TeamListSearch, isAdmin: boolean): TeamTab {
  if (search.tab === 'deleted') return isAdmin ? 'deleted' : 'mine';
  return search.tab ?? (isAdmin ? 'all' : 'mine');
}

/** The query key part and the query string of GET /teams (the same object: what is asked is what is cached). */
export type TeamListFilters = {
  page: number;
  limit: number;
  query?: string;
  departmentId?: number;
  runType?: TeamRunType;
  isHybrid?: boolean;
  isActive?: boolean;
  mine?: true;
  deleted?: true;
};

export function teamListFilters(
  search: TeamListSearch,
  isAdmin: boolean,
  limit: number = PORTAL_PAGE_SIZE,
): TeamListFilters {
  const tab = teamTab(search, isAdmin);
  return {
    page: search.page ?? 1,
    limit,
    ...compact({
      query: search.query,
      departmentId: search.departmentId,
      runType: search.runType,
      isHybrid: search.isHybrid,
      isActive: isAdmin && tab !== 'deleted' ? search.isActive : undefined,
      mine: tab === 'mine' ? (true as const) : undefined,
      deleted: tab === 'deleted' ? (true as const) : undefined,
    }),
  };
}

/** Whether any filter or search narrows the list (the empty state then offers to clear them). */
export function hasTeamFilters(search: TeamListSearch): boolean {
  return (
    search.query !== undefined ||
    search.departmentId !== undefined ||
    search.runType !== undefined ||
    search.isHybrid !== undefined ||
    search.isActive !== undefined
  );
}

/** A new search after one filter changed: back to page 1, the cleared filter left out. */
export function withTeamFilter<K extends Exclude<keyof TeamListSearch, 'page' | 'tab'>>(
  search: TeamListSearch,
  key: K,
  value: TeamListSearch[K] | undefined,
): TeamListSearch {
  const { page: _page, ...rest } = search;
  return compact({ ...rest, [key]: value }) as TeamListSearch;
}

/** Switching tabs keeps the search text and filters, starts at page 1; the deleted tab drops the active filter. */
export function withTeamTab(search: TeamListSearch, tab: TeamTab, isAdmin: boolean): TeamListSearch {
  const { page: _page, tab: _tab, ...rest } = search;
  const defaultTab = isAdmin ? 'all' : 'mine';
  return compact({
    ...rest,
    tab: tab === defaultTab ? undefined : tab,
    isActive: tab === 'deleted' ? undefined : rest.isActive,
  }) as TeamListSearch;
}

/** The filters cleared, on the same tab. */
export function clearedTeamFilters(search: TeamListSearch): TeamListSearch {
  return compact({ tab: search.tab });
}
