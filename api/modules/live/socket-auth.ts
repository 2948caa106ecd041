/**
 * Signing a live socket in (docs/decisions/018-live-protocol.md "Admin and public access"). The token
 * is verified like a bearer token, then the account goes through the access plugin's own check
 * (api/plugins/access.ts `activeAccount`): it must exist and be active, the token's session must not
 * have ended (decision 025), and its current role, not the token's, decides.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  type AccessTokenClaims,
  type ActiveAccount,
  accessTokenClaims,
  activeAccount,
  activeAccounts,
  isAdmin,
} from '../../plugins/access.ts';
import type { LiveAudience } from './stream-type.ts';

export interface SocketAuth {
  userId: number;
  /** The session the token was issued for: ending it signs the socket out at the next check. */
  sessionId: string;
  role: AccessTokenClaims['role'];
  name: string;
  admin: boolean;
  /** Milliseconds since the epoch; null for a token without exp. */
  expiresAt: number | null;
}

export type SocketSignIn =
  | { auth: SocketAuth }
  | { auth: null; code: 'UNAUTHORIZED' | 'TOKEN_EXPIRED'; message: string };

const INVALID = { auth: null, code: 'UNAUTHORIZED', message: 'The sign-in token is not valid.' } as const;

export function audienceOf(auth: SocketAuth | null): LiveAudience {
  return auth?.admin ? 'admin' : 'public';
}

/** Verifies an `auth` message's token and checks its account. */
export async function signInSocket(app: Pick<FastifyInstance, 'jwt' | 'db'>, token: string): Promise<SocketSignIn> {
  let claims: AccessTokenClaims & { exp?: number };
  try {
    claims = app.jwt.verify<AccessTokenClaims & { exp?: number }>(token);
  } catch (error) {
    if ((error as { code?: string }).code !== 'FAST_JWT_EXPIRED') return INVALID;
    return { auth: null, code: 'TOKEN_EXPIRED', message: 'The sign-in token has expired.' };
  }
  const valid = accessTokenClaims(claims);
  const account = valid ? await activeAccount(app.db, valid) : undefined;
  if (!valid || !account) return INVALID;
  return {
    auth: {
      userId: account.id,
      sessionId: valid.sid,
      role: account.role,
      name: account.name,
      admin: isAdmin(account.role),
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null,
    },
  };
}

/** The signed-in sockets' accounts as they are now, in one query (active, session open; by session id). */
export function currentAccounts(
  db: Kysely<Database>,
  auths: readonly SocketAuth[],
): Promise<Map<string, ActiveAccount>> {
  return activeAccounts(
    db,
    auths.map((auth) => ({ sub: auth.userId, sid: auth.sessionId })),
  );
}

/**
 * A socket's sign-in after its account was read again: null when the account can no longer sign in,
 * the same object when nothing it shows changed, else one with the new role and name.
 */
export function refreshedAuth(auth: SocketAuth, account: ActiveAccount | undefined): SocketAuth | null {
  if (!account) return null;
  if (account.role === auth.role && account.name === auth.name) return auth;
  return { ...auth, role: account.role, admin: isAdmin(account.role), name: account.name };
}
