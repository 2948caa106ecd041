/**
 * The client error object and the table of what each HTTP status shows.
 * Every failed API call ends up as an AppError, so screens, toasts and TanStack Query see one shape.
 */

export type ErrorSeverity = 'info' | 'warning' | 'error' | 'critical';

export type HttpErrorType =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'rate_limited'
  | 'server'
  | 'bad_gateway'
  | 'service_unavailable'
  | 'gateway_timeout'
  | 'http_version_not_supported'
  | 'network_authentication_required'
  | 'web_server_down'
  | 'connection_timed_out'
  | 'a_timeout_occurred'
  | 'ssl_handshake_failed'
  | 'invalid_ssl_certificate'
  | 'railgun_error'
  | 'site_is_frozen'
  | 'unsupported_protocol';

export type ErrorType = HttpErrorType | 'network' | 'timeout' | 'unknown';

export interface ErrorClass {
  type: ErrorType;
  severity: ErrorSeverity;
}

/** What each HTTP status shows, row for row. Statuses not listed here: see classifyStatus. */
export const STATUS_TABLE: Readonly<Record<number, Readonly<ErrorClass>>> = {
  400: { type: 'bad_request', severity: 'error' },
  401: { type: 'unauthorized', severity: 'error' },
  403: { type: 'forbidden', severity: 'error' },
  404: { type: 'not_found', severity: 'info' },
  409: { type: 'conflict', severity: 'error' },
  422: { type: 'validation', severity: 'error' },
  429: { type: 'rate_limited', severity: 'warning' },
  500: { type: 'server', severity: 'critical' },
  502: { type: 'bad_gateway', severity: 'critical' },
  503: { type: 'service_unavailable', severity: 'critical' },
  504: { type: 'gateway_timeout', severity: 'warning' },
  505: { type: 'http_version_not_supported', severity: 'error' },
  511: { type: 'network_authentication_required', severity: 'error' },
  520: { type: 'web_server_down', severity: 'critical' },
  522: { type: 'connection_timed_out', severity: 'warning' },
  524: { type: 'a_timeout_occurred', severity: 'warning' },
  525: { type: 'ssl_handshake_failed', severity: 'critical' },
  526: { type: 'invalid_ssl_certificate', severity: 'critical' },
  527: { type: 'railgun_error', severity: 'critical' },
  530: { type: 'site_is_frozen', severity: 'error' },
  570: { type: 'unsupported_protocol', severity: 'error' },
};

/** Any other status of 400 and above. */
export const OTHER_HTTP_ERROR: Readonly<ErrorClass> = { type: 'bad_request', severity: 'error' };
export const NETWORK_ERROR: Readonly<ErrorClass> = { type: 'network', severity: 'warning' };
export const TIMEOUT_ERROR: Readonly<ErrorClass> = { type: 'timeout', severity: 'warning' };
export const UNKNOWN_ERROR: Readonly<ErrorClass> = { type: 'unknown', severity: 'error' };

export function classifyStatus(status: number): ErrorClass {
  const row = STATUS_TABLE[status];
  if (row) return { ...row };
  return status >= 400 ? { ...OTHER_HTTP_ERROR } : { ...UNKNOWN_ERROR };
}

/** Shown when the server sent no usable message. */
export const DEFAULT_MESSAGES: Readonly<Partial<Record<ErrorType, string>>> = {
  bad_request: 'The request was not valid.',
  unauthorized: 'Authentication error occurred',
  forbidden: 'You do not have permission to do that.',
  not_found: 'The requested item was not found.',
  conflict: 'The item was changed by someone else. Please try again.',
  validation: 'The request could not be processed.',
  rate_limited: 'Too many requests. Please wait and try again.',
  server: 'An unexpected server error occurred.',
  service_unavailable: 'The service is temporarily unavailable.',
  network: 'Unable to reach the server. Check your connection.',
  timeout: 'The request timed out.',
  unknown: 'An unexpected error occurred.',
};

export interface RequestInfo {
  url: string;
  method: string;
}

export interface ErrorMeta {
  /** ISO timestamp of when the client built the error. */
  timestamp: string;
  statusCode: number | undefined;
  url: string | undefined;
  method: string | undefined;
  requestId: string | undefined;
  /** Seconds to wait, from the retry-after header (seconds or an HTTP date). */
  retryAfter: number | undefined;
}

