import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import {
  adminEventSchema,
  byYearParamsSchema,
  byYearQuerySchema,
  currentSeasonYearSchema,
  publicEventSchema,
  upcomingQuerySchema,
  yearListSchema,
} from '../../contracts/events.ts';
import { yearOf } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { sendPicture } from '../pictures/service.ts';
import { adminEventById, anyEventPictureId } from './admin-queries.ts';
import {
  availableYears,
  clockFor,
  eventsByYear,
  publicEventById,
  publicEventPictureId,
  upcomingEvents,
} from './queries.ts';

const ONE_MINUTE = 60;
const FIVE_MINUTES = 300;
const tags = ['events'];
const eventListSchema = publicEventSchema.array();

export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = () => clockFor(app.config.siteTimeZone);
  const cache = app.publicReadCache;

  app.get(
    '/api/events/upcoming',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary: 'Public events that have not ended and are not cancelled, soonest first',
        querystring: upcomingQuerySchema,
        response: { 200: eventListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { limit } = request.query;
      const body = await readJson(cache, `events:upcoming:${now.today}:${limit}`, eventListSchema, () =>
        upcomingEvents(app.db, now, limit),
      );
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/events/by-year/:year',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary: 'Public events starting in a year, latest first; scope and status are comma lists',
        params: byYearParamsSchema,
        querystring: byYearQuerySchema,
        response: { 200: eventListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { year } = request.params;
      const key = `events:by-year:${now.today}:${year}:${JSON.stringify(request.query)}`;
      const body = await readJson(cache, key, eventListSchema, () => eventsByYear(app.db, now, year, request.query));
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/events/available-years',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: { tags, summary: 'Years that have public events, oldest first', response: { 200: yearListSchema } },
    },
    async (_request, reply) => {
      const body = await readJson(cache, 'events:available-years', yearListSchema, () => availableYears(app.db));
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/events/current-season-year',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: {
        tags,
        summary: 'The current season: the calendar year in the site time zone',
        response: { 200: currentSeasonYearSchema },
      },
    },
    async () => ({ year: yearOf(clock().today) }),
  );

  app.get(
    '/api/events/:id',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary:
          'One public event; an admin (bearer token) gets the admin view of any event, drafts and deleted ones included',
        params: idParamsSchema,
        // The admin view first: a public event would also pass the public schema, losing its admin fields.
        response: {
          200: z.union([adminEventSchema, publicEventSchema]),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { id } = request.params;
      reply.header('vary', 'authorization');
      if (request.headers.authorization) {
        const caller = await optionalCaller(app, request);
        if (caller && isAdmin(caller.role)) {
          // Read fresh, around the public read cache, and never stored by a shared cache.
          const event = await adminEventById(app.db, now, id);
          if (!event) throw notFound('Event', 'EVENT_NOT_FOUND');
          reply.header('cache-control', 'private, no-store');
          return event;
        }
      }
      const body = await readJson(cache, `events:one:${now.today}:${id}`, publicEventSchema, () =>
        publicEventById(app.db, now, id),
      );
      if (!body) throw notFound('Event', 'EVENT_NOT_FOUND');
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/events/:id/picture',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The event's picture (bytes in its own content type); an admin also gets the picture of a hidden event",
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The image bytes'), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const pictureId = await publicEventPictureId(app.db, id);
      if (pictureId !== undefined) return sendPicture(app.db, request, reply, pictureId, 'Event picture');
      // A draft, inactive or deleted event: only an admin previews its picture, never through a shared cache.
      const caller = request.headers.authorization ? await optionalCaller(app, request) : undefined;
      const hiddenPictureId = caller && isAdmin(caller.role) ? await anyEventPictureId(app.db, id) : undefined;
      if (hiddenPictureId === undefined) throw notFound('Event', 'EVENT_NOT_FOUND');
      return sendPicture(app.db, request, reply, hiddenPictureId, 'Event picture', {
        cacheControl: 'private, no-store',
      });
    },
  );
};
