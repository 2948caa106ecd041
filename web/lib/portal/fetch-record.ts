import { apiGet } from '../api.ts';
import { isNotFound } from '../errors.ts';
import { reportError } from '../toasts.ts';

/**
 * GET of one record (or of what hangs under it) for a detail page. A 404 is a state of the page ('Account not found'), not a
 * failure worth a notice, so only the other failures are announced; every failure is still thrown.
 */
export async function fetchRecord<T>(path: string, signal: AbortSignal, query?: Record<string, unknown>): Promise<T> {
  try {
    return await apiGet<T>(path, { signal, query, silent: true });
  } catch (error) {
    if (!isNotFound(error) && !signal.aborted) reportError(error, 'toast');
    throw error;
  }
}
