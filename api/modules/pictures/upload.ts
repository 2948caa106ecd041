import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { findNul, nulMessage } from '../../contracts/common.ts';
import { DomainError } from '../../domain/errors.ts';

/** What came of reading one file field from a multipart upload. */
export type UploadedFile =
  | { kind: 'file'; bytes: Buffer; filename: string }
  | { kind: 'missing' }
  | { kind: 'too-large' }
  | { kind: 'unreadable'; error: unknown };

/**
 * Reads the first file of a multipart/form-data request, which must be in `field`. Needs
 * @fastify/multipart registered in the route's plugin context with `limits.fileSize` set (and
 * `throwFileSizeLimit`, the default). Every way an upload can be wrong comes back as a kind, so the
 * caller can answer with its own codes instead of a 500.
 *
 * Over a real socket the size limit can cut a file after its last chunk was already read: then
 * `toBuffer()` returns the cut bytes without throwing (inject delivers the body in one piece and
 * never shows it). The stream's `truncated` flag is checked as well, or an oversized image whose
 * first megabytes decode would be accepted.
 */
export async function readUploadedFile(request: FastifyRequest, field: string): Promise<UploadedFile> {
  if (!request.isMultipart()) return { kind: 'missing' };
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) return { kind: 'too-large' };
    return { kind: 'unreadable', error };
  }
  if (!file) return { kind: 'missing' };
  refuseUnstorableText(file);
  if (file.fieldname !== field) return { kind: 'missing' };
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) return { kind: 'too-large' };
    return { kind: 'file', bytes, filename: file.filename };
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) return { kind: 'too-large' };
    return { kind: 'unreadable', error };
  }
}

/**
 * The text of a multipart body (the names and values of the fields sent before the file, the file's
 * field name and file name) is refused with a NUL or half a surrogate pair, as in every JSON body: 400
 * VALIDATION_FAILED naming the field (decision 027).
 */
function refuseUnstorableText(file: MultipartFile): void {
  const texts: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (part && part.type === 'field') texts[name] = part.value;
      else texts[name] = '';
    }
  }
  texts[file.fieldname] = file.filename;
  const path = findNul(texts);
  if (!path) return;
  const field = `body.${String(path[0])}`;
  const message = nulMessage(String(path[0]));
  throw new DomainError(400, 'VALIDATION_FAILED', `Invalid request: ${field} ${message}`, [{ field, message }]);
}
