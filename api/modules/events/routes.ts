import { idParamsSchema } from '../../contracts/common.ts';
import {
  byYearParamsSchema,
  byYearQuerySchema,
  currentSeasonYearSchema,
  publicEventSchema,
  upcomingQuerySchema,
  yearListSchema,
} from '../../contracts/events.ts';
import { yearOf } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import type { AppPlugin } from '../../app.ts';
import { sendPicture } from '../pictures/service.ts';
import { availableYears, clockFor, eventsByYear, publicEventById, publicEventPictureId, upcomingEvents } from './queries.ts';

const FIVE_MINUTES = 300;
const tags = ['events'];

export const publicEventRoutes: AppPlugin = async (app) => {
  const clock = () => clockFor(app.config.siteTimeZone);

  app.get(
    '/api/events/upcoming',
    {
      config: { access: 'public', cacheSeconds: 60 },
      schema: { tags, summary: 'Events that have not ended, soonest first', querystring: upcomingQuerySchema, response: { 200: publicEventSchema.array() } },
    },
    async (request) => upcomingEvents(app.db, clock(), request.query.limit),
  );

  app.get(
    '/api/events/by-year/:year',
    {
      config: { access: 'public', cacheSeconds: 60 },
      schema: {
        tags,
        summary: 'Public events starting in a year, latest first',
        params: byYearParamsSchema,
        querystring: byYearQuerySchema,
        response: { 200: publicEventSchema.array() },
      },
    },
    async (request) => eventsByYear(app.db, clock(), request.params.year, request.query),
  );

  app.get(
    '/api/events/available-years',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: { tags, summary: 'Years that have public events', response: { 200: yearListSchema } },
    },
    async () => availableYears(app.db, clock()),
  );

  app.get(
    '/api/events/current-season-year',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: { tags, summary: 'The current season: the calendar year in the site time zone', response: { 200: currentSeasonYearSchema } },
    },
    async () => ({ year: yearOf(clock().today) }),
  );

  app.get(
    '/api/events/:id',
    {
      config: { access: 'public', cacheSeconds: 60 },
      schema: { tags, summary: 'One public event', params: idParamsSchema, response: { 200: publicEventSchema } },
    },
    async (request) => {
      const event = await publicEventById(app.db, clock(), request.params.id);
      if (!event) throw notFound('Event', 'EVENT_NOT_FOUND');
      return event;
    },
  );

  app.get(
    '/api/events/:id/picture',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The event's picture", params: idParamsSchema },
    },
    async (request, reply) => {
      const pictureId = await publicEventPictureId(app.db, clock(), request.params.id);
      if (pictureId === undefined) throw notFound('Event', 'EVENT_NOT_FOUND');
      return sendPicture(app.db, request, reply, pictureId, 'Event picture');
    },
  );
};
