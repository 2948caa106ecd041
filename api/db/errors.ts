/** PostgreSQL error codes, as both pg and PGlite report them. */
function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** unique_violation (23505): a duplicate, or the loser of a race to insert one. */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505');

/** foreign_key_violation (23503): the row referred to does not exist (any more). */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, '23503');
