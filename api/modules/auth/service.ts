import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { LoginBody, MessageDto, RegisterBody, ResetTokenValidity, UserDto } from '../../contracts/accounts.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AccountTokenPurpose, Database, Role } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import type { EmailMessage, Mailer } from '../mail/mailer.ts';
import {
  passwordChangedMessage,
  resetPasswordMessage,
  signInLockedMessage,
  signUpWithTakenAddressMessage,
  verifyEmailMessage,
} from '../mail/templates.ts';
import { accountByEmail, revokeSessions, userById } from '../users/queries.ts';
import { hashToken, issueRefreshToken, newSecretToken, revokeFamily } from './sessions.ts';
import {
  clearSignInFailures,
  isSignInLocked,
  recordSignInFailure,
  SIGN_IN_LOCK,
  signInFailureDecoy,
} from './sign-in-failures.ts';

export const VERIFY_TOKEN_HOURS = 48;
export const RESET_TOKEN_MINUTES = 60;

export const AUTH_MESSAGES = {
  // The same answer whether or not the address already has an account (decision 025).
  registered:
    'Thanks. Check your e-mail: a new account needs its address verified before signing in, and if this address already has an account, the message says how to sign in to it.',
  verificationSent: 'If that address belongs to an account that still needs verifying, we have sent a new link.',
  verified: 'Your e-mail address is verified. You can sign in now.',
  resetSent: 'If an account exists for that address, we have sent a link to reset the password.',
  passwordReset: 'Your password has been changed. Sign in with the new password.',
  signedOut: 'You are signed out.',
} as const;

const invalidCredentials = () =>
  new DomainError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is incorrect.');
const invalidLink = (what: string) =>
  new DomainError(400, 'INVALID_TOKEN', `This ${what} link is invalid, already used or expired. Ask for a new one.`);
const sessionEnded = (code: string, message: string) => new DomainError(401, code, message);

/** Verifying against this when no account matches keeps "no such account" as slow as "wrong password". */
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => {
  dummyHash ??= hash('timing-decoy-password');
  return dummyHash;
};

export interface AuthContext {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
  /**
   * Runs work whose outcome the answer must not reveal (whether an address has an account) after the
   * answer, so its duration cannot tell either (decision 025). Without it the work runs inline.
   */
  afterAnswer?: (job: () => Promise<void>) => void;
}

async function afterAnswer(ctx: AuthContext, job: () => Promise<void>): Promise<void> {
  if (ctx.afterAnswer) ctx.afterAnswer(job);
  else await job();
}

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

export interface SignedIn {
  user: UserDto;
  /** The session (refresh-token family) the access token is bound to. */
  sessionId: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  rememberMe: boolean;
}

/** Creates a single-use link token, retiring earlier unused ones of the same purpose. */
async function createAccountToken(
  trx: Kysely<Database>,
  userId: number,
  purpose: AccountTokenPurpose,
  lifetimeMs: number,
  now: Date,
) {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = newSecretToken();
  await trx
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + lifetimeMs),
    })
    .execute();
  return token;
}

/** Marks a link token used, once: a second use, an expired or an unknown token gets undefined. */
async function claimAccountToken(trx: Kysely<Database>, token: string, purpose: AccountTokenPurpose, now: Date) {
  return trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
}

const linkTo = (ctx: AuthContext, page: string, token: string) =>
  `${ctx.publicUrl}/${page}?token=${encodeURIComponent(token)}`;

/**
 * Creates an account. An address that already has one gets the same answer (undefined) and its owner
 * an e-mail saying so, unless `revealTaken` (a super-admin creating an account) asks for the 409
 * (decision 025). Both ways hash the password and write one message in one transaction.
 */
