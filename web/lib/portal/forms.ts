/**
 * Form helpers shared by the portal's screens: validation with the shared zod schemas (their exact
 * messages), and the server's field problems ({ field: 'body.firstName', message }) mapped to fields.
 */
import type { z } from 'zod';
import { AppError, isAppError } from '../errors.ts';

/** One message per field name; a field without a problem is absent. */
export type FieldErrors = Partial<Record<string, string>>;

/** The form field a problem path names: 'body.firstName' and ['firstName'] both give 'firstName'. */
export function fieldNameOf(path: string | readonly PropertyKey[]): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const rest = parts[0] === 'body' || parts[0] === 'querystring' || parts[0] === 'params' ? parts.slice(1) : parts;
  return rest[0] ?? '';
}

/** The first message of each field (zod lists them in schema order); form-wide issues under ''. */
export function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldNameOf(issue.path);
    if (errors[name] === undefined) errors[name] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validateWith<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error.issues) };
}

function isProblem(value: unknown): value is { field: string; message: string } {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { field?: unknown }).field === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The field problems in an API error's envelope (its `details`), by field name; {} when there are none. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!isAppError(error)) return {};
  const data = error.data;
  const details = data !== null && typeof data === 'object' ? (data as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return {};
  const problems = details.filter(isProblem).map((p) => ({ path: p.field, message: p.message }));
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const name = fieldNameOf(problem.path);
    if (name !== '' && errors[name] === undefined) errors[name] = problem.message;
  }
  return errors;
}

/**
 * What a failed submit shows: the field errors the form has fields for, and a form-level message for
 * the rest (the server's own message, unless every problem landed on a field).
 */
export function submitErrorView(
  error: unknown,
  fields: readonly string[],
): { fieldErrors: FieldErrors; formError: string | undefined } {
  const all = apiFieldErrors(error);
  const fieldErrors: FieldErrors = {};
  let unplaced = false;
  for (const [name, message] of Object.entries(all)) {
    if (fields.includes(name)) fieldErrors[name] = message;
    else unplaced = true;
  }
  const placedAny = Object.keys(fieldErrors).length > 0;
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  const formError = placedAny && !unplaced ? 'Please correct the highlighted fields.' : message;
  return { fieldErrors, formError };
}

/** The names of the fields with errors, in the order the form lists its fields (for focusing the first). */
export function firstInvalidField(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((name) => errors[name] !== undefined) ?? Object.keys(errors).find((name) => name !== '');
}

/** '' and whitespace become null: optional text fields the user cleared. */
export function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A whole number typed into a text field, or null when empty; NaN for anything else (the schema rejects it). */
export function wholeNumberOrNull(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A rule the server refused whose details are not field problems, turned into a field problem of the
 * field its code is about, so the form shows the server's message beside that field (useForm places
 * field problems). Any other error is returned as it is.
 */
export function placeErrorOnField(error: unknown, fieldsByCode: Readonly<Record<string, string>>): unknown {
  if (!isAppError(error) || error.code === undefined) return error;
  const field = fieldsByCode[error.code];
  if (!field) return error;
  const envelope = error.data !== null && typeof error.data === 'object' ? error.data : {};
  return new AppError({
    message: error.message,
    type: error.type,
    severity: error.severity,
    status: error.status,
    code: error.code,
    data: { ...envelope, details: [{ field, message: error.message }] },
    meta: error.meta,
    cause: error,
  });
}
