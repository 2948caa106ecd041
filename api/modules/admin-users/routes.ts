import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserCreateBodySchema,
  adminUserUpdateBodySchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from '../../contracts/accounts.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { createAdminUser, getAdminUser, listAdminUsers, removeAdminRights, updateAdminUser } from './service.ts';

const tags = ['admin-users'];
const adminUserListQuerySchema = userListQuerySchema.pick({ page: true, limit: true, query: true });
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** Admin users under /api/admin-users: super-admin only (docs/decisions/011). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin-users',
    {
      config: { access: 'super-admin' },
      schema: {
        tags,
        summary: 'Accounts with admin rights (admin and super-admin), by last name, first name',
        querystring: adminUserListQuerySchema,
        response: { 200: userPageSchema, 400: errorEnvelopeSchema, ...denied },
      },
    },
    async (request) => listAdminUsers(app.db, request.query),
  );

  app.get(
    '/api/admin-users/:id',
    {
      config: { access: 'super-admin' },
      schema: {
        tags,
        summary: 'One account with admin rights',
        params: idParamsSchema,
        response: { 200: userSchema, 400: errorEnvelopeSchema, ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => getAdminUser(app.db, request.params.id),
  );

  app.post(
    '/api/admin-users/create',
    {
      config: { access: 'super-admin' },
      schema: {
        tags,
        summary: 'Create an admin or super-admin account, verified and active',
        body: adminUserCreateBodySchema,
        response: { 201: userSchema, 400: errorEnvelopeSchema, ...denied, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminUser(app.db, request.body)),
  );

  app.put(
    '/api/admin-users/:id',
    {
      config: { access: 'super-admin' },
      schema: {
        tags,
        summary: 'Change names, role or active state of an account with admin rights',
        params: idParamsSchema,
        body: adminUserUpdateBodySchema,
        response: {
          200: userSchema,
          400: errorEnvelopeSchema,
          ...denied,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => updateAdminUser(app.db, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/admin-users/:id',
    {
      config: { access: 'super-admin' },
      schema: {
        tags,
        summary: "Remove an account's admin rights: it becomes a plain user and is signed out",
        params: idParamsSchema,
        response: {
          200: userSchema,
          400: errorEnvelopeSchema,
          ...denied,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => removeAdminRights(app.db, request.user, request.params.id),
  );
};
