import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bioCreateBodySchema,
  bioSchema,
  bioUpdateBodySchema,
  PROFILE_PHOTO_FIELD,
  PROFILE_PHOTO_MAX_BYTES,
} from '../../contracts/accounts.ts';
import { errorEnvelopeSchema, idParamSchema, idParamsSchema } from '../../contracts/common.ts';
import { badRequest, ruleBroken } from '../../domain/errors.ts';
import { optionalCaller } from '../../plugins/access.ts';
import { sendPicture } from '../pictures/service.ts';
import { readUploadedFile } from '../pictures/upload.ts';
import { registerUploadRateLimit, withUploadRateLimit } from '../pictures/upload-limits.ts';
import { signedInRoutes } from '../route-options.ts';
import {
  type BioRead,
  bioForChange,
  bioPhoto,
  createBio,
  deleteBio,
  normaliseProfilePhoto,
  PHOTO_MESSAGES,
  readBio,
  readBioOfUser,
  replaceBioPhoto,
  updateBio,
} from './service.ts';

const tags = ['bios'];
const signedIn = signedInRoutes(tags);
const userIdParamsSchema = z.object({ userId: idParamSchema });
const photoQuerySchema = z.object({
  v: z.string().max(64).optional().describe('Photo version; any value, it only busts caches'),
});

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/**
 * Public bios revalidate on every use (ETag, 304) so an edit shows at once; one only an admin may
 * see (deactivated account) is never stored by a shared cache.
 */
function sendBio(reply: FastifyReply, read: BioRead) {
  reply.header('cache-control', read.isPublic ? 'public, no-cache' : 'private, no-store');
  return read.bio;
}

/** The one photo of an upload, as bytes; every way the upload can be wrong is an envelope, never a 500. */
async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  const upload = await readUploadedFile(request, PROFILE_PHOTO_FIELD);
  switch (upload.kind) {
    case 'file':
      return upload.bytes;
    case 'missing':
      throw badRequest('PHOTO_REQUIRED', PHOTO_MESSAGES.required);
    case 'too-large':
      throw ruleBroken('PHOTO_TOO_LARGE', PHOTO_MESSAGES.tooLarge, { maxBytes: PROFILE_PHOTO_MAX_BYTES });
    case 'unreadable':
      request.log.info({ err: upload.error }, 'unreadable multipart upload');
      throw badRequest(
        'INVALID_UPLOAD',
        'The upload could not be read: send one file in the field profilePhoto as multipart/form-data.',
      );
  }
}

/** Bios and profile photos (docs/decisions/010). Bios are public competitor profiles. */
export const bioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the photo upload accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  // At most UPLOAD_RATE_LIMIT uploads per user in ten minutes (decision 029).
  const uploadRateLimit = await registerUploadRateLimit(app);
  const caller = (request: FastifyRequest) => () => optionalCaller(app, request);

  app.get(
    '/api/users/bios/:id',
    {
      config: { access: 'public', cacheSeconds: 0 },
      schema: {
        tags,
        summary: "One bio (a public competitor profile; a deactivated account's only for admins)",
        params: idParamsSchema,
        response: { 200: bioSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendBio(reply, await readBio(app.db, request.params.id, caller(request))),
  );

  app.get(
    '/api/users/:userId/bio',
    {
      config: { access: 'public', cacheSeconds: 0 },
      schema: {
        tags,
        summary: "A user's bio; 404 BIO_NOT_FOUND when they have none",
        params: userIdParamsSchema,
        response: { 200: bioSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendBio(reply, await readBioOfUser(app.db, request.params.userId, caller(request))),
  );

  app.post(
    '/api/users/bios',
    signedIn('user', {
      summary: "Create a bio: the caller's own, or (admins) anyone's through userId",
      body: bioCreateBodySchema,
      response: { 201: bioSchema, ...errors, 409: errorEnvelopeSchema },
    }),
    async (request, reply) => {
      const bio = await createBio(app.db, request.user, request.body);
      return reply.code(201).header('location', `/api/users/bios/${bio.id}`).send(bio);
    },
  );

  app.put(
    '/api/users/bios/:id',
    signedIn('owner-or-admin', {
      summary: 'Change a bio (its owner or an admin); fields left out stay as they are',
      params: idParamsSchema,
      body: bioUpdateBodySchema,
      response: { 200: bioSchema, ...errors },
    }),
    async (request) => updateBio(app.db, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/users/bios/:id',
    signedIn('owner-or-admin', {
      summary: 'Delete a bio and its photo (its owner or an admin)',
      params: idParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors },
    }),
    async (request, reply) => {
      await deleteBio(app.db, request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/bios/:id/upload-photo',
    withUploadRateLimit(
      uploadRateLimit,
      signedIn('owner-or-admin', {
        summary: `Upload the profile photo: multipart/form-data, one file in the field ${PROFILE_PHOTO_FIELD}, at most ${PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)} MB; JPEG, PNG or WebP, stored as WebP within 800x800`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: bioSchema, ...errors, 422: errorEnvelopeSchema },
      }),
    ),
    async (request) => {
      const { id } = request.params;
      // Who may change it is settled before the upload is read.
      await bioForChange(app.db, id, request.user);
      const bytes = await readPhotoUpload(request);
      // Re-encoded through the image queue: at most UPLOAD_CONCURRENCY at once (decision 029).
      const image = await app.imageQueue.run(() => normaliseProfilePhoto(bytes));
      return replaceBioPhoto(app.db, id, image);
    },
  );

  app.get(
    '/api/users/bios/:id/photo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The profile photo (WebP); ETag is its checksum, cached for a year under its versioned URL',
        params: idParamsSchema,
        querystring: photoQuerySchema,
        response: { 200: z.unknown().describe('The image bytes'), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { photoId, isPublic } = await bioPhoto(app.db, request.params.id, caller(request));
      return sendPicture(
        app.db,
        request,
        reply,
        photoId,
        'Profile photo',
        isPublic ? {} : { cacheControl: 'private, no-store' },
      );
    },
  );
};
