import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetryQuery } from './retry.ts';

const MINUTE = 60_000;

/** Freshness and retries (default 5 min fresh; up to 3 retries except when unauthorized). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * MINUTE,
      retry: shouldRetryQuery,
      retryDelay,
    },
  },
});
