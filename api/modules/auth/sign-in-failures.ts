import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Failed sign-ins per account (decision 025). The per-address rate limit slows one client; this holds
 * whatever addresses an attacker rotates through: after `maxFailures` wrong passwords within
 * `windowMs`, the account cannot sign in for `lockMs`, and its owner is told by e-mail. Rows live in
 * the database, so every API process sees the same count.
 */
export const SIGN_IN_LOCK = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export async function isSignInLocked(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.locked_until != null && new Date(row.locked_until) > now;
}

/**
 * Counts one failure in one statement (a window older than `windowMs` starts again at 1), and locks the
 * account when the count reaches the limit. Answers true only to the call whose failure started the
 * lock: of concurrent failures exactly one sends the e-mail.
 */
export async function recordSignInFailure(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - SIGN_IN_LOCK.windowMs);
  const counted = await db
    .insertInto('sign_in_failures')
    .values({ user_id: userId, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        failures: sql<number>`case when sign_in_failures.window_started_at <= ${windowStart} then 1 else sign_in_failures.failures + 1 end`,
        window_started_at: sql<Date>`case when sign_in_failures.window_started_at <= ${windowStart} then ${now} else sign_in_failures.window_started_at end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (counted.failures < SIGN_IN_LOCK.maxFailures) return false;
  const locked = await db
    .updateTable('sign_in_failures')
    .set({ locked_until: new Date(now.getTime() + SIGN_IN_LOCK.lockMs), failures: 0, window_started_at: now })
    .where('user_id', '=', userId)
    .where('failures', '>=', SIGN_IN_LOCK.maxFailures)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('user_id')
    .executeTakeFirst();
  return locked !== undefined;
}

/** A successful sign-in starts the count again. */
export async function clearSignInFailures(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('user_id', '=', userId).execute();
}

/**
 * For an address without an account: the same round trips as a counted failure (a lock check, then a
 * transaction with one write), touching no row, so a wrong password takes as long either way.
 */
export async function signInFailureDecoy(db: Kysely<Database>, now: Date): Promise<void> {
  await isSignInLocked(db, 0, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sign_in_failures')
      .set({ failures: sql<number>`failures + 1` })
      .where('user_id', '=', 0)
      .returning('failures')
      .execute();
  });
}
