/** PostgreSQL error codes, as both pg and PGlite report them. */
function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** unique_violation (23505): a duplicate, or the loser of a race to insert one. */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505');

/** foreign_key_violation (23503): the row referred to does not exist (any more). */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, '23503');

/**
 * SQLSTATEs that say the server or the connection is gone, not that the statement was wrong
 * (docs/decisions/024-database-outages.md): class 08 (connection exception), the server shutting down
 * or a backend terminated (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and
 * 53300 too_many_connections. A statement cancelled (57014) counts only when its statement_timeout
 * ended it (DATABASE_STATEMENT_TIMEOUT_MS, decision 029), not when someone cancelled it.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket and name-resolution errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg and pg-pool report a lost or unobtainable connection with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "...unexpectedly", "...due to connection timeout"
  /^timeout expired$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Query read timeout$/, // no answer within query_timeout: the network stalled (decision 029)
];

/**
 * True when the error means the database cannot be reached or dropped the connection: the request
 * may succeed if tried again later, so the API answers 503 DATABASE_UNAVAILABLE rather than 500.
 * Looks through `cause` and the `errors` of an AggregateError (a refused connection to every address
 * of a host name).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, name, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (name === 'DatabaseUnavailableError') return true;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    if (code === '57014' && typeof message === 'string' && /statement timeout/.test(message)) return true;
  }
  if (typeof message === 'string' && code === undefined && UNAVAILABLE_MESSAGES.some((m) => m.test(message)))
    return true;
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
