import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Refresh tokens: random, kept only as a sha256 in the database, rotated on every use. */
export const REFRESH_TOKEN_LIFETIME_MS = {
  session: 24 * 60 * 60 * 1000,
  rememberMe: 30 * 24 * 60 * 60 * 1000,
} as const;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, reason: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The family: the session the access tokens carry as `sid`. */
  familyId: string;
}

/** Starts a family (a sign-in) or continues one (a rotation). */
export async function issueRefreshToken(
  db: Kysely<Database>,
  input: { userId: number; rememberMe: boolean; familyId?: string; userAgent?: string; ip?: string },
  now = new Date(),
): Promise<IssuedRefreshToken> {
  const token = newSecretToken();
  const lifetime = input.rememberMe ? REFRESH_TOKEN_LIFETIME_MS.rememberMe : REFRESH_TOKEN_LIFETIME_MS.session;
  const expiresAt = new Date(now.getTime() + lifetime);
  const familyId = input.familyId ?? randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: input.userId,
      family_id: familyId,
      token_hash: hashToken(token),
      remember_me: input.rememberMe,
      expires_at: expiresAt,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  return { token, expiresAt, familyId };
}