export interface AppErrorInit {
  message: string;
  type: ErrorType;
  severity: ErrorSeverity;
  status?: number;
  code?: string;
  data?: unknown;
  meta?: Partial<ErrorMeta>;
  cause?: unknown;
}

let sequence = 0;
// crypto.randomUUID is missing outside secure contexts (plain http on a LAN address), so ids are home-made.
function nextId(): string {
  sequence += 1;
  return `err-${Date.now().toString(36)}-${sequence.toString(36)}`;
}

/** An Error (so TanStack Query and error boundaries treat it as one) carrying the fields of the error envelope (decision 003). */
export class AppError extends Error {
  readonly id: string;
  readonly severity: ErrorSeverity;
  readonly type: ErrorType;
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** The server's machine-readable code from the envelope, e.g. 'EVENT_NOT_FOUND'. */
  readonly code: string | undefined;
  /** The response body (the envelope, with its details) or whatever the failure carried. */
  readonly data: unknown;
  readonly meta: ErrorMeta;

  constructor(init: AppErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AppError';
    this.id = nextId();
    this.severity = init.severity;
    this.type = init.type;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.meta = {
      timestamp: new Date().toISOString(),
      statusCode: init.status,
      url: undefined,
      method: undefined,
      requestId: undefined,
      retryAfter: undefined,
      ...init.meta,
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** A 404 from the API: for detail pages, a 'not found' state rather than a failure. */
export function isNotFound(error: unknown): boolean {
  return isAppError(error) && error.status === 404;
}

interface Envelope {
  statusCode?: unknown;
  error?: unknown;
  message?: unknown;
  code?: unknown;
  details?: unknown;
  requestId?: unknown;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** retry-after is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Builds the error for a response that arrived with an error status; body is the parsed body, if any. */
export function errorFromResponse(response: Response, body: unknown, request: RequestInfo): AppError {
  const { type, severity } = classifyStatus(response.status);
  const envelope: Envelope = body !== null && typeof body === 'object' ? (body as Envelope) : {};
  const message =
    nonEmptyString(envelope.message) ??
    (typeof body === 'string' ? nonEmptyString(body) : undefined) ??
    DEFAULT_MESSAGES[type] ??
    nonEmptyString(response.statusText) ??
    `Request failed with status ${response.status}`;
  return new AppError({
    message,
    type,
    severity,
    status: response.status,
    code: nonEmptyString(envelope.code),
    data: body,
    meta: {
      statusCode: response.status,
      url: request.url,
      method: request.method,
      requestId: nonEmptyString(response.headers.get('x-request-id')) ?? nonEmptyString(envelope.requestId),
      retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    },
  });
}

function errorName(e: unknown): string | undefined {
  return e !== null && typeof e === 'object' && 'name' in e && typeof e.name === 'string' ? e.name : undefined;
}

function errorCode(e: unknown): string | undefined {
  return e !== null && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** Classifies a failure where no response arrived (or the code itself threw). */
export function classifyException(e: unknown): ErrorClass {
  const name = errorName(e);
  const code = errorCode(e);
  if (name === 'TimeoutError' || code === 'ETIMEDOUT') return { ...TIMEOUT_ERROR };
  // fetch rejects with a TypeError when the connection fails, and with an AbortError when aborted.
  if (name === 'AbortError' || name === 'TypeError' || code === 'ECONNABORTED' || code === 'ERR_NETWORK') {
    return { ...NETWORK_ERROR };
  }
  return { ...UNKNOWN_ERROR };
}

/** Builds the error for network failures, timeouts and anything else; an AppError is returned as it is. */
export function errorFromException(e: unknown, request?: RequestInfo): AppError {
  if (isAppError(e)) return e;
  const { type, severity } = classifyException(e);
  const own = type === 'unknown' && e instanceof Error ? nonEmptyString(e.message) : undefined;
  return new AppError({
    message: own ?? DEFAULT_MESSAGES[type] ?? 'An unexpected error occurred.',
    type,
    severity,
    data: e,
    cause: e,
    meta: { url: request?.url, method: request?.method },
  });
}
