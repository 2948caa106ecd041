/** Query keys and queryOptions of the registration screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminEvent } from '../../../api/contracts/events.ts';
import type { RegistrationDto, RunRegistrationHistoryEntry } from '../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../api/contracts/runs.ts';
import type { TeamSummaryDto } from '../../../api/contracts/teams.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { MAX_PAGE_SIZE, PORTAL_PAGE_SIZE, portalRetry } from '../../lib/portal/query-policy.ts';
import type { MyRegistrationFilters, RegistrationListFilters } from './filters.ts';
import type { RegistrationStatus } from './statuses.ts';

/** Entries of a run's history per page. */
export const HISTORY_PAGE_SIZE = 50;
/** Most pages of 100 read to show a whole waitlist on one board. */
const MAX_WAITLIST_PAGES = 10;

/**
 * Everything a registration command can change sits under ['registrations', 'list' | 'user' | 'run'];
 * the pickers (events, runs, teams) sit under 'options', which commands leave alone.
 */
export const registrationKeys = {
  all: ['registrations'] as const,
  lists: () => ['registrations', 'list'] as const,
  list: (filters: RegistrationListFilters) => ['registrations', 'list', filters] as const,
  users: () => ['registrations', 'user'] as const,
  user: (userId: number, filters: MyRegistrationFilters) => ['registrations', 'user', userId, filters] as const,
  runs: () => ['registrations', 'run'] as const,
  run: (runId: number) => ['registrations', 'run', runId] as const,
  runInfo: (runId: number) => ['registrations', 'run', runId, 'info'] as const,
  /** One status of a run, or its deleted ones ('deleted' is not a status, but a tab like the others). */
  runStatus: (runId: number, status: RegistrationStatus | 'deleted', page: number, limit: number) =>
    ['registrations', 'run', runId, 'status', status, { page, limit }] as const,
  waitlist: (runId: number) => ['registrations', 'run', runId, 'waitlist'] as const,
  history: (runId: number, page: number) => ['registrations', 'run', runId, 'history', page] as const,
  eventOptions: () => ['registrations', 'options', 'events'] as const,
  runOptions: (eventId: number) => ['registrations', 'options', 'runs', eventId] as const,
  teamSearch: (runType: string, query: string | undefined) =>
    ['registrations', 'options', 'teams', runType, query ?? ''] as const,
  captained: (userId: number) => ['registrations', 'options', 'captained', userId] as const,
};

const page = async <T>(path: string, query: Record<string, unknown>, signal: AbortSignal): Promise<Page<T>> =>
  normalizePage<T>(await apiGet<unknown>(path, { query, signal }));

