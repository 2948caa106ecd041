/** Query keys and queryOptions of the team screens (docs/decisions/016). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserDto } from '../../../api/contracts/accounts.ts';
import type { RunDto } from '../../../api/contracts/runs.ts';
import type { TeamDto, TeamEligibilityDto, TeamSummaryDto } from '../../../api/contracts/teams.ts';
import { apiGet } from '../../lib/api.ts';
import { isAppError } from '../../lib/errors.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { MAX_PAGE_SIZE, portalRetry } from '../../lib/portal/query-policy.ts';
import { reportError } from '../../lib/toasts.ts';
import type { TeamListFilters } from './filters.ts';
import type { TeamRunType } from './run-types.ts';

export const teamKeys = {
  all: ['teams'] as const,
  lists: () => ['teams', 'list'] as const,
  list: (filters: TeamListFilters) => ['teams', 'list', filters] as const,
  /** The ids of the teams the signed-in person is on (which rows of "All teams" open). */
  myIds: () => ['teams', 'list', 'my-ids'] as const,
  details: () => ['teams', 'detail'] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
  eligibilities: (id: number) => ['teams', 'eligibility', id] as const,
  eligibility: (id: number, runId: number) => ['teams', 'eligibility', id, runId] as const,
  runs: (runType: TeamRunType) => ['teams', 'runs', runType] as const,
  userSearch: (query: string) => ['teams', 'user-search', query] as const,
};

/** A 404 or 403 on a team's own page is a state of that page ("not found", "not yours"), not a failure worth a notice. */
export function isHiddenTeamError(error: unknown): boolean {
  return isAppError(error) && (error.status === 404 || error.status === 403);
}

async function fetchTeamRecord<T>(path: string, signal: AbortSignal, query?: Record<string, unknown>): Promise<T> {
  try {
    return await apiGet<T>(path, { signal, query, silent: true });
  } catch (error) {
    if (!isHiddenTeamError(error) && !signal.aborted) reportError(error, 'toast');
    throw error;
  }
}

/** GET /teams with the list's filters; the previous page stays on screen while the next one loads. */
export const teamsQuery = (filters: TeamListFilters) =>
  queryOptions({
    queryKey: teamKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<TeamSummaryDto>> =>
      normalizePage<TeamSummaryDto>(await apiGet<unknown>('/teams', { query: { ...filters }, signal })),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** Most pages read for the ids of one's own teams: far beyond any real number of teams a person is on. */
const MAX_MY_TEAM_PAGES = 5;

export const myTeamIdsQuery = () =>
  queryOptions({
    queryKey: teamKeys.myIds(),
    queryFn: async ({ signal }): Promise<Set<number>> => {
      const ids = new Set<number>();
      for (let page = 1; page <= MAX_MY_TEAM_PAGES; page++) {
        const result = normalizePage<TeamSummaryDto>(
          await apiGet<unknown>('/teams', { query: { page, limit: MAX_PAGE_SIZE, mine: true }, signal }),
        );
        for (const team of result.data) ids.add(team.id);
        if (result.data.length === 0 || ids.size >= result.meta.total) break;
      }
      return ids;
    },
    retry: portalRetry,
  });

/** GET /teams/{id} (its captain, its members and admins). */
export const teamQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: teamKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchTeamRecord<TeamDto>(`/teams/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });

/** GET /teams/{id}/eligibility?runId: the team's and every member's problems for that run. */
export const teamEligibilityQuery = (id: number, runId: number | undefined) =>
  queryOptions({
    queryKey: teamKeys.eligibility(id, runId ?? 0),
    queryFn: ({ signal }) => fetchTeamRecord<TeamEligibilityDto>(`/teams/${id}/eligibility`, signal, { runId }),
    enabled: runId !== undefined && runId > 0,
    retry: portalRetry,
  });

/** Most pages of runs read (100 each). */
const MAX_RUN_PAGES = 5;

/** GET /runs/type/{type}: the active runs of the team's format at public events, latest event first. */
export const runsOfTypeQuery = (runType: TeamRunType) =>
  queryOptions({
    queryKey: teamKeys.runs(runType),
    queryFn: async ({ signal }): Promise<RunDto[]> => {
      const all: RunDto[] = [];
      for (let page = 1; page <= MAX_RUN_PAGES; page++) {
        const result = normalizePage<RunDto>(
          await apiGet<unknown>(`/runs/type/${runType}`, { query: { page, limit: MAX_PAGE_SIZE }, signal }),
        );
        all.push(...result.data);
        if (result.data.length === 0 || all.length >= result.meta.total) break;
      }
      return all;
    },
    retry: portalRetry,
  });

/** How many accounts an admin's name search shows at once. */
export const USER_SEARCH_LIMIT = 6;

/** GET /users/search (admins): accounts whose name or e-mail contains the text. */
export const userSearchQuery = (query: string) =>
  queryOptions({
    queryKey: teamKeys.userSearch(query),
    queryFn: async ({ signal }): Promise<Page<UserDto>> =>
      normalizePage<UserDto>(
        await apiGet<unknown>('/users/search', { query: { query, page: 1, limit: USER_SEARCH_LIMIT }, signal }),
      ),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });
