import type { FastifyRequest } from 'fastify';

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
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field) return { kind: 'missing' };
    const bytes = await file.toBuffer();
    if (file.file.truncated) return { kind: 'too-large' };
    return { kind: 'file', bytes, filename: file.filename };
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) return { kind: 'too-large' };
    return { kind: 'unreadable', error };
  }
}
