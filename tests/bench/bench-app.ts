import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.ts';
import { type Config, loadConfig } from '../../api/config.ts';
import type { DatabaseHandle } from '../../api/db/database.ts';

/** The app's configuration, its JWT secret always set. */
export type BenchConfig = Config & { jwtSecret: string };

/**
 * The app's configuration for a bench: NODE_ENV production, no log, a database in memory and a fresh
 * random JWT secret, each of which `overrides` may replace (the same variables as the environment).
 * Its `jwtSecret` is always set, for buildApp.
 */
export function benchConfig(overrides: NodeJS.ProcessEnv = {}): BenchConfig {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...overrides,
  });
  const { jwtSecret } = config;
  if (!jwtSecret) throw new Error('benchConfig: JWT_SECRET is empty');
  return { ...config, jwtSecret };
}

/** The real app on `database` with `config` (benchConfig() unless given), serving `webRoot`, not listening. */
export function buildBenchApp(
  database: DatabaseHandle,
  config: BenchConfig = benchConfig(),
  webRoot = '/nonexistent',
): Promise<FastifyInstance> {
  return buildApp({ config, database, jwtSecret: config.jwtSecret, logger: false, webRoot });
}

/** The port a listening server has (0 while it does not listen). */
export function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** buildBenchApp, listening on a free port of 127.0.0.1: the app and its port. */
export async function listenBenchApp(...args: Parameters<typeof buildBenchApp>) {
  const app = await buildBenchApp(...args);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: listeningPort(app) };
}
