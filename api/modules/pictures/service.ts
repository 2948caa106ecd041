import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound, ruleBroken } from '../../domain/errors.ts';
import { matchesEtag } from '../../plugins/http-cache.ts';
import { ImageRejected, type NormalisedImage, type NormaliseOptions, normaliseImage } from './image.ts';

export { ImageRejected, type NormalisedImage, type NormaliseOptions, normaliseImage } from './image.ts';

/**
 * Checks and re-encodes an uploaded image (by its bytes, whatever its name or claimed type); a refused one
 * is a 422: `tooLargeCode` with the pixel limit when it has too many pixels, UNSUPPORTED_IMAGE otherwise.
 */
export async function normaliseUpload(
  bytes: Buffer,
  options: NormaliseOptions,
  tooLargeCode: string,
  messages: { tooManyPixels: string; unsupported: string },
): Promise<NormalisedImage> {
  try {
    return await normaliseImage(bytes, options);
  } catch (error) {
    if (error instanceof ImageRejected) {
      throw error.reason === 'too-many-pixels'
        ? ruleBroken(tooLargeCode, messages.tooManyPixels, { maxPixels: options.maxInputPixels })
        : ruleBroken('UNSUPPORTED_IMAGE', messages.unsupported);
    }
    throw error;
  }
}

/**
 * Pictures are addressed by what they belong to (/events/7/picture), and an admin may replace one under
 * the same address: browsers keep it five minutes, then revalidate with the checksum (a cheap 304).
 */
const PICTURE_CACHE_CONTROL = 'public, max-age=300';

export async function getPicture(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('pictures')
    .select(['id', 'content_type', 'byte_size', 'checksum', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Sends stored picture bytes with their content type. The checksum is the ETag, so revalidating an
 * unchanged picture costs no bytes.
 */
export async function sendPicture(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  pictureId: number | null | undefined,
  what: string,
  options: { cacheControl?: string } = {},
) {
  const picture = pictureId ? await getPicture(db, pictureId) : undefined;
  if (!picture) throw notFound(what, 'PICTURE_NOT_FOUND');
  const etag = `"${picture.checksum}"`;
  reply.header('etag', etag).header('cache-control', options.cacheControl ?? PICTURE_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(picture.content_type).header('content-length', picture.byte_size).send(Buffer.from(picture.data));
}

/** Stores a normalised image (see image.ts) and answers its id and checksum. Runs in the caller's transaction. */
export async function storeImage(
  db: Kysely<Database>,
  image: NormalisedImage,
): Promise<{ id: number; checksum: string }> {
  return db
    .insertInto('pictures')
    .values({
      content_type: image.contentType,
      byte_size: image.byteSize,
      checksum: image.checksum,
      width: image.width,
      height: image.height,
      data: image.data,
    })
    .returning(['id', 'checksum'])
    .executeTakeFirstOrThrow();
}

/** Deletes a picture nothing refers to any more (its owner has already let go of it). */
export async function deletePicture(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('pictures').where('id', '=', id).execute();
}
