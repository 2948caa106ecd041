import {
  type EnsureQueryDataOptions,
  type QueryClient,
  type QueryKey,
  type UseSuspenseQueryOptions,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { notFound, useRouter, useRouterState } from '@tanstack/react-router';
import { isNotFound } from './errors.ts';
import { parseRouteId } from './route-params.ts';

/**
 * The shape every detail route shares (docs/architecture.md, "The web app"; decision 023):
 *
 * - its loader reads the id with `recordIdOf` and awaits `loadRecord(context.queryClient, xQuery(id))`;
 * - its component reads the same query with `useRecord(xQuery(id))`;
 * - its `notFoundComponent` shows the page's "not found" (an id that is not a positive whole number, a
 *   404, or a query that answers null for a 404), and its `errorComponent` the failure with a retry
 *   from `useRouteRetry`; its `pendingComponent` the page's spinner.
 */

/** A detail route's id parameter: a positive whole number (as the API's ids are), else the route is "not found". */
export function recordIdOf(raw: string | undefined): number {
  const id = parseRouteId(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** A 404, or a query that answers null for one, is "not found" for the route. */
function missing(error: unknown, data: unknown): boolean {
  return isNotFound(error) || data === null;
}

/**
 * A loader's read of the record: resolved from the cache, else fetched (with the query's own retries).
 * A missing record throws the router's notFound(); any other failure is thrown to the errorComponent.
 */
export async function loadRecord<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<Exclude<TData, null>> {
  let data: TData;
  try {
    data = await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
  if (data === null) throw notFound();
  return data as Exclude<TData, null>;
}

/**
 * The component's read of the record the loader put in the cache. It stays subscribed, so saves and
 * live changes show; should a later fetch find the record gone (a 404), the page turns to "not found".
 */
export function useRecord<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseSuspenseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  const query = useSuspenseQuery(options);
  if (missing(query.error, query.data)) throw notFound();
  return { ...query, data: query.data as Exclude<TData, null> };
}

/** An errorComponent's retry: loads the route again (its loader asks for the record anew). */
export function useRouteRetry(): { onRetry: () => void; retrying: boolean } {
  const router = useRouter();
  const errorBoundary = useQueryErrorResetBoundary();
  const retrying = useRouterState({ select: (state) => state.isLoading });
  return {
    onRetry: () => {
      errorBoundary.reset();
      void router.invalidate();
    },
    retrying,
  };
}
