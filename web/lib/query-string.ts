/** Query strings for list filters. */

export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return undefined;
}

/** The text sent for one value, or undefined when the parameter should be left out. */
export function queryValueText(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map(scalarText).filter((part): part is string => part !== undefined);
    return parts.length === 0 ? undefined : parts.join(',');
  }
  // Anything that is not a scalar (plain objects, functions) is left out rather than sent as "[object Object]".
  return scalarText(value);
}

/**
 * '?a=1&b=x,y' for the given values, or '' when nothing remains. Leaves out undefined, null, '' and
 * empty arrays; Dates go as ISO strings, arrays as comma lists, booleans as 'true'/'false'.
 */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const text = queryValueText(value);
    if (text !== undefined) params.append(key, text);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Appends the query to a path that may already carry one. */
export function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const qs = buildQueryString(query);
  if (qs === '') return path;
  return path.includes('?') ? `${path}&${qs.slice(1)}` : `${path}${qs}`;
}
