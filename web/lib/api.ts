/**
 * The one API client: base /api, cookies always sent, a bearer token on
 * every call except the public auth calls, a 30 s timeout, and every failure turned into an AppError
 * and announced to the onApiError listeners (the toast store is one).
 */
import { AppError, errorFromException, errorFromResponse, type RequestInfo } from './errors.ts';
import { takeFirstRead } from './first-reads.ts';
import { withQuery } from './query-string.ts';

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SendMethod = Exclude<HttpMethod, 'GET'>;

export interface ApiConfig {
  /** Prefix of every path; '/api' in the browser, a full origin in tests. */
  baseUrl: string;
  timeoutMs: number;
}

const config: ApiConfig = { baseUrl: API_BASE, timeoutMs: DEFAULT_TIMEOUT_MS };

export function configureApi(options: Partial<ApiConfig>): void {
  if (options.baseUrl !== undefined) config.baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (options.timeoutMs !== undefined) config.timeoutMs = options.timeoutMs;
}

export function getApiConfig(): Readonly<ApiConfig> {
  return { ...config };
}

/** The auth calls that never carry a bearer token. */
export const UNAUTHENTICATED_AUTH_CALLS: readonly string[] = [
  'login',
  'register',
  'refresh',
  'forgot-password',
  'reset-password',
  'verify-email',
  'resend-verification',
  'validate-reset-token',
];

export function sendsBearerToken(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const match = /^\/?auth\/([^/]+)\/?$/.exec(pathname);
  return !(match?.[1] && UNAUTHENTICATED_AUTH_CALLS.includes(match[1]));
}

export type AccessTokenProvider = () => string | undefined | Promise<string | undefined>;
let accessTokenProvider: AccessTokenProvider | undefined;

/** The auth session plugs in here; pass undefined to detach. */
export function setAccessTokenProvider(provider: AccessTokenProvider | undefined): void {
  accessTokenProvider = provider;
}

/**
 * Called on a 401: resolve true when the token was refreshed and the
 * call should be repeated once. Never called for the refresh call itself or for a repeated call.
 */
export type UnauthorizedHandler = (error: AppError) => Promise<boolean>;
let unauthorizedHandler: UnauthorizedHandler | undefined;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = handler;
}

export type ApiErrorListener = (error: AppError) => void;
const errorListeners = new Set<ApiErrorListener>();

/** Every failed call is announced here. Returns the unsubscribe function. */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function announce(error: AppError): void {
  for (const listener of errorListeners) {
    try {
      listener(error);
    } catch {
      // A broken listener must not hide the original error from the caller.
    }
  }
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Skip the onApiError listeners, for failures the caller reports itself. */
  silent?: boolean;
}

type ResponseKind = 'json' | 'blob';

interface Call {
  method: HttpMethod;
  path: string;
  body?: unknown;
  options: RequestOptions;
  kind: ResponseKind;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function buildHeaders(call: Call): Promise<Headers> {
  const headers = new Headers(call.options.headers);
  if (!headers.has('accept')) headers.set('accept', call.kind === 'json' ? 'application/json' : '*/*');
  if (call.body !== undefined && !isRawBody(call.body) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  if (sendsBearerToken(call.path) && accessTokenProvider) {
    const token = await accessTokenProvider();
    if (token) headers.set('authorization', `Bearer ${token}`);
  }
  return headers;
}

/** Bodies fetch sends as they are, with its own content type (multipart boundary, blob type). */
function isRawBody(body: unknown): body is FormData | Blob | URLSearchParams | string {
  return (
    body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string'
  );
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return isRawBody(body) ? body : JSON.stringify(body);
}

async function perform(call: Call): Promise<unknown> {
  const url = `${config.baseUrl}${withQuery(call.path, call.options.query)}`;
  const request: RequestInfo = { url, method: call.method };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const outer = call.options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  else outer?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(url, {
      method: call.method,
      credentials: 'include',
      headers: await buildHeaders(call),
      body: encodeBody(call.body),
      signal: controller.signal,
    });
    if (!response.ok) throw errorFromResponse(response, await readBody(response).catch(() => undefined), request);
    if (call.kind === 'blob') return await response.blob();
    return await readBody(response);
  } catch (e) {
    if (e instanceof AppError) throw e;
    // Whatever the runtime threw on abort, the flag says whether it was our timer.
    const cause = timedOut ? new DOMException('The request timed out.', 'TimeoutError') : e;
    throw errorFromException(cause, request);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

async function execute(call: Call): Promise<unknown> {
  const firstRead = await pageFirstRead(call);
  if (firstRead) return firstRead.body;
  try {
    return await perform(call);
  } catch (e) {
    let error = e as AppError;
    if (error.type === 'unauthorized' && unauthorizedHandler && sendsBearerToken(call.path)) {
      const refreshed = await unauthorizedHandler(error).catch(() => false);
      if (refreshed) {
        try {
          return await perform(call);
        } catch (retryError) {
          error = retryError as AppError;
        }
      }
    }
    // A caller that cancels (a query made obsolete by navigation) has not seen a failure worth a notice.
    if (!call.options.silent && !call.options.signal?.aborted) announce(error);
    throw error;
  }
}

/**
 * The answer the page came with for this call (web/lib/first-reads.ts): a plain JSON GET only, and only
 * one that goes without a bearer token, since those answers were read anonymously.
 */
async function pageFirstRead(call: Call): Promise<{ body: unknown } | undefined> {
  if (call.method !== 'GET' || call.kind !== 'json' || call.options.headers) return undefined;
  if (sendsBearerToken(call.path) && (await accessTokenProvider?.())) return undefined;
  return takeFirstRead(`${config.baseUrl}${withQuery(call.path, call.options.query)}`);
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return execute({ method: 'GET', path, options, kind: 'json' }) as Promise<T>;
}

export function apiGetBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return execute({ method: 'GET', path, options, kind: 'blob' }) as Promise<Blob>;
}

/** JSON body by default; FormData (multipart uploads), Blob, URLSearchParams and string bodies go as they are. */
export function apiSend<T>(method: SendMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return execute({ method, path, body, options, kind: 'json' }) as Promise<T>;
}

/**
 * POST of a multipart form with upload progress (fetch reports none): XMLHttpRequest with the same bearer
 * token, base and error handling as the other calls. `onProgress` gets the fraction sent, 0 to 1.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const url = `${config.baseUrl}${path}`;
  const request: RequestInfo = { url, method: 'POST' };
  const send = async (): Promise<T> => {
    const token = accessTokenProvider ? await accessTokenProvider() : undefined;
    const { xhrUpload } = await import('./xhr-upload.ts');
    let response: Response;
    try {
      response = await xhrUpload(url, form, { ...options, token, timeoutMs: config.timeoutMs * 4 });
    } catch (e) {
      throw errorFromException(e, request);
    }
    const body = await readBody(response);
    if (!response.ok) throw errorFromResponse(response, body, request);
    return body as T;
  };
  try {
    return await send();
  } catch (e) {
    let error = e as AppError;
    if (error.type === 'unauthorized' && unauthorizedHandler && (await unauthorizedHandler(error).catch(() => false))) {
      try {
        return await send();
      } catch (retryError) {
        error = retryError as AppError;
      }
    }
    if (!options.signal?.aborted) announce(error);
    throw error;
  }
}
