import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userSearchQuerySchema,
  userUpdateBodySchema,
} from '../../contracts/accounts.ts';
import { errorEnvelopeSchema, idParamsSchema, pageQuerySchema } from '../../contracts/common.ts';
import { todayIn } from '../../domain/dates.ts';
import { departmentById } from '../departments/queries.ts';
import { departmentNotFound } from '../departments/service.ts';
import { getUser, listUsers, setUserActive, updateUser } from './service.ts';

const tags = ['users'];
const listResponses = {
  200: userPageSchema,
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
};

/** Users: list, search, filter, read, update, activate, deactivate; and a department's members. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Accounts by last name, first name; filters isVerified, isActive, departmentId, role and free text',
        querystring: userListQuerySchema,
        response: listResponses,
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/api/users/filter',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Accounts filtered (same filters as the list)',
        querystring: userListQuerySchema,
        response: listResponses,
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/api/users/search',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Accounts whose first name, last name or e-mail contains the query',
        querystring: userSearchQuerySchema,
        response: listResponses,
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: 'One account: your own, or anyone for an admin',
        params: idParamsSchema,
        response: {
          200: userSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => getUser(app.db, request.user, request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary:
          'Change an account: names, department, date of birth and best time; verification (admins) and role (super-admins)',
        params: idParamsSchema,
        body: userUpdateBodySchema,
        response: {
          200: userSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      updateUser(app.db, request.user, request.params.id, request.body, todayIn(app.config.siteTimeZone)),
  );

  const activationResponses = {
    200: userSchema,
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    422: errorEnvelopeSchema,
  };

  app.patch(
    '/api/users/:id/deactivate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deactivate an account and end its sessions (idempotent)',
        params: idParamsSchema,
        response: activationResponses,
      },
    },
    async (request) => setUserActive(app.db, request.user, request.params.id, false),
  );

  app.patch(
    '/api/users/:id/activate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Activate an account (idempotent)',
        params: idParamsSchema,
        response: activationResponses,
      },
    },
    async (request) => setUserActive(app.db, request.user, request.params.id, true),
  );

  // A department's members: served here, not by the departments module, so that departments never
  // imports users (docs/decisions/022). Tagged with the departments for the OpenAPI document.
  app.get(
    '/api/departments/:id/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['departments'],
        summary: "A department's members by last name, first name",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: {
          200: userPageSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await departmentById(app.db, id))) throw departmentNotFound();
      return listUsers(app.db, { ...request.query, departmentId: id });
    },
  );
};
