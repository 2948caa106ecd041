/** Query keys and queryOptions of runs in the portal. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RunDto } from '../../../api/contracts/runs.ts';
import { normalizePage, type Page } from '../../lib/pagination.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';

/** How many runs the event's Runs tab shows at once: every run of an ordinary event fits on one page. */
export const EVENT_RUNS_PAGE_SIZE = 50;

export const runKeys = {
  all: ['runs'] as const,
  ofEvent: (eventId: number) => ['runs', 'event', eventId] as const,
  eventPage: (eventId: number, page: number) =>
    ['runs', 'event', eventId, { page, limit: EVENT_RUNS_PAGE_SIZE }] as const,
  records: () => ['runs', 'record'] as const,
  record: (id: number) => ['runs', 'record', id] as const,
};

/** GET /runs/event/{id}: for an admin, every run of the event (inactive ones too), by start time. */
export const eventRunsQuery = (eventId: number, page = 1) =>
  queryOptions({
    queryKey: runKeys.eventPage(eventId, page),
    queryFn: async ({ signal }): Promise<Page<RunDto>> =>
      normalizePage<RunDto>(
        await fetchRecord<unknown>(`/runs/event/${eventId}`, signal, { page, limit: EVENT_RUNS_PAGE_SIZE }),
      ),
    placeholderData: keepPreviousData,
    retry: portalRetry,
  });

/** GET /runs/{id}: any run, for an admin. */
export const runQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: runKeys.record(id ?? 0),
    queryFn: ({ signal }) => fetchRecord<RunDto>(`/runs/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: portalRetry,
  });
