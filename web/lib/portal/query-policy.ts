/** Query settings shared by the portal's account screens. */
import { isAppError } from '../errors.ts';
import { shouldRetryQuery } from '../retry.ts';

/** Search and list helpers default to page 1 and limit 20. */
export const PORTAL_PAGE_SIZE = 20;
/** The API's largest page (lists used to fill select boxes). */
export const MAX_PAGE_SIZE = 100;

/**
 * The default policy (up to 3 retries, none when unauthorized), but no retry either for an answer
 * that will not change by asking again: 400, 403, 404, 409, 422. Rate limits and timeouts still retry.
 */
export function portalRetry(failureCount: number, error: unknown): boolean {
  if (isAppError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
    if (error.status !== 408 && error.status !== 429) return false;
  }
  return shouldRetryQuery(failureCount, error);
}

/** A positive page number from the URL; 1 for anything else. */
export function pageParam(value: unknown): number | undefined {
  const page = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof page === 'number' && Number.isInteger(page) && page > 1 && page < 1_000_000 ? page : undefined;
}

/** 'true'/'false' (or JSON booleans, as the router parses search params) to a boolean; else undefined. */
export function booleanParam(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** A boolean filter as a select box's value ('', 'true', 'false'); booleanParam reads it back. */
export function booleanChoice(value: boolean | undefined): '' | 'true' | 'false' {
  return value === undefined ? '' : value ? 'true' : 'false';
}

/** A positive id from the URL (a number or a string of digits); else undefined. */
export function idParam(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export const SEARCH_TEXT_MAX = 100;

/** Search text as the API takes it: trimmed, at most 100 characters, undefined when empty. */
export function searchTextParam(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const trimmed = text.trim().slice(0, SEARCH_TEXT_MAX).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The object without its undefined entries, so URLs and query keys stay minimal and stable. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined) (out as Record<string, unknown>)[key] = entry;
  }
  return out;
}

/**
 * A paged list's filters as the API is asked for them (and its query key: what is asked is what is
 * cached): the page (1 unless the URL says otherwise), the limit, and every filter that is set.
 */
export function pagedListFilters<S extends { page?: number }>(
  search: S,
  limit: number,
): { page: number; limit: number } & Partial<Omit<S, 'page'>> {
  const { page, ...filters } = search;
  return { page: page ?? 1, limit, ...compact(filters) };
}

/** Whether any filter or search (anything but the page) narrows the list; the empty state then offers to clear them. */
export function hasListFilters(search: { page?: number }): boolean {
  return Object.entries(search).some(([key, value]) => key !== 'page' && value !== undefined);
}

/** A new search after one filter changed: back to page 1, the cleared filter left out. */
export function withListFilter<S extends { page?: number }, K extends Exclude<keyof S, 'page'>>(
  search: S,
  key: K,
  value: S[K] | undefined,
): S {
  const { page: _page, ...rest } = search;
  return compact({ ...rest, [key]: value }) as unknown as S;
}
