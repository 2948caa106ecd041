import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { seedDemoData } from '../../api/demo/seed.ts';
import { benchConfig, buildBenchApp } from './bench-app.ts';

/**
 * A server for the public-read benchmark, in a process of its own so that the load generator does
 * not share its event loop. Prints one line, `{"port": N, "pid": P}`, once it listens on 127.0.0.1.
 *   tsx serve-for-bench.ts app   the real app; DATABASE_URL (default memory://), migrated and seeded here
 *   tsx serve-for-bench.ts bare <bodies.json>   bare Fastify answering the i-th answer of that file
 *     (an array of {body, headers}) three ways: GET /bare/i the same bytes as prepared text (what the app
 *     sends from its cache), GET /json/i the same JSON as an object Fastify serialises on every request
 *     (a bare route "answering the same JSON"), GET /headers/i the same bytes with every header the app
 *     sent beside them (security, caching, request id): what the headers alone cost.
 */
const [mode, bodiesFile] = process.argv.slice(2);

async function serveApp() {
  // The settings a bench may pass on (the render pool's, the metrics token); the rest as benchConfig has them.
  const passed = ['METRICS_TOKEN', 'DOCUMENT_WORKERS', 'DOCUMENT_QUEUE_LIMIT', 'DOCUMENT_RATE_LIMIT'];
  const config = benchConfig({
    DATABASE_URL: process.env.DATABASE_URL ?? 'memory://',
    ...Object.fromEntries(passed.filter((name) => process.env[name] !== undefined).map((n) => [n, process.env[n]])),
  });
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
  const app = await buildBenchApp(database, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  return app.server.address();
}

async function serveBare() {
  if (!bodiesFile) throw new Error('bare mode needs a file of bodies');
  const answers = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Array<{
    body: string;
    headers: Record<string, string>;
  }>;
  const app = Fastify({ logger: false });
  answers.forEach(({ body, headers }, i) => {
    const json = JSON.parse(body) as unknown;
    app.get(`/bare/${i}`, (_request, reply) => {
      reply.type('application/json; charset=utf-8').send(body);
    });
    app.get(`/json/${i}`, () => json);
    app.get(`/headers/${i}`, (_request, reply) => {
      reply.headers(headers).send(body);
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  return app.server.address();
}

const address = mode === 'bare' ? await serveBare() : await serveApp();
const port = typeof address === 'object' && address ? address.port : 0;
// The pid is this process's, not tsx's launcher: the bench reads the server's CPU time from it.
process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`);
