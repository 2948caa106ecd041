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

/** The media types the downloads answer in, as OpenAPI lists them for a 200. */
export const PDF_MEDIA_TYPE = 'application/pdf';
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** A PDF's bytes: OpenAPI's binary string, which a generated client reads as a file, not as JSON. */
export const pdfFileSchema = z.string().meta({ format: 'binary', description: 'The PDF file' });

/** A CSV export: text (a generated client reads it as a string). */
export const csvFileSchema = z
  .string()
  .meta({ description: 'The CSV file: UTF-8 with a byte-order mark, a header row, CRLF line ends' });
