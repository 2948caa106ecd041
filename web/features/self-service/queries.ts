/**
 * What the signed-in competitor brings to the public event page: their registrations (their own
 * and their teams') and the teams they are on. Both are private and refetched after every change.
 */
import { queryOptions } from '@tanstack/react-query';
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import type { TeamSummaryDto } from '../../../api/contracts/teams.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage } from '../../lib/pagination.ts';
import { MAX_PAGE_SIZE, portalRetry } from '../../lib/portal/query-policy.ts';

/** Most pages read (100 each): beyond any real person's registrations or teams. */
const MAX_PAGES = 20;

/** Every page of a list call, up to MAX_PAGES. */
async function allPages<T>(path: string, query: Record<string, unknown>, signal: AbortSignal): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = normalizePage<T>(
      await apiGet<unknown>(path, { query: { ...query, page, limit: MAX_PAGE_SIZE }, signal }),
    );
    all.push(...result.data);
    if (result.data.length === 0 || all.length >= result.meta.total) break;
  }
  return all;
}

export const selfServiceKeys = {
  /** Under 'registrations', so a change made in the portal's registration screens refreshes it too. */
  myRegistrations: (userId: number) => ['registrations', 'mine', userId] as const,
  myTeams: (userId: number) => ['teams', 'mine', userId] as const,
};

/** GET /registrations/user/{id}: the person's registrations and their teams', newest first. */
export const myRegistrationsQuery = (userId: number) =>
  queryOptions({
    queryKey: selfServiceKeys.myRegistrations(userId),
    queryFn: ({ signal }) => allPages<RegistrationDto>(`/registrations/user/${userId}`, {}, signal),
    retry: portalRetry,
  });

/** GET /teams?mine=true: the teams the person is on (the ones they captain can be registered). */
export const myTeamsQuery = (userId: number) =>
  queryOptions({
    queryKey: selfServiceKeys.myTeams(userId),
    queryFn: ({ signal }) => allPages<TeamSummaryDto>('/teams', { mine: true }, signal),
    retry: portalRetry,
  });
