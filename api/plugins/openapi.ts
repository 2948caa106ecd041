import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declarePublic } from './access.ts';

/** OpenAPI 3.1 generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FireFit Canada API',
        description: 'Public site and management portal of the FireFit Canada competition series.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declarePublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
