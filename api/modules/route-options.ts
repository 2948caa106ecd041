import type { FastifySchema } from 'fastify';
import type { Access } from '../plugins/access.ts';

/** The OpenAPI security of a route that takes the bearer access token. */
const BEARER_SECURITY = [{ bearer: [] }];

/**
 * Options of a module's routes for signed-in callers: `route(access, schema)` declares the access and
 * documents the module's tags and the bearer security beside the rest of the schema.
 */
export function signedInRoutes(tags: string[]) {
  return <S extends FastifySchema>(access: Exclude<Access, 'public'>, schema: S) => ({
    config: { access },
    schema: { tags, security: BEARER_SECURITY, ...schema },
  });
}
