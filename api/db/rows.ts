/** Converting column values as the drivers hand them over (a Date from pg, a string from PGlite's JSON paths). */

/** A timestamp column as an ISO 8601 date-time. */
export const iso = (value: Date | string): string => new Date(value).toISOString();

/** A nullable timestamp column as an ISO 8601 date-time or null. */
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