/** GET /registrations: everyone's, with the admin filters. */
export const registrationsQuery = (filters: RegistrationListFilters) =>
  queryOptions({
    queryKey: registrationKeys.list(filters),
    queryFn: ({ signal }) => page<RegistrationDto>('/registrations', { ...filters }, signal),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /registrations/user/{id}: the person's own and their teams'. */
export const myRegistrationsQuery = (userId: number, filters: MyRegistrationFilters) =>
  queryOptions({
    queryKey: registrationKeys.user(userId, filters),
    queryFn: ({ signal }) => page<RegistrationDto>(`/registrations/user/${userId}`, { ...filters }, signal),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /teams?mine=true: the teams the person is on (to know which ones they captain). */
export const myTeamsQuery = (userId: number) =>
  queryOptions({
    queryKey: registrationKeys.captained(userId),
    queryFn: async ({ signal }) =>
      (await page<TeamSummaryDto>('/teams', { mine: true, page: 1, limit: MAX_PAGE_SIZE }, signal)).data,
    retry: portalRetry,
    staleTime: 60_000,
  });

/** GET /runs/{id} as an admin: the run with its live counts. */
export const runInfoQuery = (runId: number | undefined) =>
  queryOptions({
    queryKey: registrationKeys.runInfo(runId ?? 0),
    queryFn: ({ signal }) => fetchRecord<RunDto>(`/runs/${runId}`, signal),
    enabled: runId !== undefined && runId > 0,
    retry: portalRetry,
  });

/** GET /registrations/run/{id}?status: one status of a run, in the run's order. */
export const runRegistrationsQuery = (
  runId: number,
  status: RegistrationStatus,
  pageNumber: number,
  limit: number = PORTAL_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: registrationKeys.runStatus(runId, status, pageNumber, limit),
    queryFn: ({ signal }) =>
      page<RegistrationDto>(`/registrations/run/${runId}`, { status, page: pageNumber, limit }, signal),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /registrations/waitlist?runId: the whole waitlist by position, a page of 100 at a time. */
export const waitlistQuery = (runId: number) =>
  queryOptions({
    queryKey: registrationKeys.waitlist(runId),
    queryFn: async ({ signal }): Promise<RegistrationDto[]> => {
      const all: RegistrationDto[] = [];
      for (let n = 1; n <= MAX_WAITLIST_PAGES; n++) {
        const result = await page<RegistrationDto>(
          '/registrations/waitlist',
          { runId, page: n, limit: MAX_PAGE_SIZE },
          signal,
        );
        all.push(...result.data);
        if (result.data.length === 0 || all.length >= result.meta.total) break;
      }
      return all;
    },
    retry: portalRetry,
  });

/** GET /registrations?runId&deleted=true: the run's soft-deleted registrations, newest first. */
export const deletedRegistrationsQuery = (runId: number, pageNumber: number, limit: number = PORTAL_PAGE_SIZE) =>
  queryOptions({
    queryKey: registrationKeys.runStatus(runId, 'deleted', pageNumber, limit),
    queryFn: ({ signal }) =>
      page<RegistrationDto>('/registrations', { runId, deleted: true, page: pageNumber, limit }, signal),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /registrations/run/{id}/history: every registration event of the run, newest first. */
export const runHistoryQuery = (runId: number, pageNumber: number) =>
  queryOptions({
    queryKey: registrationKeys.history(runId, pageNumber),
    queryFn: ({ signal }) =>
      page<RunRegistrationHistoryEntry>(
        `/registrations/run/${runId}/history`,
        { page: pageNumber, limit: HISTORY_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** The latest 100 events (the API's largest page), for the event filter. */
export const eventOptionsQuery = () =>
  queryOptions({
    queryKey: registrationKeys.eventOptions(),
    queryFn: async ({ signal }) => (await page<AdminEvent>('/events', { page: 1, limit: MAX_PAGE_SIZE }, signal)).data,
    retry: portalRetry,
    staleTime: 60_000,
  });

/** An event's runs, for the run filter. */
export const runOptionsQuery = (eventId: number | undefined) =>
  queryOptions({
    queryKey: registrationKeys.runOptions(eventId ?? 0),
    queryFn: async ({ signal }) =>
      (await page<RunDto>(`/runs/event/${eventId}`, { page: 1, limit: MAX_PAGE_SIZE }, signal)).data,
    enabled: eventId !== undefined,
    retry: portalRetry,
    staleTime: 60_000,
  });

/** Active teams of a run's format whose name contains the text, for batch registration. */
export const teamSearchQuery = (runType: string, query: string | undefined) =>
  queryOptions({
    queryKey: registrationKeys.teamSearch(runType, query),
    queryFn: async ({ signal }) =>
      page<TeamSummaryDto>(
        '/teams',
        { runType, isActive: true, page: 1, limit: PORTAL_PAGE_SIZE, ...(query ? { query } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** A tab of a run's page: the registrations of one status, or the deleted ones. */
export const runTabQuery = (runId: number, tab: RegistrationStatus | 'deleted', pageNumber: number) =>
  tab === 'deleted' ? deletedRegistrationsQuery(runId, pageNumber) : runRegistrationsQuery(runId, tab, pageNumber);
