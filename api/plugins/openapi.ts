import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, declarePublic } from './access.ts';

/** The scheme every signed-in route names in its security requirement. */
export const BEARER_SCHEME = 'bearer';

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/**
 * A stable operationId from the method and the path (decision 049): `GET /api/events/{id}/picture` is
 * `getEventsByIdPicture`. Renaming a route renames its operation, which is what a client wants to notice.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .split('/')
    .filter((s) => s !== '' && s !== 'api')
    .map((s) => {
      const param = /^[:{](\w+)}?$/.exec(s)?.[1];
      return param ? `By${pascal(param)}` : pascal(s);
    });
  return method.toLowerCase() + segments.join('');
}

/** Public routes need nothing (decision 004); every other one a bearer token. */
export function securityOf(access: Access | undefined): Array<Record<string, string[]>> {
  return access === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
}

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
      // Paths carry their /api prefix, so the server is the site itself.
      servers: [{ url: app.config.publicUrl, description: 'This server' }],
      components: {
        securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const route: RouteOptions = input.route;
      const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
      const access = route.config?.access as Access | undefined;
      return {
        url,
        schema: {
          ...schema,
          operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url),
          security: securityOf(access),
          // The access level itself, for readers: owner-or-admin and admin both need a bearer token.
          'x-access': access,
        },
      };
    },
  });
  await app.register(async (docs) => {
    declarePublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
