import { queryOptions } from '@tanstack/react-query';
import type { PublicEvent } from '../../../api/contracts/events.ts';
import type { RunDto } from '../../../api/contracts/runs.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { shouldRetryQuery } from '../../lib/retry.ts';

const MINUTE = 60_000;

/** Query keys and freshness of the public event calls. */
export const eventKeys = {
  all: ['events'] as const,
  upcoming: (limit: number) => ['events', 'upcoming', limit] as const,
  byYear: (year: number) => ['events', 'by-year', year] as const,
  years: () => ['events', 'available-years'] as const,
  currentSeason: () => ['events', 'current-season-year'] as const,
  detail: (id: number) => ['events', 'detail', id] as const,
  runs: (id: number) => ['events', 'runs', id] as const,
};

/** The spec's year bounds: the by-year query is only enabled for 2000 < year < 2100. */
export const isQueryableYear = (year: number) => Number.isInteger(year) && year > 2000 && year < 2100;

export const upcomingEventsQuery = (limit = 5) =>
  queryOptions({
    queryKey: eventKeys.upcoming(limit),
    queryFn: ({ signal }) => apiGet<PublicEvent[]>('/events/upcoming', { query: { limit }, signal }),
    staleTime: 5 * MINUTE,
  });

export const eventsByYearQuery = (year: number) =>
  queryOptions({
    queryKey: eventKeys.byYear(year),
    queryFn: ({ signal }) => apiGet<PublicEvent[]>(`/events/by-year/${year}`, { signal }),
    staleTime: 10 * MINUTE,
    enabled: isQueryableYear(year),
  });

export const availableYearsQuery = () =>
  queryOptions({
    queryKey: eventKeys.years(),
    queryFn: ({ signal }) => apiGet<number[]>('/events/available-years', { signal }),
    staleTime: 30 * MINUTE,
  });

export const currentSeasonYearQuery = () =>
  queryOptions({
    queryKey: eventKeys.currentSeason(),
    queryFn: ({ signal }) => apiGet<{ year: number }>('/events/current-season-year', { signal }),
    staleTime: 30 * MINUTE,
  });

export const eventQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiGet<PublicEvent>(`/events/${id}`, { signal }),
    staleTime: 2 * MINUTE,
    enabled: id !== undefined && id > 0,
    // A missing event will not appear by asking again: show 'Event Not Found' at once.
    retry: (failures, error) => !isNotFound(error) && shouldRetryQuery(failures, error),
  });

export const eventPictureUrl = (id: number) => `/api/events/${id}/picture`;

/** The most runs one event lists (the API's largest page); far beyond any real event. */
export const EVENT_RUNS_LIMIT = 100;

/**
 * GET /runs/event/{id}: the event's runs by start time, with their places and whether they take
 * registrations now (public: the active runs of a public event; an admin also gets inactive ones).
 * Counts move with every registration, so they are kept fresh for a minute only.
 */
export const eventRunsQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: eventKeys.runs(id ?? 0),
    queryFn: async ({ signal }): Promise<Page<RunDto>> =>
      normalizePage<RunDto>(await apiGet<unknown>(`/runs/event/${id}`, { query: { limit: EVENT_RUNS_LIMIT }, signal })),
    staleTime: MINUTE,
    enabled: id !== undefined && id > 0,
    retry: (failures, error) => !isNotFound(error) && shouldRetryQuery(failures, error),
  });
