import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CompetitorResults,
  DepartmentResults,
  PerformanceAnalytics,
  PublicEventResults,
  PublicResultFilters,
  PublicResultPage,
  ResultStatistics,
} from '../../../api/contracts/public-results.ts';
import type { QualifiedList } from '../../../api/contracts/qualifying.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { publicResultKeys } from '../../lib/query-keys.ts';

/** The public results reads (docs/decisions/039-public-results.md). */

/** A route's id parameter: a positive whole number, else 0 (shown as not found). */
export function idOf(raw: string | undefined): number {
  const n = Number(raw);
  return raw !== undefined && /^\d{1,10}$/.test(raw) && n > 0 && n < 2_147_483_648 ? n : 0;
}

export interface ResultSearch {
  q?: string | undefined;
  departmentId?: number | undefined;
  eventId?: number | undefined;
  category?: string | undefined;
  season?: number | undefined;
  page?: number | undefined;
}

/** The search's query string: only the filters given, in a fixed order (shareable URLs). */
export function searchParams(search: ResultSearch, limit = 20): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.departmentId) params.set('departmentId', String(search.departmentId));
  if (search.eventId) params.set('eventId', String(search.eventId));
  if (search.category) params.set('category', search.category);
  if (search.season) params.set('season', String(search.season));
  if (search.page && search.page > 1) params.set('page', String(search.page));
  params.set('limit', String(limit));
  return params.toString();
}

export const resultSearchQuery = (search: ResultSearch) =>
  queryOptions({
    queryKey: publicResultKeys.search(search),
    queryFn: ({ signal }) => apiGet<PublicResultPage>(`/results/public/search?${searchParams(search)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The search's pickers: departments, events and seasons that have official results. */
export const resultFiltersQuery = () =>
  queryOptions({
    queryKey: publicResultKeys.filters(),
    queryFn: ({ signal }) => apiGet<PublicResultFilters>('/results/public/filters', { signal }),
    staleTime: 60_000,
  });

/** A missing record is a page state (null), not a failure. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const eventResultsQuery = (id: number) =>
  queryOptions({
    queryKey: publicResultKeys.event(id),
    queryFn: ({ signal }) =>
      orNull(() => apiGet<PublicEventResults>(`/results/public/events/${id}`, { signal, silent: true })),
  });

export const competitorResultsQuery = (id: number) =>
  queryOptions({
    queryKey: publicResultKeys.competitor(id),
    queryFn: ({ signal }) =>
      orNull(() => apiGet<CompetitorResults>(`/results/public/competitors/${id}`, { signal, silent: true })),
  });

export const competitorAnalyticsQuery = (id: number) =>
  queryOptions({
    queryKey: publicResultKeys.analytics(id),
    queryFn: ({ signal }) =>
      orNull(() =>
        apiGet<PerformanceAnalytics>(`/results/performance-analytics?userId=${id}`, { signal, silent: true }),
      ),
  });

export const departmentResultsQuery = (id: number) =>
  queryOptions({
    queryKey: publicResultKeys.department(id),
    queryFn: ({ signal }) =>
      orNull(() => apiGet<DepartmentResults>(`/results/public/departments/${id}`, { signal, silent: true })),
  });

export const statisticsQuery = (eventId: number | undefined) =>
  queryOptions({
    queryKey: publicResultKeys.statistics(eventId),
    queryFn: ({ signal }) =>
      apiGet<ResultStatistics>(`/results/statistics${eventId ? `?eventId=${eventId}` : ''}`, { signal }),
    enabled: eventId !== undefined,
  });

/** `/results/qualified?season=&category=&departmentId=`: who qualified for nationals (docs/decisions/068). */
export interface QualifiedSearch {
  season: number;
  category?: string | undefined;
  departmentId?: number | undefined;
}

/** The qualified list's query string: only the filters given, in a fixed order. */
export function qualifiedParams(search: QualifiedSearch): string {
  const params = new URLSearchParams({ season: String(search.season) });
  if (search.category) params.set('category', search.category);
  if (search.departmentId) params.set('departmentId', String(search.departmentId));
  return params.toString();
}

export const qualifiedQuery = (search: QualifiedSearch) =>
  queryOptions({
    queryKey: publicResultKeys.qualified(search),
    queryFn: ({ signal }) => apiGet<QualifiedList>(`/results/public/qualified?${qualifiedParams(search)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
