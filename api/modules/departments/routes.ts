import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  departmentBodySchema,
  departmentListQuerySchema,
  departmentPageSchema,
  departmentSchema,
  departmentSearchQuerySchema,
  departmentUpdateBodySchema,
} from '../../contracts/accounts.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { departmentById, pageOfDepartments, visibleDepartmentById } from './queries.ts';
import { createDepartment, departmentNotFound, setDepartmentDeleted, updateDepartment } from './service.ts';

const FIVE_MINUTES = 300;
const tags = ['departments'];

/**
 * GET /api/departments/{id}: public. Anyone sees an active, not deleted department (cached, like
 * the other public reads); an admin sees any, soft-deleted ones included, read fresh and never
 * stored by a shared cache (docs/decisions/011).
 */
export const publicDepartmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departments/:id',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: {
        tags,
        summary: 'One department: active ones for anyone, any one (deleted included) for an admin',
        params: idParamsSchema,
        response: { 200: departmentSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      reply.header('vary', 'authorization');
      const caller = await optionalCaller(app, request);
      if (caller && isAdmin(caller.role)) {
        const department = await departmentById(app.db, id);
        if (!department) throw departmentNotFound();
        reply.header('cache-control', 'private, no-store');
        return department;
      }
      const body = await readJson(app.publicReadCache, `departments:one:${id}`, departmentSchema, () =>
        visibleDepartmentById(app.db, id),
      );
      if (!body) throw departmentNotFound();
      return sendJson(reply, body);
    },
  );
};

/**
 * Departments in the portal: list, search, filter, create, update, soft-delete, restore. Their members
 * (GET /api/departments/{id}/users) are served by the users module.
 */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = {
    tags,
    querystring: departmentListQuerySchema,
    response: { 200: departmentPageSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
  };

  app.get(
    '/api/departments',
    {
      config: { access: 'user' },
      schema: {
        ...listSchema,
        summary: 'Departments by name; admins also see inactive ones, and with deleted=true the soft-deleted ones',
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return pageOfDepartments(app.db, { ...filter, asAdmin: isAdmin(request.user.role) }, { page, limit });
    },
  );

  app.get(
    '/api/departments/filter',
    {
      config: { access: 'user' },
      schema: { ...listSchema, summary: 'Departments filtered by isActive, deleted and free text (same as the list)' },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return pageOfDepartments(app.db, { ...filter, asAdmin: isAdmin(request.user.role) }, { page, limit });
    },
  );

  app.get(
    '/api/departments/search',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Departments whose name or city contains the query',
        querystring: departmentSearchQuerySchema,
        response: { 200: departmentPageSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { page, limit, query } = request.query;
      return pageOfDepartments(app.db, { query, asAdmin: isAdmin(request.user.role) }, { page, limit });
    },
  );

  app.post(
    '/api/departments',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a department',
        body: departmentBodySchema,
        response: {
          201: departmentSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const department = await createDepartment(app.db, request.body);
      app.publicReadCache.clear();
      return reply.status(201).send(department);
    },
  );

  app.put(
    '/api/departments/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a department (a soft-deleted one must be restored first)',
        params: idParamsSchema,
        body: departmentUpdateBodySchema,
        response: {
          200: departmentSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const department = await updateDepartment(app.db, request.params.id, request.body);
      app.publicReadCache.clear();
      return department;
    },
  );

  const stateChangeResponses = {
    200: departmentSchema,
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };

  app.post(
    '/api/departments/:id/soft-delete',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Soft-delete a department: it leaves every list and public page until restored',
        params: idParamsSchema,
        response: stateChangeResponses,
      },
    },
    async (request) => {
      const department = await setDepartmentDeleted(app.db, request.params.id, true);
      app.publicReadCache.clear();
      return department;
    },
  );

  app.post(
    '/api/departments/:id/restore',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Restore a soft-deleted department',
        params: idParamsSchema,
        response: stateChangeResponses,
      },
    },
    async (request) => {
      const department = await setDepartmentDeleted(app.db, request.params.id, false);
      app.publicReadCache.clear();
      return department;
    },
  );
};
