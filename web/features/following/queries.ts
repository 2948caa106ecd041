import { queryOptions } from '@tanstack/react-query';
import type { CompetitorHeats, DepartmentHeats } from '../../../api/contracts/run-orders.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { followingKeys } from '../../lib/query-keys.ts';

/** A competitor or department the public site does not show (404) is a state (null), not a failure. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The live socket keeps them fresh; a slow poll finds entries in runs the page did not follow yet. */
const POLL_MS = 60_000;

export const competitorHeatsQuery = (id: number) =>
  queryOptions({
    queryKey: followingKeys.competitor(id),
    queryFn: ({ signal }) =>
      orNull(() => apiGet<CompetitorHeats>(`/run-orders/public/competitors/${id}/heats`, { signal, silent: true })),
    refetchInterval: POLL_MS,
  });

export const departmentHeatsQuery = (id: number) =>
  queryOptions({
    queryKey: followingKeys.department(id),
    queryFn: ({ signal }) =>
      orNull(() => apiGet<DepartmentHeats>(`/run-orders/public/departments/${id}/heats`, { signal, silent: true })),
    refetchInterval: POLL_MS,
  });
