/**
 * The auth forms' rules without React: validation with the shared zod schemas of api/contracts (the
 * exact messages the sign-up and reset forms show), the server's field problems, and what each sign-in failure shows.
 */
import type { z } from 'zod';
import { type AppError, isAppError } from '../../lib/errors.ts';

export type FieldErrors = Partial<Record<string, string>>;
export type Validation<T> = { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/** The first message of each top-level field, in schema order. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (errors[name] === undefined) errors[name] = issue.message;
  }
  return { ok: false, errors };
}

/** The first field of `order` with an error, to move the focus there. */
export function firstInvalid(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((name) => errors[name] !== undefined);
}

/** Field problems in the error envelope's details ({ field: 'body.email', message }), by field name. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FieldErrors {
  if (!isAppError(error)) return {};
  const details = (error.data as { details?: unknown } | null | undefined)?.details;
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const detail of details) {
    if (detail === null || typeof detail !== 'object') continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.replace(/^(body|querystring)\./, '').split('.')[0] ?? '';
    if (fields.includes(name) && errors[name] === undefined) errors[name] = message;
  }
  return errors;
}

export interface SignInErrorView {
  message: string;
  /** The account exists but its e-mail is not verified: offer to send the link again. */
  offerResend: boolean;
  /** Seconds to wait before trying again (429). */
  retryAfter: number | undefined;
}

export const SIGN_IN_FALLBACK_MESSAGE = 'Sign-in failed. Please try again.';

/** What the sign-in form shows for a failed attempt (401 INVALID_CREDENTIALS, 403 EMAIL_NOT_VERIFIED, 403 ACCOUNT_DEACTIVATED, 429 RATE_LIMITED, ...). */
export function signInErrorView(error: unknown): SignInErrorView {
  if (!isAppError(error)) return { message: SIGN_IN_FALLBACK_MESSAGE, offerResend: false, retryAfter: undefined };
  const rateLimited = error.status === 429 || error.code === 'RATE_LIMITED';
  return {
    message: error.message || SIGN_IN_FALLBACK_MESSAGE,
    offerResend: error.code === 'EMAIL_NOT_VERIFIED',
    retryAfter: rateLimited ? error.meta.retryAfter : undefined,
  };
}

/** "Please wait 2 minutes before trying again." for a retry-after in seconds. */
export function retryAfterText(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  if (seconds < 60) return `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
}

/** A token link the server refused (400 INVALID_TOKEN), or any other 400/404 on a token call. */
export function isInvalidTokenError(error: unknown): error is AppError {
  return isAppError(error) && (error.code === 'INVALID_TOKEN' || error.status === 400 || error.status === 404);
}

/**
 * Runs `task` once per key and shares its promise: a verification link is single-use, so React
 * StrictMode's double effects (or a double click) must not send the token twice and then show the
 * second call's "invalid token" after the first one succeeded.
 */
export function createOnce<T>(
  task: (key: string) => Promise<T>,
  options: { forgetIf?: (error: unknown) => boolean } = {},
): (key: string) => Promise<T> {
  const calls = new Map<string, Promise<T>>();
  return (key) => {
    let call = calls.get(key);
    if (!call) {
      call = task(key);
      calls.set(key, call);
      // A failure that never reached the server's decision (offline, 503) may be tried again.
      call.catch((error: unknown) => {
        if (options.forgetIf?.(error) && calls.get(key) === call) calls.delete(key);
      });
    }
    return call;
  };
}

/** The new-password rules as a checklist shown while typing (the schema gives the messages). */
export function newPasswordChecks(password: string, minLength: number): { label: string; met: boolean }[] {
  return [
    { label: `At least ${minLength} characters`, met: password.length >= minLength },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'A number', met: /\d/.test(password) },
  ];
}

/**
 * The submit handler of an auth form: once submitted the errors show; an invalid form moves the focus
 * to its first invalid field of `fields`, a valid one is sent.
 */
export function validSubmit<T>(
  validation: Validation<T>,
  fields: readonly string[],
  setSubmitted: (submitted: boolean) => void,
  send: (data: T) => void,
) {
  return (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok) {
      const first = firstInvalid(validation.errors, fields);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send(validation.data);
  };
}
