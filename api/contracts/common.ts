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