export async function register(
  ctx: AuthContext,
  body: RegisterBody,
  role: Role,
  options: { revealTaken?: boolean } = {},
): Promise<UserDto | undefined> {
  const now = ctx.now ?? new Date();
  const passwordHash = await hash(body.password);
  const outbox: number[] = [];
  const userId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: body.email,
          password_hash: passwordHash,
          first_name: body.firstName,
          last_name: body.lastName,
          role,
          is_verified: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await createAccountToken(trx, user.id, 'verify-email', VERIFY_TOKEN_HOURS * 3_600_000, now);
      outbox.push(
        await ctx.mailer.enqueue(
          trx,
          verifyEmailMessage(body.email, body.firstName, linkTo(ctx, 'verify-email', token), VERIFY_TOKEN_HOURS),
        ),
      );
      return user.id;
    })
    .catch((error) => {
      if (!isUniqueViolation(error)) throw error;
      if (options.revealTaken) {
        throw new DomainError(
          409,
          'EMAIL_TAKEN',
          'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
        );
      }
      return undefined;
    });
  if (userId === undefined) {
    await tellOwnerOfSignUp(ctx, body.email);
    return undefined;
  }
  ctx.mailer.deliver(outbox);
  return (await userById(ctx.db, userId)) as UserDto;
}

/** Someone signed up with an address that has an account: its owner hears of it, with the ways in. */
async function tellOwnerOfSignUp(ctx: AuthContext, email: string): Promise<void> {
  const account = await accountByEmail(ctx.db, email);
  if (!account) return;
  const id = await ctx.db
    .transaction()
    .execute((trx) =>
      ctx.mailer.enqueue(
        trx,
        signUpWithTakenAddressMessage(
          account.email,
          account.first_name,
          `${ctx.publicUrl}/sign-in`,
          `${ctx.publicUrl}/forgot-password`,
        ),
      ),
    );
  ctx.mailer.deliver([id]);
}

export async function login(ctx: AuthContext, body: LoginBody, client: ClientInfo): Promise<SignedIn> {
  const account = await accountByEmail(ctx.db, body.email);
  if (!account) {
    await verify(await timingDecoy(), body.password).catch(() => false);
    await signInFailureDecoy(ctx.db, ctx.now ?? new Date());
    throw invalidCredentials();
  }
  const now = ctx.now ?? new Date();
  const locked = await isSignInLocked(ctx.db, account.id, now);
  const passwordMatches = await verify(account.password_hash, body.password).catch(() => false);
  // A locked account answers exactly like a wrong password, even to the right one: a different answer
  // would tell a stranger the address has an account. The owner learns of the lock by e-mail (decision 025).
  if (locked) throw invalidCredentials();
  if (!passwordMatches) {
    await recordFailedSignIn(ctx, account, now);
    throw invalidCredentials();
  }
  // Only after the password is proven: these answers would otherwise tell strangers an account exists.
  if (!account.is_active)
    throw new DomainError(
      403,
      'ACCOUNT_DEACTIVATED',
      'This account has been deactivated. Contact the organisers to restore it.',
    );
  if (!account.is_verified) {
    throw new DomainError(
      403,
      'EMAIL_NOT_VERIFIED',
      'Verify your e-mail address before signing in. We can send you a new link.',
    );
  }
  const rememberMe = body.rememberMe ?? false;
  const issued = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', account.id).execute();
    await clearSignInFailures(trx, account.id);
    return issueRefreshToken(trx, { userId: account.id, rememberMe, ...client }, now);
  });
  const user = (await userById(ctx.db, account.id)) as UserDto;
  return {
    user,
    sessionId: issued.familyId,
    refreshToken: issued.token,
    refreshExpiresAt: issued.expiresAt,
    rememberMe,
  };
}

/** Counts a wrong password; the failure that starts a lock mails the owner, in the same transaction. */
async function recordFailedSignIn(
  ctx: AuthContext,
  account: { id: number; email: string; first_name: string },
  now: Date,
): Promise<void> {
  const mailId = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordSignInFailure(trx, account.id, now))) return undefined;
    return ctx.mailer.enqueue(
      trx,
      signInLockedMessage(
        account.email,
        account.first_name,
        SIGN_IN_LOCK.lockMs / 60_000,
        `${ctx.publicUrl}/forgot-password`,
      ),
    );
  });
  if (mailId !== undefined) ctx.mailer.deliver([mailId]);
}

