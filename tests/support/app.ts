import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { type Config, loadConfig } from '../../api/config.ts';
import type { DatabaseHandle } from '../../api/db/database.ts';
import type { Role } from '../../api/db/schema.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: 'memory://',
    ...overrides,
  });
}

/** A database of the test file's own, from the source the global setup chose. */
export function testDatabase(): Promise<TestDatabase> {
  return createTestDatabase(inject('testDatabase'));
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app, ready, on the given database (which the caller closes). */
export async function appOn(
  database: DatabaseHandle,
  options: { webRoot?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    jwtSecret: TEST_JWT_SECRET,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
    logger: false,
  });
  await app.ready();
  return app;
}

/** The real app on a real database of its own. */
export async function createTestApp(
  options: { webRoot?: string; env?: NodeJS.ProcessEnv; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await testDatabase());
  const app = await appOn(database, options);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** The Authorization header of a signed-in account, as the access plugin expects it. */
export function bearer(app: FastifyInstance, user: { id: number; role: Role }): { authorization: string } {
  return { authorization: `Bearer ${app.jwt.sign({ sub: user.id, role: user.role })}` };
}

export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** One call through the real app, as `caller` (undefined: anonymous), with an optional JSON body. */
export function callAs(
  app: FastifyInstance,
  method: Method,
  url: string,
  caller?: { id: number; role: Role },
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: caller ? bearer(app, caller) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
