import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import metrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { buildInfo } from '../build-info.ts';
import { DomainError } from '../domain/errors.ts';

export const METRICS_PATH = '/api/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the metrics token as a bearer token, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at GET /api/metrics (decision 050), only when METRICS_TOKEN is set: fastify-metrics
 * (prom-client) times every registered route by method, route pattern and status, and adds the
 * process's own figures (memory, CPU, event loop); this plugin adds what the instance runs (build info), the open live sockets, the LISTEN
 * connection and the last event the live hub heard of, the log's latest event, the events appended by this instance, how PDF requests were answered and the renders under way, and the use of
 * the database pool. Registered before the routes, so it
 * sees them all.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  if (token === undefined) return;

  const endpoint = {
    url: METRICS_PATH,
    method: 'GET',
    // Not a signed-in route: the scraper's own token is checked below, before the handler.
    config: { access: 'public', disableMetrics: true },
    schema: { hide: true },
    exposeHeadRoute: false,
    logLevel: 'warn',
    onRequest: async (request: FastifyRequest) => {
      if (!carriesToken(request, token)) {
        throw new DomainError(401, 'UNAUTHORIZED', 'Send the metrics token as a bearer token.');
      }
    },
    handler: () => undefined, // replaced by fastify-metrics
  } as unknown as RouteOptions;

  await app.register(metrics, {
    endpoint,
    // One app per process in production; a test that builds another starts from an empty registry.
    clearRegisterOnInit: true,
    defaultMetrics: { enabled: true },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      overrides: {
        histogram: { buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
        // fastify-metrics declares its summary even when it is off: in no registry, it is not exposed empty.
        summary: { registers: [] },
      },
    },
  });

  const { client } = app.metrics;
  const registers = [client.register];

  const build = buildInfo();
  new client.Gauge({
    name: 'firefit_build_info',
    help: 'Always 1: what this instance runs, as labels (version from package.json, commit of the build, Node.js version)',
    labelNames: ['version', 'commit', 'node'],
    registers,
  }).set({ version: build.version, commit: build.commit, node: build.node }, 1);

  new client.Gauge({
    name: 'firefit_live_listen_connected',
    help: 'Whether the live hub LISTENs now (1) or its connection is down and being restored (0)',
    registers,
    collect() {
      this.set(app.liveHub?.stats().listen.connected ? 1 : 0);
    },
  });

  new client.Gauge({
    name: 'firefit_live_listen_reconnects',
    help: "Times the live hub's LISTEN connection was lost and came back since start",
    registers,
    collect() {
      this.set(app.liveHub?.stats().listen.reconnects ?? 0);
    },
  });

  new client.Gauge({
    name: 'firefit_live_last_event_position',
    help: 'Global position of the latest event whose notification reached the live hub (0 before the first)',
    registers,
    collect() {
      this.set(app.liveHub?.stats().lastEventPosition ?? 0);
    },
  });

  new client.Gauge({
    name: 'firefit_live_sockets',
    help: 'WebSockets open on /api/live on this instance',
    registers,
    collect() {
      this.set(app.liveHub?.stats().sockets ?? 0);
    },
  });

  new client.Gauge({
    name: 'firefit_live_sockets_congested',
    help: 'Live sockets over their send-buffer limit, their events held back until they drain (decision 056)',
    registers,
    collect() {
      this.set(app.liveHub?.stats().congested ?? 0);
    },
  });

  const appended = new client.Counter({
    name: 'firefit_events_appended_total',
    help: 'Events this instance appended to the event log, by stream type',
    labelNames: ['stream_type'],
    registers,
  });
  app.eventStore.onAppended((streamType, count) => appended.inc({ stream_type: streamType }, count));

  new client.Gauge({
    name: 'firefit_document_answers',
    help: 'PDF answers since start, by outcome: rendered, cached, not-modified (304), busy (503), limited (429) (decision 073)',
    labelNames: ['outcome'],
    registers,
    collect() {
      const stats = app.documentRenderer?.stats();
      if (!stats) return;
      for (const outcome of ['rendered', 'cached', 'not-modified', 'busy', 'limited'] as const)
        this.set({ outcome }, stats[outcome]);
    },
  });

  new client.Gauge({
    name: 'firefit_document_renders',
    help: 'Documents rendering in worker threads now, and waiting for one (decision 073)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = app.documentRenderer?.stats();
      this.set({ state: 'running' }, stats?.running ?? 0);
      this.set({ state: 'waiting' }, stats?.waiting ?? 0);
    },
  });

  const pool = app.database.pool;
  if (pool) {
    new client.Gauge({
      name: 'firefit_database_pool_connections',
      help: 'Connections of the database pool: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new client.Gauge({
      name: 'firefit_database_pool_max_connections',
      help: 'The most connections the database pool opens',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  // Last: the gauges above read the pool as it is before this query borrows a connection of it.
  new client.Gauge({
    name: 'firefit_event_log_position',
    help: 'Global position of the latest event in the log: the projections apply each event in its append, so the read models are there too',
    registers,
    async collect() {
      const { rows } = await sql<{ position: string | number | null }>`
        select max(global_position) as position from event_log`.execute(app.db);
      this.set(Number(rows[0]?.position ?? 0));
    },
  });
});
