import { z } from 'zod';

/** The one error envelope every failing call answers with (docs/decisions/003). */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const fieldProblemSchema = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/** The largest id: ids are int4 (docs/decisions/002). */
export const MAX_ID = 2147483647;

/** Digits only (no '0x10', '1e3' or '2.0'), then a whole number from min to max. */
export function wholeNumberParam(message: string, min: number, max: number) {
  // Route parameters and query values always arrive as strings.
  return z
    .string({ message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** Path and query ids (strings of digits): positive int4; anything else is a 400, never a 500. */
export const idParamSchema = wholeNumberParam('must be a positive whole number', 1, MAX_ID);
export const idParamsSchema = z.object({ id: idParamSchema });

/** A named id in a query string or path: "{name} must be a positive whole number" otherwise. */
export const idQuery = (name: string) => wholeNumberParam(`${name} must be a positive whole number`, 1, MAX_ID);

/** A query flag: only the words true and false. */
export const booleanQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

export interface PageQueryLimits {
  /** The largest limit a caller may ask for (100 unless said). */
  maxLimit?: number;
  /** The limit when none is asked for (20 unless said). */
  defaultLimit?: number;
  /** The largest page a caller may ask for (none unless said). */
  maxPage?: number;
}

/** ?page=&limit=: whole numbers from 1, page 1 by default; the one shape every paged list takes. */
export function pageQuery({ maxLimit = 100, defaultLimit = 20, maxPage }: PageQueryLimits = {}) {
  const pageMessage = 'page must be a whole number from 1';
  const limitMessage = `limit must be a whole number from 1 to ${maxLimit}`;
  const page = z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage);
  return z.object({
    page: (maxPage === undefined ? page : page.max(maxPage, pageMessage)).default(1),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  });
}

/** The usual page query: limit 1 to 100, 20 by default. */
export const pageQuerySchema = pageQuery();

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

// ---------- text input hygiene (docs/decisions/027) ----------

/** U+0000: PostgreSQL refuses it in text, so it is refused with a 400 before any query runs. */
export const NUL = '\u0000';
/** C0 and C1 control characters, DEL included; tab, line feed and carriage return listed apart. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (decision 027)
const CONTROLS_SINGLE_LINE = /[\u0001-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (decision 027)
const CONTROLS_MULTILINE = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Characters that draw nothing: zero-width space/non-joiner/joiner, LRM/RLM, direction embeddings, overrides, isolates, BOM. */
const INVISIBLE = '\\u200B-\\u200F\\u2060\\u202A-\\u202E\\u2066-\\u2069\\uFEFF';
const INVISIBLE_OR_SPACE_AT_ENDS = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'gu');
/** Direction embeddings, overrides and isolates: inside a name they disguise the text around them. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** 'secret' (passwords, tokens) only refuses a NUL: stripping would change what the caller typed. */
export type TextKind = 'line' | 'multiline' | 'name' | 'secret';

/** A half of a surrogate pair without its other half: not Unicode, and jsonb refuses it. */
const LONE_SURROGATE = /\p{Cs}/u;
/** A NUL or a lone surrogate: text PostgreSQL cannot store. */
const unstorable = (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s);

/** Where a string holds a NUL or a lone surrogate: the path of the first found in a request part, keys included. */
export function findNul(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return [...path, key];
    const found = findNul(inner, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The message a NUL gets, wherever it is. */
export const nulMessage = (label: string) => `${label} must not contain the NUL character or half a surrogate pair`;

/**
 * The one text schema every contract's text input starts from (docs/decisions/027): a NUL is refused, other
 * control characters are stripped (a multi-line text keeps tab and line breaks), and a name ('name') is trimmed of
 * invisible characters at its ends and refuses direction controls anywhere. Chain .trim(), .min(), .max() as usual:
 * a name made only of invisible characters is then empty, so .min(1) refuses it.
 */
export function textInput(label: string, kind: TextKind = 'line', error = `${label} must be text`) {
  const schema = z.string({ error }).refine((s) => !unstorable(s), nulMessage(label));
  if (kind === 'secret') return schema;
  const cleaned = schema.overwrite((s) =>
    s.replace(kind === 'multiline' ? CONTROLS_MULTILINE : CONTROLS_SINGLE_LINE, ''),
  );
  if (kind !== 'name') return cleaned;
  return cleaned
    .refine((s) => !DIRECTION_CONTROLS.test(s), `${label} must not contain direction-control characters`)
    .overwrite((s) => s.replace(INVISIBLE_OR_SPACE_AT_ENDS, ''));
}

/** A search query string: single-line text, trimmed, at most max characters. */
export const searchQueryInput = (max = 100, label = 'query', error = `${label} must be text`) =>
  textInput(label, 'line', error).trim().max(max, `${label} must be at most ${max} characters`);
