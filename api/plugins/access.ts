import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../db/errors.ts';
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
  /** The zod schemas of the path parameters and the query, when declared (walked by the hostile-id tests). */
  params: unknown;
  querystring: unknown;
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
        params: route.schema?.params,
        querystring: route.schema?.querystring,
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

  // A callback hook: a public route, the busiest, passes without the promise of an async hook (decision 058).
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return done();
    authorize(app, request, access).then(() => done(), done);
  });
});

async function authorize(app: FastifyInstance, request: FastifyRequest, access: Access): Promise<void> {
  await authenticate(app, request);
  if (!roleSatisfies(request.user.role, access)) {
    throw new DomainError(403, 'FORBIDDEN', 'You do not have permission to do this.');
  }
}

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
  const account = await activeAccount(app.db, claims);
  if (!account) throw unauthorized;
  request.user = { sub: claims.sub, role: account.role, sid: claims.sid };
}

/** A signed-in caller's account as it is now: its current role decides, not the one in its token. */
export interface ActiveAccount {
  id: number;
  role: Role;
  /** "First Last". */
  name: string;
}

function toActiveAccount(row: {
  id: number;
  role: Role;
  is_active: boolean;
  first_name: string;
  last_name: string;
}): ActiveAccount | undefined {
  if (!row.is_active) return undefined;
  return { id: row.id, role: row.role, name: `${row.first_name} ${row.last_name}`.trim() };
}

/** The accounts, active, behind the open sessions (refresh-token families) among `claims`, by session id. */
export async function activeAccounts(
  db: Kysely<Database>,
  claims: readonly SessionClaims[],
): Promise<Map<string, ActiveAccount>> {
  const accounts = new Map<string, ActiveAccount>();
  if (claims.length === 0) return accounts;
  const rows = await db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select([
      'refresh_tokens.family_id',
      'users.id',
      'users.role',
      'users.is_active',
      'users.first_name',
      'users.last_name',
    ])
    .where('refresh_tokens.family_id', 'in', [...new Set(claims.map((c) => c.sid))])
    .where('refresh_tokens.revoked_at', 'is', null)
    .execute();
  const userOfSession = new Map(claims.map((c) => [c.sid, c.sub]));
  for (const row of rows) {
    const account = toActiveAccount(row);
    // A session id borrowed from another account's token does not count.
    if (account && userOfSession.get(row.family_id) === account.id) accounts.set(row.family_id, account);
  }
  return accounts;
}

/**
 * The account check of every signed-in call (HTTP here, the live socket in api/modules/live/): the
 * account must exist and be active, and the token's session must not have ended (logout, password
 * reset, deactivation, a replayed refresh token: decision 025). Undefined otherwise.
 */
export async function activeAccount(db: Kysely<Database>, claims: SessionClaims): Promise<ActiveAccount | undefined> {
  return (await activeAccounts(db, [claims])).get(claims.sid);
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
  } catch (error) {
    // A database that is down is not an anonymous caller: the request fails with 503 (decision 024).
    if (isDatabaseUnavailable(error)) throw error;
    return undefined;
  }
}

/** Marks every route registered inside the given plugin context public (third-party plugins such as the docs). */
export function declarePublic(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? 'public' };
  });
}
