import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementDetailSchema,
  announcementListQuerySchema,
  featuredAnnouncementsQuerySchema,
  publicAnnouncementSchema,
} from '../../contracts/announcements.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { notFound } from '../../domain/errors.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { sendPicture } from '../pictures/service.ts';
import { listAnnouncements, publicAnnouncementById, publicAnnouncementPictureId } from './queries.ts';

const tags = ['announcements'];
const ONE_MINUTE = 60;
const announcementListSchema = publicAnnouncementSchema.array();

export const publicAnnouncementRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.publicReadCache;
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
        summary: 'Published announcements: pinned first, then by publication time (newest first by default)',
        querystring: announcementListQuerySchema,
        response: { 200: announcementListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendJson(reply, await list(request.query.order, request.query.limit)),
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
        summary: 'One published announcement, wrapped in data',
        params: idParamsSchema,
        response: { 200: announcementDetailSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
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
        summary: "The announcement's picture (bytes in its own content type)",
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The image bytes'), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const pictureId = await publicAnnouncementPictureId(app.db, new Date(), request.params.id);
      if (pictureId === undefined) throw notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');
      return sendPicture(app.db, request, reply, pictureId, 'Announcement picture');
    },
  );
};