/**
 * Rotates a refresh token. The row is claimed with one conditional update, so of two requests racing
 * with the same token only one wins; presenting a token that was already rotated is theft or a replay,
 * and ends the whole family (every token descended from that sign-in).
 */
export async function refresh(ctx: AuthContext, presented: string | undefined, client: ClientInfo): Promise<SignedIn> {
  if (!presented) throw sessionEnded('REFRESH_TOKEN_MISSING', 'You are not signed in.');
  const now = ctx.now ?? new Date();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select([
        'refresh_tokens.id',
        'family_id',
        'user_id',
        'remember_me',
        'expires_at',
        'rotated_at',
        'revoked_at',
        'users.is_active',
      ])
      .where('token_hash', '=', hashToken(presented))
      .executeTakeFirst();
    if (!row) return { kind: 'unknown' } as const;
    if (row.revoked_at) return { kind: 'revoked' } as const;
    if (row.rotated_at) {
      await revokeFamily(trx, row.family_id, 'reuse-detected');
      return { kind: 'reused', userId: row.user_id } as const;
    }
    if (new Date(row.expires_at) <= now) return { kind: 'expired' } as const;
    if (!row.is_active) {
      await revokeFamily(trx, row.family_id, 'deactivated');
      return { kind: 'deactivated' } as const;
    }
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('id', '=', row.id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      await revokeFamily(trx, row.family_id, 'reuse-detected');
      return { kind: 'reused', userId: row.user_id } as const;
    }
    const issued = await issueRefreshToken(
      trx,
      { userId: row.user_id, rememberMe: row.remember_me, familyId: row.family_id, ...client },
      now,
    );
    return { kind: 'rotated', userId: row.user_id, issued, rememberMe: row.remember_me } as const;
  });
  switch (outcome.kind) {
    case 'unknown':
    case 'revoked':
      throw sessionEnded('INVALID_REFRESH_TOKEN', 'Your session has ended. Sign in again.');
    case 'reused':
      throw sessionEnded(
        'REFRESH_TOKEN_REUSED',
        'This session was used somewhere else and has been ended for safety. Sign in again.',
      );
    case 'expired':
      throw sessionEnded('REFRESH_TOKEN_EXPIRED', 'Your session has expired. Sign in again.');
    case 'deactivated':
      throw sessionEnded('ACCOUNT_DEACTIVATED', 'This account has been deactivated.');
  }
  const user = (await userById(ctx.db, outcome.userId)) as UserDto;
  return {
    user,
    sessionId: outcome.issued.familyId,
    refreshToken: outcome.issued.token,
    refreshExpiresAt: outcome.issued.expiresAt,
    rememberMe: outcome.rememberMe,
  };
}

export async function logout(ctx: AuthContext, presented: string | undefined): Promise<MessageDto> {
  if (presented) {
    const row = await ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(presented))
      .executeTakeFirst();
    if (row) await revokeFamily(ctx.db, row.family_id, 'logout');
  }
  return { message: AUTH_MESSAGES.signedOut };
}

export async function resendVerification(ctx: AuthContext, email: string): Promise<MessageDto> {
  await afterAnswer(ctx, () => sendVerificationLink(ctx, email));
  return { message: AUTH_MESSAGES.verificationSent };
}

async function sendVerificationLink(ctx: AuthContext, email: string): Promise<void> {
  const account = await accountByEmail(ctx.db, email);
  const eligible = account?.is_active && !account.is_verified ? account : undefined;
  await writeLink(ctx, email, eligible, 'verify-email', VERIFY_TOKEN_HOURS * 3_600_000, (to, name, url) =>
    verifyEmailMessage(to, name, url, VERIFY_TOKEN_HOURS),
  );
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<MessageDto> {
  const now = ctx.now ?? new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimAccountToken(trx, token, 'verify-email', now);
    if (!claimed) throw invalidLink('verification');
    await trx
      .updateTable('users')
      .set({ is_verified: true, updated_at: now })
      .where('id', '=', claimed.user_id)
      .execute();
  });
  return { message: AUTH_MESSAGES.verified };
}

