import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import {
  activeEventsQuerySchema,
  adminEventListQuerySchema,
  adminEventPageSchema,
  adminEventSchema,
  EVENT_PICTURE_BOX,
  EVENT_PICTURE_FIELD,
  EVENT_PICTURE_MAX_BYTES,
  eventCreateBodySchema,
  eventStatusParamsSchema,
  eventUpdateBodySchema,
  publicEventPageSchema,
  statusTransitionBodySchema,
} from '../../contracts/events.ts';
import { eventRegistrationsQuerySchema, registrationEntryPageSchema } from '../../contracts/runs.ts';
import { badRequest, ruleBroken } from '../../domain/errors.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { readUploadedFile } from '../pictures/upload.ts';
import { registerUploadRateLimit, withUploadRateLimit } from '../pictures/upload-limits.ts';
import { pageOfRegistrations, toRegistrationEntry } from '../registrations/queries.ts';
import { signedInRoutes } from '../route-options.ts';
import { eventForRuns, pageOfAdminEvents } from './admin-queries.ts';
import {
  createEvent,
  eventNotFound,
  normaliseEventPicture,
  PICTURE_MESSAGES,
  replaceEventPicture,
  requireEventForChange,
  setEventActive,
  softDeleteEvent,
  transitionEventStatus,
  updateEvent,
} from './admin-service.ts';
import { activeEvents, clockFor } from './queries.ts';

const ONE_MINUTE = 60;
const tags = ['events'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const adminErrors = { 400: e, 401: e, 403: e, 404: e };

/** The one picture of an upload, as bytes; every way the upload can be wrong is an envelope, never a 500. */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  const upload = await readUploadedFile(request, EVENT_PICTURE_FIELD);
  switch (upload.kind) {
    case 'file':
      return upload.bytes;
    case 'missing':
      throw badRequest('PICTURE_REQUIRED', PICTURE_MESSAGES.required);
    case 'too-large':
      throw ruleBroken('PICTURE_TOO_LARGE', PICTURE_MESSAGES.tooLarge, { maxBytes: EVENT_PICTURE_MAX_BYTES });
    case 'unreadable':
      request.log.info({ err: upload.error }, 'unreadable multipart upload');
      throw badRequest(
        'INVALID_UPLOAD',
        `The upload could not be read: send one file in the field ${EVENT_PICTURE_FIELD} as multipart/form-data.`,
      );
  }
}

/**
 * Events in the portal: list, filter, active, by status, create, update, soft-delete,
 * activate, deactivate, registrations, status transitions, picture. GET /events/{id} is the public
 * route, which answers an admin with the admin view (routes.ts). Every write clears the public read cache.
 */
