import type {} from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/errors.ts';

/**
 * WebSocket /api/live (api/contracts/live.ts; docs/decisions/018-live-protocol.md). The route is
 * public: signing in happens inside the socket with an `auth` message, so the venue display connects
 * without an account. A plain HTTP GET (no upgrade) gets 426 in the usual error envelope.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/api/live',
    config: { access: 'public' },
    // Not describable in OpenAPI; the protocol lives in contracts/live.ts.
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.header('upgrade', 'websocket');
      reply.header('cache-control', 'no-store');
      return sendError(
        request,
        reply,
        426,
        'UPGRADE_REQUIRED',
        'This address speaks WebSocket: connect with a WebSocket client.',
      );
    },
    wsHandler: (socket, request) => {
      app.liveHub.accept(socket, request);
    },
  });
};
