import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from './hub.ts';
import type { LiveStreamType } from './stream-type.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export interface LiveModuleOptions {
  /** The streams the socket serves; the first is the one the protocol's messages address (run orders). */
  streamTypes: readonly LiveStreamType[];
}

/**
 * The live module (docs/decisions/021-live-module-and-stream-types.md): decorates app.liveHub, LISTENs
 * from start-up, and closes every socket before the server stops. The route of /api/live is routes.ts.
 */
export const liveModule = fp<LiveModuleOptions>(
  async (app: FastifyInstance, options: LiveModuleOptions) => {
    const hub = new LiveHub(app, options.streamTypes);
    app.decorate('liveHub', hub);
    await hub.start();
    app.addHook('preClose', async () => {
      await hub.beginClose();
    });
    app.addHook('onClose', async () => {
      await hub.close();
    });
  },
  { name: 'live-hub' },
);