export const eventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the picture upload reads multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: EVENT_PICTURE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  // At most UPLOAD_RATE_LIMIT uploads per user in ten minutes (decision 029).
  const uploadRateLimit = await registerUploadRateLimit(app);
  const clock = () => clockFor(app.config.siteTimeZone);
  const cache = app.publicReadCache;

  const listSchema = {
    querystring: adminEventListQuerySchema,
    response: { 200: adminEventPageSchema, 400: e, 401: e, 403: e },
  };
  const filters =
    'isActive, status (comma list), scope (comma list), year, departmentId, query (name, city, province, slug)';

  app.get(
    '/api/events',
    signedIn('admin', {
      ...listSchema,
      summary: `Events that are not deleted, drafts and inactive ones included, latest first; filters ${filters}`,
    }),
    async (request) => pageOfAdminEvents(app.db, clock(), request.query),
  );

  app.get(
    '/api/events/filter',
    signedIn('admin', { ...listSchema, summary: `Events filtered by ${filters} (same as the list)` }),
    async (request) => pageOfAdminEvents(app.db, clock(), request.query),
  );

  app.get(
    '/api/events/status/:status',
    signedIn('admin', {
      ...listSchema,
      summary: 'Events in one status (In Progress may be written in-progress), with the same filters as the list',
      params: eventStatusParamsSchema,
      querystring: adminEventListQuerySchema.omit({ status: true }),
    }),
    async (request) => pageOfAdminEvents(app.db, clock(), { ...request.query, status: [request.params.status] }),
  );

  app.get(
    '/api/events/active',
    {
      config: { access: 'public', cacheSeconds: ONE_MINUTE },
      schema: {
        tags,
        summary: 'Public: the events the public site shows (active, published, not deleted), latest first, paginated',
        querystring: activeEventsQuerySchema,
        response: { 200: publicEventPageSchema, 400: e },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { page, limit } = request.query;
      const body = await readJson(cache, `events:active:${now.today}:${page}:${limit}`, publicEventPageSchema, () =>
        activeEvents(app.db, now, { page, limit }),
      );
      return sendJson(reply, body);
    },
  );

  app.post(
    '/api/events',
    signedIn('admin', {
      summary:
        'Create an event: a Draft, with a unique slug from its name and start year; dates checked (422 INVALID_EVENT_DATES)',
      body: eventCreateBodySchema,
      response: { 201: adminEventSchema, 400: e, 401: e, 403: e, 422: e },
    }),
    async (request, reply) => {
      const event = await createEvent(app.db, clock(), request.body);
      cache.clear();
      return reply.code(201).header('location', `/api/events/${event.id}`).send(event);
    },
  );

  app.put(
    '/api/events/:id',
    signedIn('admin', {
      summary:
        'Change an event; fields left out stay as they are. The status changes through transition-status; the slug never changes',
      params: idParamsSchema,
      body: eventUpdateBodySchema,
      response: { 200: adminEventSchema, ...adminErrors, 422: e },
    }),
    async (request) => {
      const event = await updateEvent(app.db, clock(), request.params.id, request.body);
      cache.clear();
      return event;
    },
  );

  app.delete(
    '/api/events/:id',
    signedIn('admin', {
      summary: 'Soft-delete an event: it leaves every list and public page (an admin can still read it by id)',
      params: idParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...adminErrors },
    }),
    async (request, reply) => {
      await softDeleteEvent(app.db, request.params.id);
      cache.clear();
      return reply.code(204).send(null);
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.patch(
      `/api/events/:id/${action}`,
      signedIn('admin', {
        summary: active
          ? 'Activate an event (shown publicly unless it is a Draft)'
          : 'Deactivate an event: hidden from the public until activated',
        params: idParamsSchema,
        response: { 200: adminEventSchema, ...adminErrors },
      }),
      async (request) => {
        const event = await setEventActive(app.db, clock(), request.params.id, active);
        cache.clear();
        return event;
      },
    );
  }

  app.get(
    '/api/events/:id/registrations',
    signedIn('admin', {
      summary:
        "An event's registrations (not deleted), by run; filters status (comma list), runId, hasWaitlistPosition",
      params: idParamsSchema,
      querystring: eventRegistrationsQuerySchema,
      response: { 200: registrationEntryPageSchema, ...adminErrors },
    }),
    async (request) => {
      const { id } = request.params;
      if (!(await eventForRuns(app.db, id))) throw eventNotFound();
      const { page, limit, ...filter } = request.query;
      return pageOfRegistrations(
        app.db,
        { ...filter, eventId: id },
        { page, limit },
        { order: 'runs', as: toRegistrationEntry },
      );
    },
  );

  app.post(
    '/api/events/:id/transition-status',
    signedIn('admin', {
      summary:
        'Change the status along the status machine (docs/decisions/015): Draft, Tentative, Confirmed, Firm, In Progress, Completed; Cancelled or To Be Rescheduled from any status that is not final; To Be Rescheduled back to Tentative. 409 INVALID_STATUS_TRANSITION names the allowed targets',
      params: idParamsSchema,
      body: statusTransitionBodySchema,
      response: { 200: adminEventSchema, ...adminErrors, 409: e },
    }),
    async (request) => {
      const event = await transitionEventStatus(app.db, clock(), request.params.id, request.body.status);
      cache.clear();
      return event;
    },
  );

  app.post(
    '/api/events/:id/upload-picture',
    withUploadRateLimit(
      uploadRateLimit,
      signedIn('admin', {
        summary: `Upload the event picture: multipart/form-data, one file in the field ${EVENT_PICTURE_FIELD}, at most ${EVENT_PICTURE_MAX_BYTES / (1024 * 1024)} MB; JPEG, PNG or WebP, stored as WebP within ${EVENT_PICTURE_BOX.width}x${EVENT_PICTURE_BOX.height}; replaces the previous one`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: adminEventSchema, ...adminErrors, 422: e },
      }),
    ),
    async (request) => {
      const { id } = request.params;
      // A missing or deleted event is settled before the upload is read.
      await requireEventForChange(app.db, id);
      const bytes = await readPictureUpload(request);
      // Re-encoded through the image queue: at most UPLOAD_CONCURRENCY at once (decision 029).
      const image = await app.imageQueue.run(() => normaliseEventPicture(bytes));
      const event = await replaceEventPicture(app.db, clock(), id, image);
      cache.clear();
      return event;
    },
  );
};
