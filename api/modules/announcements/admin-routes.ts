import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANNOUNCEMENT_IMAGE_FIELD,
  ANNOUNCEMENT_IMAGE_MAX_BYTES,
  ANNOUNCEMENT_IMAGE_WIDTHS,
  adminAnnouncementDetailSchema,
  announcementCreateBodySchema,
  announcementImageSchema,
  announcementPinBodySchema,
  announcementUpdateBodySchema,
  announcementVisibilityBodySchema,
} from '../../contracts/announcements.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { badRequest, ruleBroken } from '../../domain/errors.ts';
import { readUploadedFile } from '../pictures/upload.ts';
import { registerUploadRateLimit, withUploadRateLimit } from '../pictures/upload-limits.ts';
import { signedInRoutes } from '../route-options.ts';
import {
  createAnnouncement,
  IMAGE_MESSAGES,
  normaliseAnnouncementImage,
  requireAnnouncementForChange,
  restoreAnnouncement,
  setAnnouncementFlag,
  softDeleteAnnouncement,
  storeAnnouncementImage,
  updateAnnouncement,
} from './service.ts';

const tags = ['announcements'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const adminErrors = { 400: e, 401: e, 403: e, 404: e };

/** The one image of an upload, as bytes; every way the upload can be wrong is an envelope, never a 500. */
async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  const upload = await readUploadedFile(request, ANNOUNCEMENT_IMAGE_FIELD);
  switch (upload.kind) {
    case 'file':
      return upload.bytes;
    case 'missing':
      throw badRequest('IMAGE_REQUIRED', IMAGE_MESSAGES.required);
    case 'too-large':
      throw ruleBroken('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { maxBytes: ANNOUNCEMENT_IMAGE_MAX_BYTES });
    case 'unreadable':
      request.log.info({ err: upload.error }, 'unreadable multipart upload');
      throw badRequest(
        'INVALID_UPLOAD',
        `The upload could not be read: send one file in the field ${ANNOUNCEMENT_IMAGE_FIELD} as multipart/form-data.`,
      );
  }
}

/**
 * Writing announcements (docs/decisions/035, 036): create, change at a version, visibility, pin, soft delete
 * and restore, image upload. Admins only; every write clears the public read cache.
 */
export const announcementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the image upload reads multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: ANNOUNCEMENT_IMAGE_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
  // At most UPLOAD_RATE_LIMIT uploads per user in ten minutes (decision 029).
  const uploadRateLimit = await registerUploadRateLimit(app);
  const cache = app.publicReadCache;
  const adminView = { 200: adminAnnouncementDetailSchema, ...adminErrors };

  app.post(
    '/api/announcements',
    signedIn('admin', {
      summary:
        'Create an announcement: a draft unless status is published; publishedAt in the future schedules it; content is a list of blocks of seven types (paragraph, heading, image, video, quote, list, divider), inline formatting sanitized',
      body: announcementCreateBodySchema,
      response: { 201: adminAnnouncementDetailSchema, 400: e, 401: e, 403: e },
    }),
    async (request, reply) => {
      const announcement = await createAnnouncement(app.db, new Date(), request.user.sub, request.body);
      cache.clear();
      return reply.code(201).header('location', `/api/announcements/${announcement.id}`).send({ data: announcement });
    },
  );

  app.patch(
    '/api/announcements/:id',
    signedIn('admin', {
      summary:
        'Change an announcement; fields left out stay as they are. expectedVersion is the version the editor opened: 409 VERSION_CONFLICT with the current version when another admin saved since',
      params: idParamsSchema,
      body: announcementUpdateBodySchema,
      response: { ...adminView, 409: e },
    }),
    async (request) => {
      const announcement = await updateAnnouncement(app.db, new Date(), request.params.id, request.body);
      cache.clear();
      return { data: announcement };
    },
  );

  app.patch(
    '/api/announcements/:id/visibility',
    signedIn('admin', {
      summary: 'Show or hide an announcement on the public site (expectedVersion optional: 409 when stale)',
      params: idParamsSchema,
      body: announcementVisibilityBodySchema,
      response: { ...adminView, 409: e },
    }),
    async (request) => {
      const { isVisible, expectedVersion } = request.body;
      const announcement = await setAnnouncementFlag(
        app.db,
        new Date(),
        request.params.id,
        'is_visible',
        isVisible,
        expectedVersion,
      );
      cache.clear();
      return { data: announcement };
    },
  );

  app.patch(
    '/api/announcements/:id/pin',
    signedIn('admin', {
      summary: 'Pin or unpin an announcement: pinned ones come first (expectedVersion optional: 409 when stale)',
      params: idParamsSchema,
      body: announcementPinBodySchema,
      response: { ...adminView, 409: e },
    }),
    async (request) => {
      const { isPinned, expectedVersion } = request.body;
      const announcement = await setAnnouncementFlag(
        app.db,
        new Date(),
        request.params.id,
        'is_pinned',
        isPinned,
        expectedVersion,
      );
      cache.clear();
      return { data: announcement };
    },
  );

  app.delete(
    '/api/announcements/:id',
    signedIn('admin', {
      summary: 'Soft-delete an announcement: it leaves the public site and the admin list; restore brings it back',
      params: idParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...adminErrors },
    }),
    async (request, reply) => {
      await softDeleteAnnouncement(app.db, new Date(), request.params.id);
      cache.clear();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/announcements/:id/restore',
    signedIn('admin', {
      summary: 'Restore a deleted announcement as it was (restoring one that is not deleted changes nothing)',
      params: idParamsSchema,
      response: adminView,
    }),
    async (request) => {
      const announcement = await restoreAnnouncement(app.db, new Date(), request.params.id);
      cache.clear();
      return { data: announcement };
    },
  );

  app.post(
    '/api/announcements/:id/upload-image',
    withUploadRateLimit(
      uploadRateLimit,
      signedIn('admin', {
        summary: `Upload an image for the announcement's image blocks (or its picture): multipart/form-data, one file in the field ${ANNOUNCEMENT_IMAGE_FIELD}, at most ${ANNOUNCEMENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB; JPEG, PNG, WebP, GIF or AVIF, stored as WebP at widths ${ANNOUNCEMENT_IMAGE_WIDTHS.join(', ')} (never wider than the upload)`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: announcementImageSchema, ...adminErrors, 422: e },
      }),
    ),
    async (request, reply) => {
      const { id } = request.params;
      // A missing or deleted announcement is settled before the upload is read.
      await requireAnnouncementForChange(app.db, id);
      const bytes = await readImageUpload(request);
      // Re-encoded through the image queue: at most UPLOAD_CONCURRENCY at once (decision 029).
      const variants = await app.imageQueue.run(() => normaliseAnnouncementImage(bytes));
      const image = await storeAnnouncementImage(app.db, id, request.user.sub, variants);
      return reply.code(201).send(image);
    },
  );
};
