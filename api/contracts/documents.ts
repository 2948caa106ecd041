import { z } from 'zod';
import { MAX_ID, textInput, wholeNumberParam } from './common.ts';
import { STATE_NAME_MAX_LENGTH } from './run-orders.ts';

/** The print documents and CSV exports (docs/decisions/040-print-documents.md). */

export const documentRunParamsSchema = z.object({
  runId: wholeNumberParam('runId must be a positive whole number', 1, MAX_ID),
});
export const documentEventParamsSchema = z.object({
  eventId: wholeNumberParam('eventId must be a positive whole number', 1, MAX_ID),
});

/** Which arrangement a start list prints: the current one, a past version, or a saved state (not both). */
export const orderVersionQuerySchema = z
  .object({
    version: wholeNumberParam('version must be a whole number from 0', 0, MAX_ID).optional(),
    state: textInput('state', 'line', `state must be 1 to ${STATE_NAME_MAX_LENGTH} characters`)
      .trim()
      .min(1, `state must be 1 to ${STATE_NAME_MAX_LENGTH} characters`)
      .max(STATE_NAME_MAX_LENGTH, `state must be 1 to ${STATE_NAME_MAX_LENGTH} characters`)
      .optional(),
  })
  .strict()
  .refine((q) => q.version === undefined || q.state === undefined, {
    message: 'Give version or state, not both',
    path: ['state'],
  });

/** A file's bytes (PDF or CSV) in the answer's own content type. */
export const documentFileSchema = z.unknown().describe('The file: application/pdf or text/csv (UTF-8 with BOM)');
