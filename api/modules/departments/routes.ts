import type { AppPlugin } from '../../app.ts';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import { publicDepartmentSchema } from '../../contracts/departments.ts';
import { notFound } from '../../domain/errors.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { publicDepartmentById } from './queries.ts';

const FIVE_MINUTES = 300;

export const publicDepartmentRoutes: AppPlugin = async (app) => {
  app.get(
    '/api/departments/:id',
    {
      config: { access: 'public', cacheSeconds: FIVE_MINUTES },
      schema: {
        tags: ['departments'],
        summary: "An active department's public card",
        params: idParamsSchema,
        response: { 200: publicDepartmentSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await readJson(app.publicReadCache, `departments:one:${id}`, publicDepartmentSchema, () => publicDepartmentById(app.db, id));
      if (!body) throw notFound('Department', 'DEPARTMENT_NOT_FOUND');
      return sendJson(reply, body);
    },
  );
};

/** Departments in the portal: list, search, filter, create, update, soft-delete, restore, members. */
export const departmentRoutes: AppPlugin = async () => {};
