import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamsSchema, pageQuerySchema } from '../../contracts/common.ts';
import {
  participantLimitBodySchema,
  participantLimitResultSchema,
  RUN_LIMITS,
  registrationEntryPageSchema,
  runCreateBodySchema,
  runListQuerySchema,
  runOrderPageSchema,
  runPageSchema,
  runRegistrationsQuerySchema,
  runSchema,
  runTypeParamsSchema,
  runUpdateBodySchema,
  scheduleBodySchema,
  validateRunTypesQuerySchema,
  validateRunTypesResultSchema,
} from '../../contracts/runs.ts';
import { parseRunTypes, RUN_TYPES } from '../../domain/runs/categories.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { eventForRuns } from '../events/admin-queries.ts';
import { clockFor } from '../events/queries.ts';
import { pageOfRegistrations, toRegistrationEntry } from '../registrations/queries.ts';
import { signedInRoutes } from '../route-options.ts';
import { runOrderSummaries } from '../run-orders/queries/summaries.ts';
import { pageOfEventRuns, pageOfPublicRunsOfType, pageOfRuns, runById } from './queries.ts';
import { createRun, eventNotFound, runNotFound, scheduleRun, setParticipantLimit, updateRun } from './service.ts';

const tags = ['runs'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const adminErrors = { 400: e, 401: e, 403: e, 404: e };

/**
 * Runs. Public reads revalidate on every use (ETag, 304) since their counts move with
 * every registration; an admin's answers (which may show hidden runs) are never stored by a shared cache.
 */
export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = () => clockFor(app.config.siteTimeZone);
  const context = () => ({ clock: clock(), timeZone: app.config.siteTimeZone });
  const cache = app.publicReadCache;

  /** Whether the caller of a public read is an admin; every such answer varies by the Authorization header. */
  async function asAdmin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    reply.header('vary', 'authorization');
    const caller = await optionalCaller(app, request);
    const admin = caller !== undefined && isAdmin(caller.role);
    reply.header('cache-control', admin ? 'private, no-store' : 'public, no-cache');
    return admin;
  }

  /** A run the caller may see, else 404 RUN_NOT_FOUND. */
  async function visibleRun(id: number, admin: boolean) {
    const run = await runById(app.db, clock(), id, admin);
    if (!run) throw runNotFound();
    return run;
  }

  app.get(
    '/api/runs',
    signedIn('admin', {
      summary:
        'Runs of events that are not deleted (inactive ones too), latest event first; filters eventId, type, isHeadToHead, isActive',
      querystring: runListQuerySchema,
      response: { 200: runPageSchema, 400: e, 401: e, 403: e },
    }),
    async (request) => pageOfRuns(app.db, clock(), request.query),
  );

  app.post(
    '/api/runs',
    signedIn('admin', {
      summary: `Create a run: the category must be one of its type's; participantLimit ${RUN_LIMITS.participantLimitMin}-${RUN_LIMITS.participantLimitMax}; a schedule on the event's day(s)`,
      body: runCreateBodySchema,
      response: { 201: runSchema, 400: e, 401: e, 403: e, 422: e },
    }),
    async (request, reply) => {
      const run = await createRun(app.db, context(), request.body);
      cache.clear();
      return reply.code(201).header('location', `/api/runs/${run.id}`).send(run);
    },
  );

  app.get(
    '/api/runs/event/:id',
    {
      config: { access: 'public', cacheSeconds: 0 },
      schema: {
        tags,
        summary:
          "An event's runs by start time: the active runs of a public event for anyone, every run of any event for an admin",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: runPageSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const admin = await asAdmin(request, reply);
      const now = clock();
      if (admin) {
        if (!(await eventForRuns(app.db, id))) throw eventNotFound();
        return pageOfEventRuns(app.db, now, id, true, request.query);
      }
      const { page, limit } = request.query;
      const body = await readJson(cache, `runs:event:${now.today}:${id}:${page}:${limit}`, runPageSchema, async () => {
        const event = await eventForRuns(app.db, id);
        return event?.isPublic ? pageOfEventRuns(app.db, now, id, false, { page, limit }) : undefined;
      });
      if (!body) throw eventNotFound();
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/runs/type/:type',
    {
      config: { access: 'public', cacheSeconds: 0 },
      schema: {
        tags,
        summary: `Active runs of a type (${RUN_TYPES.join(', ')}) at public events, latest event first`,
        params: runTypeParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: runPageSchema, 400: e },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { type } = request.params;
      const { page, limit } = request.query;
      reply.header('cache-control', 'public, no-cache');
      const body = await readJson(cache, `runs:type:${now.today}:${type}:${page}:${limit}`, runPageSchema, () =>
        pageOfPublicRunsOfType(app.db, now, type, { page, limit }),
      );
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/runs/:id',
    {
      config: { access: 'public', cacheSeconds: 0 },
      schema: {
        tags,
        summary: 'One run: an active run of a public event for anyone, any run for an admin',
        params: idParamsSchema,
        response: { 200: runSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (await asAdmin(request, reply)) return visibleRun(id, true);
      const now = clock();
      const body = await readJson(cache, `runs:one:${now.today}:${id}`, runSchema, () =>
        runById(app.db, now, id, false),
      );
      if (!body) throw runNotFound();
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/runs/:id/registrations',
    signedIn('admin', {
      summary:
        "A run's registrations (not deleted): confirmed, then waitlisted by position, then cancelled; filters status (comma list), hasWaitlistPosition",
      params: idParamsSchema,
      querystring: runRegistrationsQuerySchema,
      response: { 200: registrationEntryPageSchema, ...adminErrors },
    }),
    async (request) => {
      const { id } = request.params;
      await visibleRun(id, true);
      const { page, limit, ...filter } = request.query;
      return pageOfRegistrations(
        app.db,
        { ...filter, runId: id },
        { page, limit },
        { order: 'runs', as: toRegistrationEntry },
      );
    },
  );

  app.get(
    '/api/runs/:id/run-orders',
    signedIn('admin', {
      summary: "A run's run order in brief (at most one; an empty page before it is created or generated)",
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: runOrderPageSchema, ...adminErrors },
    }),
    async (request) => {
      await visibleRun(request.params.id, true);
      const { page, limit } = request.query;
      const orders = await runOrderSummaries(app.db, request.params.id);
      return { data: page === 1 ? orders : [], meta: { total: orders.length, page, perPage: limit } };
    },
  );

  app.get(
    '/api/runs/:id/validate-run-types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `Checks a comma list of run types (runTypes=individual,relay): valid when all are known (${RUN_TYPES.join(', ')}); names the unknown ones`,
        params: idParamsSchema,
        querystring: validateRunTypesQuerySchema,
        response: { 200: validateRunTypesResultSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const run = await visibleRun(request.params.id, await asAdmin(request, reply));
      const { valid, invalid } = parseRunTypes(request.query.runTypes);
      return {
        valid: invalid.length === 0,
        invalid,
        allowed: [...RUN_TYPES],
        runType: run.type,
        includesRunType: valid.includes(run.type),
      };
    },
  );

  app.put(
    '/api/runs/:id',
    signedIn('admin', {
      summary: 'Change a run; fields left out stay as they are (the type is fixed once it has registrations)',
      params: idParamsSchema,
      body: runUpdateBodySchema,
      response: { 200: runSchema, ...adminErrors, 422: e },
    }),
    async (request) => {
      const run = await updateRun(app.db, context(), request.params.id, request.body);
      cache.clear();
      return run;
    },
  );

  app.patch(
    '/api/runs/:id/participant-limit',
    signedIn('admin', {
      summary: `Set the participant limit (${RUN_LIMITS.participantLimitMin}-${RUN_LIMITS.participantLimitMax}). Lowering it below the confirmed count removes nobody (the answer's warning says so); raising it promotes the waitlist in order into the freed places (promotedCount)`,
      params: idParamsSchema,
      body: participantLimitBodySchema,
      response: { 200: participantLimitResultSchema, ...adminErrors },
    }),
    async (request) => {
      const result = await setParticipantLimit(app.eventStore, clock(), request.params.id, request.body.limit, {
        actorId: request.user.sub,
        requestId: request.id,
      });
      cache.clear();
      return result;
    },
  );

  app.post(
    '/api/runs/:id/schedule',
    signedIn('admin', {
      summary: `Schedule a run: ISO date-times, the end after the start, both on the event's day(s) in the site time zone (422 SCHEDULE_OUTSIDE_EVENT)`,
      params: idParamsSchema,
      body: scheduleBodySchema,
      response: { 200: runSchema, ...adminErrors, 422: e },
    }),
    async (request) => {
      const run = await scheduleRun(app.db, context(), request.params.id, request.body);
      cache.clear();
      return run;
    },
  );
};
