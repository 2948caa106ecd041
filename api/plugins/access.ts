import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';

/**
 * Who may call a route. Every route declares one; the app refuses to start otherwise.
 * 'user' means any signed-in account. 'owner-or-admin' lets any signed-in account through this hook;
 * the handler then calls requireOwnerOrAdmin with the owner of the resource it loaded.
 */
export const ACCESS_LEVELS = ['public', 'user', 'owner-or-admin', 'admin', 'super-admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface AccessTokenClaims {
  sub: number;
  role: Role;
  /**
   * The session (refresh-token family) the token was issued for: ending it ends the token (decision 025).
   * Always there on a verified caller; absent on an actor built by code (the seed).
   */
  sid?: string;
}

/** What a token must carry besides its role to be checked against its account and session. */
export interface SessionClaims {
  sub: number;
  sid: string;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The claims of a verified token, or undefined when any of them is malformed: a `sub` that is not a
 * positive whole number, a session id that is not a UUID. The signature and `exp` are checked before
 * (the JWT plugin requires exp, sub and sid, see api/app.ts).
 */
export function accessTokenClaims(payload: unknown): SessionClaims | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { sub, sid } = payload as Record<string, unknown>;
  if (typeof sub !== 'number' || !Number.isSafeInteger(sub) || sub < 1 || sub > 2_147_483_647) return undefined;
  if (typeof sid !== 'string' || !SESSION_ID.test(sid)) return undefined;
  return { sub, sid };
}

/**
 * The account behind a token's claims when it is active and the token's session has not ended
 * (logout, password reset, deactivation, a replayed refresh token): one query, with the account
 * check every authenticated call already made.
 */
export async function sessionAccount(
  db: Kysely<Database>,
  claims: SessionClaims,
): Promise<{ role: Role; first_name: string; last_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['role', 'first_name', 'last_name'])
    .where('id', '=', claims.sub)
    .where('is_active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', claims.sid)
          .where('refresh_tokens.user_id', '=', claims.sub)
          .where('refresh_tokens.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route the app registered, with its declared access: walked by a test. */
    routeTable: RouteEntry[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The zod schema of the body, when the route takes one (walked by the malformed-payload tests). */
  body: unknown;
}

const RANK: Record<Role, number> = { user: 1, admin: 2, 'super-admin': 3 };

export function roleSatisfies(role: Role, access: Access): boolean {
  if (access === 'public' || access === 'user' || access === 'owner-or-admin') return true;
  return RANK[role] >= RANK[access];
}

export function isAdmin(role: Role): boolean {
  return RANK[role] >= RANK.admin;
}

/** For owner-or-admin routes, once the handler knows whose resource it is. */
export function requireOwnerOrAdmin(caller: AccessTokenClaims, ownerUserId: number): void {
  if (caller.sub !== ownerUserId && !isAdmin(caller.role)) {
    throw new DomainError(403, 'FORBIDDEN', 'You can only change your own profile.');
  }
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: hooks of an inner plugin context (declarePublic) run after this one.
      table.push({
        method,
        url: route.url,
        body: route.schema?.body,
        get access() {
          return route.config?.access as Access | undefined;
        },
      });
    }
  });

  app.addHook('onReady', async () => {
    const undeclared = table.filter((r) => !r.access || !ACCESS_LEVELS.includes(r.access));
    if (undeclared.length > 0) {
      throw new Error(
        `Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    await authenticate(app, request);
    if (!roleSatisfies(request.user.role, access)) {
      throw new DomainError(403, 'FORBIDDEN', 'You do not have permission to do this.');
    }
  });
});

/**
 * Verifies the bearer token, then reads the account and the token's session: a deactivated account or
 * an ended session is refused, and a changed role applies at once, instead of living on in a token for
 * the rest of its lifetime. Any malformed claim is a 401, never a 500.
 */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const unauthorized = new DomainError(401, 'UNAUTHORIZED', 'Sign in to continue.');
  try {
    await request.jwtVerify();
  } catch {
    throw unauthorized;
  }
  const claims = accessTokenClaims(request.user);
  if (!claims) throw unauthorized;
  const account = await sessionAccount(app.db, claims);
  if (!account) throw unauthorized;
  request.user = { sub: claims.sub, role: account.role, sid: claims.sid };
}

/** The caller of a public route when a valid bearer token came with it, else undefined. */
export async function optionalCaller(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AccessTokenClaims | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    await authenticate(app, request);
    return request.user;
  } catch {
    return undefined;
  }
}

/** Marks every route registered inside the given plugin context public (third-party plugins such as the docs). */
export function declarePublic(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? 'public' };
  });
}
