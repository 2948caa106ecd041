import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAnnouncementDetailSchema,
  adminAnnouncementPageSchema,
  announcementDetailSchema,
  announcementImageParamsSchema,
  announcementImageQuerySchema,
  announcementsQuerySchema,
  asksForAdminView,
  featuredAnnouncementsQuerySchema,
  publicAnnouncementSchema,
} from '../../contracts/announcements.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { notFound } from '../../domain/errors.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { sendPicture } from '../pictures/service.ts';
import {
  adminAnnouncementById,
  announcementImagePictureId,
  isAnnouncementPublic,
  listAnnouncements,
  pageOfAdminAnnouncements,
  publicAnnouncementById,
  publicAnnouncementPictureId,
} from './queries.ts';

const tags = ['announcements'];
const ONE_MINUTE = 60;
const announcementListSchema = publicAnnouncementSchema.array();

/**
 * The reads. The list and the detail answer an admin (bearer token) with the admin view, around the public
 * read cache: hidden, draft, scheduled and (on request) deleted items, with filters (docs/decisions/036).
 */
export const publicAnnouncementRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.publicReadCache;
  const adminCaller = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return false;
    const caller = await optionalCaller(app, request);
    return caller !== undefined && isAdmin(caller.role);
  };
  const list = (order: 'asc' | 'desc', limit: number | undefined) =>
    readJson(cache, `announcements:list:${order}:${limit ?? 'all'}`, announcementListSchema, () =>
      listAnnouncements(app.db, new Date(), { order, limit }),
    );

  app.get(
    '/api/announcements',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary:
          'Published announcements: pinned first, then by publication time (newest first by default). An admin (bearer token) asking for view=admin (or any admin filter) gets a page of every announcement, hidden, draft and scheduled ones included, with the filters isVisible, isPinned, status, deleted and query',
        querystring: announcementsQuerySchema,
        // The admin page first: its shape ({data, meta}) never passes as the public array.
        response: {
          200: z.union([adminAnnouncementPageSchema, announcementListSchema]),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'authorization');
      if (asksForAdminView(request.query) && (await adminCaller(request))) {
        reply.header('cache-control', 'private, no-store');
        return pageOfAdminAnnouncements(app.db, new Date(), request.query);
      }
      return sendJson(reply, await list(request.query.order, request.query.limit));
    },
  );

  app.get(
    '/api/announcements/featured',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary: 'Featured announcements: pinned first, then the latest',
        querystring: featuredAnnouncementsQuerySchema,
        response: { 200: announcementListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendJson(reply, await list('desc', request.query.limit)),
  );

  app.get(
    '/api/announcements/:id',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary:
          'One published announcement, wrapped in data; an admin (bearer token) gets the admin view of any announcement, drafts, scheduled and deleted ones included',
        params: idParamsSchema,
        response: {
          200: z.union([adminAnnouncementDetailSchema, announcementDetailSchema]),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      reply.header('vary', 'authorization');
      if (await adminCaller(request)) {
        const announcement = await adminAnnouncementById(app.db, new Date(), id);
        if (!announcement) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
        reply.header('cache-control', 'private, no-store');
        return { data: announcement };
      }
      const body = await readJson(cache, `announcements:one:${id}`, announcementDetailSchema, async () => {
        const announcement = await publicAnnouncementById(app.db, new Date(), id);
        return announcement && { data: announcement };
      });
      if (!body) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/announcements/:id/picture',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The announcement's picture (bytes in its own content type); an admin also gets the picture of a hidden one",
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The image bytes'), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const pictureId = await publicAnnouncementPictureId(app.db, new Date(), id);
      if (pictureId !== undefined) return sendPicture(app.db, request, reply, pictureId, 'Announcement picture');
      if (!(await adminCaller(request))) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
      const hidden = await app.db
        .selectFrom('announcements')
        .select('picture_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!hidden) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
      return sendPicture(app.db, request, reply, hidden.picture_id, 'Announcement picture', {
        cacheControl: 'private, no-store',
      });
    },
  );

  app.get(
    '/api/announcements/:id/images/:imageId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'An image of an announcement body, at the stored width nearest below ?width (480, 960 or 1600, never wider than the upload); public once the announcement is, an admin (bearer token) sees them before',
        params: announcementImageParamsSchema,
        querystring: announcementImageQuerySchema,
        response: { 200: z.unknown().describe('The image bytes'), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id, imageId } = request.params;
      const isPublic = await isAnnouncementPublic(app.db, new Date(), id);
      if (!isPublic && !(await adminCaller(request))) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
      const pictureId = await announcementImagePictureId(app.db, id, imageId, request.query.width);
      // Images never change under their id, so a public one is kept a long time.
      return sendPicture(app.db, request, reply, pictureId, 'Announcement image', {
        cacheControl: isPublic ? 'public, max-age=86400' : 'private, no-store',
      });
    },
  );
};
