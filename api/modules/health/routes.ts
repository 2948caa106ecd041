import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { pendingMigrations } from '../../db/migrate.ts';
import { DomainError } from '../../domain/errors.ts';

const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  pendingMigrations: z.array(z.string()),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers and every migration is applied',
        response: { 200: readySchema },
      },
    },
    async (request, reply) => {
      let pending: string[];
      try {
        await sql`select 1`.execute(app.db);
        pending = await pendingMigrations(app.db);
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database unavailable');
        throw new DomainError(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.', { database: 'down' });
      }
      if (pending.length > 0) {
        throw new DomainError(503, 'MIGRATIONS_PENDING', 'Database migrations are not all applied.', {
          database: 'up',
          pendingMigrations: pending,
        });
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ready' as const, database: 'up' as const, pendingMigrations: [] };
    },
  );
};
