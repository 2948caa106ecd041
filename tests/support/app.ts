import { randomUUID } from 'node:crypto';
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
  withTestSessions(app);
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

const sessionWrites = new WeakMap<FastifyInstance, Set<Promise<unknown>>>();

/** Waits for the sessions of the tokens signed so far: needed before a token goes over a socket. */
export async function sessionsWritten(app: FastifyInstance): Promise<void> {
  await Promise.all(sessionWrites.get(app) ?? []);
}

/**
 * Tests sign access tokens for accounts their factories made, without signing in. An access token must
 * name a live session (decision 025), so a token signed without `sid` gets a session of its own: a real
 * refresh-token row, written before the next request goes through `app.inject`. A token for an account
 * that does not exist gets no row, and is refused like any token whose session is unknown. A token
 * that leaves the process (a socket, fetch) waits for `sessionsWritten` first; an app built without
 * createTestApp calls this before its first inject.
 */
export function withTestSessions(app: FastifyInstance): void {
  if (sessionWrites.has(app)) return;
  const pending = new Set<Promise<unknown>>();
  sessionWrites.set(app, pending);
  const sign = app.jwt.sign.bind(app.jwt);
  app.jwt.sign = ((payload: Record<string, unknown>, ...rest: unknown[]) => {
    if (payload && typeof payload === 'object' && payload.sid === undefined && typeof payload.sub === 'number') {
      const sid = randomUUID();
      const written = app.db
        .insertInto('refresh_tokens')
        .values({
          user_id: payload.sub,
          family_id: sid,
          token_hash: `test-session-${sid}`,
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .execute()
        .catch(() => undefined);
      pending.add(written);
      void written.finally(() => pending.delete(written));
      return (sign as (...args: unknown[]) => string)({ ...payload, sid }, ...rest);
    }
    return (sign as (...args: unknown[]) => string)(payload, ...rest);
  }) as unknown as typeof app.jwt.sign;
  const inject = app.inject.bind(app);
  app.inject = (async (...args: unknown[]) => {
    await Promise.all(pending);
    return (inject as (...a: unknown[]) => unknown)(...args);
  }) as typeof app.inject;
}

/** The Authorization header of a signed-in account, as the access plugin expects it. */
export function bearer(app: FastifyInstance, user: { id: number; role: Role }): { authorization: string } {
  withTestSessions(app);
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
