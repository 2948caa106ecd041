import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { matchesEtag } from '../../plugins/http-cache.ts';

const YEAR = 31_536_000;

export async function getPicture(db: Kysely<Database>, id: number) {
  return db.selectFrom('pictures').select(['id', 'content_type', 'byte_size', 'checksum', 'data']).where('id', '=', id).executeTakeFirst();
}

/**
 * Sends stored picture bytes with their content type. The checksum is the ETag; a picture's bytes
 * never change under the same checksum, so browsers may keep it for a long time and revalidate cheaply.
 */
export async function sendPicture(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  pictureId: number | null | undefined,
  what: string,
) {
  const picture = pictureId ? await getPicture(db, pictureId) : undefined;
  if (!picture) throw notFound(what, 'PICTURE_NOT_FOUND');
  const etag = `"${picture.checksum}"`;
  reply.header('etag', etag).header('cache-control', `public, max-age=${YEAR}`);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(picture.content_type).header('content-length', picture.byte_size).send(Buffer.from(picture.data));
}
