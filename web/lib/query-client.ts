import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/** Freshness and retries: SPEC 9 (default 5 min fresh; up to 3 retries except when unauthorized). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * MINUTE,
      retry: (failureCount, error) => failureCount < 3 && (error as { status?: number })?.status !== 401,
    },
  },
});