/** The same answer, after the same work, whether or not the address has an account (decision 025). */
export async function forgotPassword(ctx: AuthContext, email: string): Promise<MessageDto> {
  await afterAnswer(ctx, () => sendResetLink(ctx, email));
  return { message: AUTH_MESSAGES.resetSent };
}

async function sendResetLink(ctx: AuthContext, email: string): Promise<void> {
  const account = await accountByEmail(ctx.db, email);
  await writeLink(
    ctx,
    email,
    account?.is_active ? account : undefined,
    'reset-password',
    RESET_TOKEN_MINUTES * 60_000,
    (to, name, url) => resetPasswordMessage(to, name, url, RESET_TOKEN_MINUTES),
  );
}

const ROLLED_BACK = Symbol('rolled back');

/**
 * Writes a link token and its message for the account; without an account, the same statements in a
 * transaction that is rolled back, so the database does the same work either way (decision 025).
 */
async function writeLink(
  ctx: AuthContext,
  email: string,
  account: { id: number; email: string; first_name: string } | undefined,
  purpose: AccountTokenPurpose,
  lifetimeMs: number,
  compose: (to: string, firstName: string, url: string) => EmailMessage,
): Promise<void> {
  const now = ctx.now ?? new Date();
  const page = purpose === 'verify-email' ? 'verify-email' : 'reset-password';
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (account) {
        const token = await createAccountToken(trx, account.id, purpose, lifetimeMs, now);
        return ctx.mailer.enqueue(trx, compose(account.email, account.first_name, linkTo(ctx, page, token)));
      }
      await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', 0)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      const message = compose(email, '', linkTo(ctx, page, newSecretToken()));
      await trx
        .insertInto('email_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          status: 'outbox',
        })
        .execute();
      throw ROLLED_BACK;
    })
    .catch((error: unknown) => {
      if (error === ROLLED_BACK) return undefined;
      throw error;
    });
  if (id !== undefined) ctx.mailer.deliver([id]);
}

export async function validateResetToken(ctx: AuthContext, token: string): Promise<ResetTokenValidity> {
  const now = ctx.now ?? new Date();
  const row = await ctx.db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.id', 'account_tokens.user_id')
    .select(['account_tokens.expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', 'reset-password')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  return row ? { valid: true, expiresAt: new Date(row.expires_at).toISOString() } : { valid: false, expiresAt: null };
}

/** A successful reset proves the address, ends every session and tells the owner by e-mail. */
export async function resetPassword(ctx: AuthContext, token: string, newPassword: string): Promise<MessageDto> {
  const now = ctx.now ?? new Date();
  const passwordHash = await hash(newPassword);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimAccountToken(trx, token, 'reset-password', now);
    if (!claimed) throw invalidLink('password reset');
    const account = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, is_verified: true, updated_at: now })
      .where('id', '=', claimed.user_id)
      .where('is_active', '=', true)
      .returning(['email', 'first_name'])
      .executeTakeFirst();
    if (!account) throw invalidLink('password reset');
    await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('user_id', '=', claimed.user_id)
      .where('purpose', '=', 'reset-password')
      .where('used_at', 'is', null)
      .execute();
    await revokeSessions(trx, claimed.user_id, 'password-reset');
    // The reset proved the owner: a sign-in lock of theirs ends with it.
    await clearSignInFailures(trx, claimed.user_id);
    return ctx.mailer.enqueue(
      trx,
      passwordChangedMessage(account.email, account.first_name, `${ctx.publicUrl}/sign-in`),
    );
  });
  ctx.mailer.deliver([id]);
  return { message: AUTH_MESSAGES.passwordReset };
}
