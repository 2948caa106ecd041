import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROJECTIONS } from '../projections/registry.ts';
import type { Config } from './config.ts';
import { findNul, nulMessage } from './contracts/common.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createEventStore, type EventStore } from './event-store/store.ts';
import { loggerOptions } from './logging.ts';
import { adminUserRoutes } from './modules/admin-users/routes.ts';
import { announcementAdminRoutes } from './modules/announcements/admin-routes.ts';
import { publicAnnouncementRoutes } from './modules/announcements/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backupRoutes } from './modules/backups/routes.ts';
import { bioRoutes } from './modules/bios/routes.ts';
import { departmentRoutes, publicDepartmentRoutes } from './modules/departments/routes.ts';
import { documentRendererPlugin } from './modules/documents/renderer.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { eventAdminRoutes } from './modules/events/admin-routes.ts';
import { publicEventRoutes } from './modules/events/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { legacyRoutes } from './modules/legacy/routes.ts';
import { liveModule } from './modules/live/live-module.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { mailerPlugin } from './modules/mail/mailer.ts';
import { imageQueuePlugin } from './modules/pictures/upload-limits.ts';
import { publicResultRoutes } from './modules/public-results/routes.ts';
import { qualifyingRoutes } from './modules/qualifying/routes.ts';
import { registrationRoutes } from './modules/registrations/routes.ts';
import { dnsForMarks } from './modules/results/commands.ts';
import { resultLiveStream } from './modules/results/live-stream.ts';
import { resultRoutes } from './modules/results/routes.ts';
import { registrationLiveStream } from './modules/run-orders/entries-live-stream.ts';
import { runOrderLiveStream } from './modules/run-orders/live-stream.ts';
import { runOrderRoutes } from './modules/run-orders/routes.ts';
import { runRoutes } from './modules/runs/routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { substituteMember } from './modules/teams/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { WEB_ROOT } from './paths.ts';
import { accessPlugin } from './plugins/access.ts';
import { configPlugin } from './plugins/config.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { httpCachePlugin } from './plugins/http-cache.ts';
import { legacyPlugin } from './plugins/legacy.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { publicReadCachePlugin } from './plugins/public-read-cache.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';

export const DEFAULT_WEB_ROOT = WEB_ROOT;

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /** pino options or false; defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event store with the inline projections (decorated in buildApp). */
    eventStore: EventStore;
  }
}

/** A hop count as Fastify's types take it: the nearest `hops` proxies are trusted. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.logger === undefined ? loggerOptions(config) : { logger: options.logger }),
    requestIdHeader: false,
    // Reuse a caller's (or proxy's) request id when it is sane, so one id follows a request end to end.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Only configured proxies may name the client (decision 025): the per-address limits key on it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // A NUL in any part of any request is a 400 naming where it is, whatever the route's schema (decision 027).
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => {
      const path = findNul(data);
      if (!path) return validate(data);
      const field = path.length ? String(path[path.length - 1]) : 'value';
      const refuse = z
        .unknown()
        .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: nulMessage(field), path }));
      return validatorCompiler({ ...route, schema: refuse })(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database });
  await app.register(legacyPlugin);
  // The event store runs the read models' projectors inline (docs/decisions/020).
  app.decorate('eventStore', createEventStore(database.db, PROJECTIONS));

  // Callback hooks, not async, on every request: each async hook costs a promise per request (decision 058).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Before access, so a refusal carries them too.
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  await app.register(cookie);
  await app.register(jwt, {
    secret: options.jwtSecret,
    // Every access token expires and names its account and session; one without is refused (decision 025).
    sign: { expiresIn: config.accessTokenTtlSeconds },
    verify: { requiredClaims: ['exp', 'sub', 'sid'] },
  });
  await app.register(openApiPlugin);

  await app.register(httpCachePlugin);
  // Answers are compressed per Accept-Encoding (decision 053); registered after the HTTP cache so
  // ETags are of the JSON text. Request bodies are never decompressed: no route takes encoded uploads.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  // Before the routes, so every route is timed (only when METRICS_TOKEN is set: decision 050).
  await app.register(metricsPlugin);

  await app.register(healthRoutes);
  await app.register(publicReadCachePlugin);
  await app.register(publicEventRoutes);
  await app.register(publicAnnouncementRoutes);
  await app.register(announcementAdminRoutes);
  await app.register(publicDepartmentRoutes);
  await app.register(publicResultRoutes);
  await app.register(mailerPlugin);
  await app.register(imageQueuePlugin);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(bioRoutes);
  await app.register(departmentRoutes);
  await app.register(adminUserRoutes);
  await app.register(backupRoutes);
  await app.register(eventAdminRoutes);
  await app.register(runRoutes);
  await app.register(teamRoutes);
  // A team substitution swaps the member on the team's roster in the same transaction (docs/decisions/045).
  await app.register(registrationRoutes, { swapTeamMember: substituteMember });
  // The hub before the WebSocket plugin, so its preClose (close code 1001, then cut) runs first.
  await app.register(liveModule, { streamTypes: [runOrderLiveStream, resultLiveStream, registrationLiveStream] });
  // The WebSocket plugin in a context of its own with /api/live: its per-request hooks then run on
  // that route only, not on every API call (they cost a quarter of a cached public read's throughput).
  await app.register(async (live) => {
    await live.register(websocket, { options: { maxPayload: 64 * 1024 } });
    await live.register(liveRoutes);
    // The socket server stays reachable from the app (tests cut every socket through it).
    app.decorate('websocketServer', live.websocketServer);
  });
  // A scratch or no-show on the board records the entrant's DNS result (docs/decisions/046).
  await app.register(runOrderRoutes, { marksEffect: dnsForMarks });
  await app.register(resultRoutes);
  await app.register(qualifyingRoutes);
  await app.register(legacyRoutes);
  await app.register(documentRendererPlugin);
  await app.register(documentRoutes);

  await app.register(staticWebPlugin, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
