/** Query keys and queryOptions of the results screens: the timing table, validation, a result's history, the venue's part. */
import { queryOptions } from '@tanstack/react-query';
import type { ResultHistory, ResultsDisplay, TimingView } from '../../../api/contracts/results.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { fetchRecord } from '../../lib/portal/fetch-record.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import { resultKeys } from '../../lib/query-keys.ts';
import { isRetryableError } from '../../lib/retry.ts';

/** GET /results/run/{runId}/timing (admin): the run order's lanes with their results. Kept fresh by the live socket. */
export const timingQuery = (runId: number) =>
  queryOptions({
    queryKey: resultKeys.timing(runId),
    queryFn: ({ signal }) => fetchRecord<TimingView>(`/results/run/${runId}/timing`, signal),
    retry: portalRetry,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

/** GET /results/{id}/history: every change of one result, oldest first. */
export const resultHistoryQuery = (resultId: number) =>
  queryOptions({
    queryKey: resultKeys.history(resultId),
    queryFn: ({ signal }) => apiGet<ResultHistory>(`/results/${resultId}/history`, { signal }),
    retry: portalRetry,
  });

/** Like the run order's display view: the socket is the fast path, this poll the safety net. */
export const RESULTS_DISPLAY_POLL_MS = 30_000;

/** GET /results/run/{runId}/display (public): the venue display's results part. Silent, like the display. */
export const resultsDisplayQuery = (runId: number | undefined) =>
  queryOptions({
    queryKey: resultKeys.display(runId ?? 0),
    queryFn: ({ signal }) => apiGet<ResultsDisplay>(`/results/run/${runId}/display`, { signal, silent: true }),
    enabled: runId !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : RESULTS_DISPLAY_POLL_MS),
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isNotFound(error) && (isRetryableError(error) || failureCount < 3),
  });
