import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** What the server asks of a database at start: whether it is empty, whether anyone can administer it. */

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`
    select exists(select 1 from users) or exists(select 1 from departments)
        or exists(select 1 from events) or exists(select 1 from announcements) as any`.execute(db);
  return !rows[0]?.any;
}

/** Whether someone can administer the site: else the first super-admin is still to be created. */
export async function hasActiveSuperAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'super-admin')
    .where('is_active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
