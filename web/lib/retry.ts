/** Retrying failed calls: the retry helper and the TanStack Query retry policy. */
import { type ErrorType, isAppError } from './errors.ts';

export const DEFAULT_RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 10_000;
export const MAX_QUERY_RETRIES = 3;

/** The only error types worth a second try: the server may answer the same request next time. */
export const RETRYABLE_ERROR_TYPES: readonly ErrorType[] = ['network', 'timeout', 'server', 'service_unavailable'];

export function isRetryableError(error: unknown): boolean {
  return isAppError(error) && RETRYABLE_ERROR_TYPES.includes(error.type);
}

/** Wait before retry number attempt + 1 (attempt counts from 0): 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function retryDelay(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt));
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** exponent, RETRY_MAX_DELAY_MS);
}

/** TanStack Query `retry`: failureCount counts from 0; up to 3 retries, none when unauthorized. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAppError(error) && error.type === 'unauthorized') return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export interface RetryOptions {
  /** Total tries, the first included. Default 3. */
  attempts?: number;
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  delay?: (attempt: number) => number;
  /** Stops waiting and rethrows the last error when aborted. */
  signal?: AbortSignal;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs fn, and on a retryable error runs it again after 1 s, 2 s, ... (capped at 10 s), up to
 * `attempts` tries in all. Other errors, and the last one, are thrown as they are.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_RETRY_ATTEMPTS);
  const shouldRetry = options.shouldRetry ?? isRetryableError;
  const delay = options.delay ?? retryDelay;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt + 1 >= attempts || !shouldRetry(error, attempt)) throw error;
      try {
        await wait(delay(attempt), options.signal);
      } catch {
        throw error;
      }
    }
  }
}
