/** Query keys and queryOptions of the run-order screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminEvent } from '../../../api/contracts/events.ts';
import type { LateEntryCandidates } from '../../../api/contracts/registrations.ts';
import type { RunOrderHistoryItem, RunOrderPosition, RunOrderView } from '../../../api/contracts/run-orders.ts';
import type { RunDto } from '../../../api/contracts/runs.ts';
import { apiGet } from '../../lib/api.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { MAX_PAGE_SIZE, portalRetry } from '../../lib/portal/query-policy.ts';

export const HISTORY_PAGE_SIZE = 15;
export const EVENT_PICKER_PAGE_SIZE = 20;

export const runOrderKeys = {
  all: ['run-orders'] as const,
  full: (runId: number) => ['run-orders', 'full', runId] as const,
  lateCandidates: (runId: number, query: string) => ['run-orders', 'late-candidates', runId, query] as const,
  history: (runId: number) => ['run-orders', 'history', runId] as const,
  historyPage: (runId: number, page: number) =>
    ['run-orders', 'history', runId, { page, perPage: HISTORY_PAGE_SIZE }] as const,
  at: (runId: number, version: number) => ['run-orders', 'at', runId, version] as const,
  events: (page: number, query: string | undefined) => ['run-orders', 'events', { page, query: query ?? '' }] as const,
  eventRuns: (eventId: number) => ['run-orders', 'event-runs', eventId] as const,
  summary: (runId: number) => ['run-orders', 'summary', runId] as const,
};

/**
 * GET full: the whole board. Silent once the board is on screen: it shows its own connection state,
 * and a toast per failed read while offline would pile up over the history panel.
 */
export const runOrderQuery = (runId: number | undefined) =>
  queryOptions({
    queryKey: runOrderKeys.full(runId ?? 0),
    queryFn: ({ signal, client, queryKey }) =>
      client.getQueryData(queryKey) === undefined
        ? fetchRecord<RunOrderView>(`/run-orders/run/${runId}/full`, signal)
        : apiGet<RunOrderView>(`/run-orders/run/${runId}/full`, { signal, silent: true }),
    enabled: runId !== undefined && runId > 0,
    retry: portalRetry,
    // The live socket keeps an open board fresh; a read happens on opening it and when the board asks.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

/** GET history, newest first, a page at a time. */
export const runOrderHistoryQuery = (runId: number, page: number) =>
  queryOptions({
    queryKey: runOrderKeys.historyPage(runId, page),
    queryFn: async ({ signal }): Promise<Page<RunOrderHistoryItem>> =>
      normalizePage<RunOrderHistoryItem>(
        await apiGet<unknown>(`/run-orders/run/${runId}/history`, {
          query: { page, perPage: HISTORY_PAGE_SIZE },
          signal,
          // The panel shows its own error; it is read again after every change, so toasts would repeat.
          silent: true,
        }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

export interface RunOrderAtVersion {
  runId: number;
  version: number;
  slots: (number | null)[];
  heatSize: number;
  positions: RunOrderPosition[];
}

/** GET at?version=: the arrangement as it was; it never changes, so it is kept. */
export const runOrderAtQuery = (runId: number, version: number | undefined) =>
  queryOptions({
    queryKey: runOrderKeys.at(runId, version ?? -1),
    queryFn: ({ signal }) => apiGet<RunOrderAtVersion>(`/run-orders/run/${runId}/at`, { query: { version }, signal }),
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: portalRetry,
  });

/** GET /events (admin): every event that is not deleted, the one in progress first, then today's and the next ones. */
export const runOrderEventsQuery = (page: number, query: string | undefined) =>
  queryOptions({
    queryKey: runOrderKeys.events(page, query),
    queryFn: async ({ signal }): Promise<Page<AdminEvent>> =>
      normalizePage<AdminEvent>(
        await apiGet<unknown>('/events', {
          query: { page, limit: EVENT_PICKER_PAGE_SIZE, sort: 'event-day', ...(query ? { query } : {}) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /runs/event/{id} as an admin: every run of the event, by start time (one page holds them all). */
export const runOrderEventRunsQuery = (eventId: number | undefined) =>
  queryOptions({
    queryKey: runOrderKeys.eventRuns(eventId ?? 0),
    queryFn: async ({ signal }): Promise<Page<RunDto>> =>
      normalizePage<RunDto>(
        await fetchRecord<unknown>(`/runs/event/${eventId}`, signal, { page: 1, limit: MAX_PAGE_SIZE }),
      ),
    enabled: eventId !== undefined && eventId > 0,
    retry: portalRetry,
  });

export interface RunOrderSummary {
  runId: number;
  version: number;
  positions: number;
  placed: number;
  heatSize: number;
  currentHeat: number;
  orderLocked: boolean;
  seedingRule: 'random' | 'best-time' | null;
  lastChangeAt: string | null;
}

/** GET /runs/{id}/run-orders: the run's order in brief, or null before it has one. */
export const runOrderSummaryQuery = (runId: number) =>
  queryOptions({
    queryKey: runOrderKeys.summary(runId),
    queryFn: async ({ signal }): Promise<RunOrderSummary | null> =>
      normalizePage<RunOrderSummary>(await apiGet<unknown>(`/runs/${runId}/run-orders`, { signal })).data[0] ?? null,
    retry: portalRetry,
  });

/** How many people or teams the late-entry picker shows at once. */
export const LATE_CANDIDATES_SHOWN = 6;

/**
 * GET /registrations/late-entry/candidates: whom a late entry would admit now, matching the search (no
 * one already entered, no one the run is not open to; docs/decisions/065). Read again each time the
 * dialog searches: entries change on event day.
 */
export const lateEntryCandidatesQuery = (runId: number, query: string) =>
  queryOptions({
    queryKey: runOrderKeys.lateCandidates(runId, query),
    queryFn: ({ signal }) =>
      apiGet<LateEntryCandidates>('/registrations/late-entry/candidates', {
        query: { runId, query, limit: LATE_CANDIDATES_SHOWN },
        signal,
        silent: true,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });
