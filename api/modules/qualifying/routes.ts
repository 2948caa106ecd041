import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import {
  qualifyingStandardBodySchema,
  qualifyingStandardListQuerySchema,
  qualifyingStandardListSchema,
  qualifyingStandardSchema,
} from '../../contracts/qualifying.ts';
import { signedInRoutes } from '../route-options.ts';
import { listStandards } from './queries.ts';
import { createStandard, deleteStandard, updateStandard } from './service.ts';

const route = signedInRoutes(['qualifying standards']);
const e = errorEnvelopeSchema;
const errors = { 400: e, 401: e, 403: e };
const BASE = '/api/qualifying-standards';

/**
 * National qualifying standards in the portal (docs/decisions/068-qualifying-standards.md): admins list,
 * add, change and delete a season's standards. Every change clears the public read cache, since the Q
 * flags and the qualified list follow the standards.
 */
export const qualifyingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    route('admin', {
      summary: "A season's qualifying standards (every season's without ?season), newest season first",
      querystring: qualifyingStandardListQuerySchema,
      response: { 200: qualifyingStandardListSchema, ...errors },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await listStandards(app.db, request.query.season) };
    },
  );

  app.post(
    BASE,
    route('admin', {
      summary:
        'Add a qualifying standard: season, run type, run category and the slowest qualifying official time (409 QUALIFYING_STANDARD_EXISTS when the season has one for that run type and category)',
      body: qualifyingStandardBodySchema,
      response: { 201: qualifyingStandardSchema, ...errors, 409: e },
    }),
    async (request, reply) => {
      const standard = await createStandard(app.db, request.body);
      app.publicReadCache.clear();
      return reply.status(201).send(standard);
    },
  );

  app.put(
    `${BASE}/:id`,
    route('admin', {
      summary: 'Change a qualifying standard (the whole standard)',
      params: idParamsSchema,
      body: qualifyingStandardBodySchema,
      response: { 200: qualifyingStandardSchema, ...errors, 404: e, 409: e },
    }),
    async (request) => {
      const standard = await updateStandard(app.db, request.params.id, request.body);
      app.publicReadCache.clear();
      return standard;
    },
  );

  app.delete(
    `${BASE}/:id`,
    route('admin', {
      summary: 'Delete a qualifying standard',
      params: idParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors, 404: e },
    }),
    async (request, reply) => {
      await deleteStandard(app.db, request.params.id);
      app.publicReadCache.clear();
      return reply.code(204).send(null);
    },
  );
};
