import { queryOptions } from '@tanstack/react-query';
import type { EventDisplay } from '../../../api/contracts/run-orders.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { displayKeys } from '../../lib/query-keys.ts';
import { isRetryableError } from '../../lib/retry.ts';
import type { DisplayView } from './view.ts';

/** The live socket is the fast path; this poll is the safety net when a change slips past it. */
export const DISPLAY_POLL_MS = 30_000;

/**
 * GET /api/run-orders/run/{runId}/display: public, never cached by the server. Silent: the display has
 * no toasts, it says what is wrong itself. It keeps trying on network and server errors (the venue's
 * connection comes back), never on a missing run.
 */
export const displayQuery = (runId: number | undefined) =>
  queryOptions({
    queryKey: displayKeys.run(runId ?? 0),
    queryFn: ({ signal }) => apiGet<DisplayView>(`/run-orders/run/${runId}/display`, { signal, silent: true }),
    enabled: runId !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : DISPLAY_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !isNotFound(error) && (isRetryableError(error) || failureCount < 3),
  });

/** GET /api/run-orders/event/{eventId}/display: which run is on the course and which is next (public). */
export const eventDisplayQuery = (eventId: number | undefined) =>
  queryOptions({
    queryKey: displayKeys.event(eventId ?? 0),
    queryFn: ({ signal }) => apiGet<EventDisplay>(`/run-orders/event/${eventId}/display`, { signal, silent: true }),
    enabled: eventId !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : DISPLAY_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !isNotFound(error) && (isRetryableError(error) || failureCount < 3),
  });
