import { z } from 'zod';

/** The one error envelope every failing call answers with (DESIGN.md, API conventions). */
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

/** Digits only (no '0x10', '1e3' or '2.0'), then a positive int4. */
export function wholeNumberParam(message: string, min: number, max: number) {
  // Route parameters and query values always arrive as strings.
  return z
    .string({ message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** Path and query ids (strings of digits): positive int4; anything else is a 400, never a 500. */
export const idParamSchema = wholeNumberParam('must be a positive whole number', 1, 2147483647);
export const idParamsSchema = z.object({ id: idParamSchema });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}
