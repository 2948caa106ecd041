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

/** Route-parameter ids: positive integers; anything else is a 400, never a 500. */
export const idSchema = z.coerce
  .number({ message: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .positive('must be a positive whole number')
  .max(2147483647, 'must be a positive whole number');
export const idParamsSchema = z.object({ id: idSchema });

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
