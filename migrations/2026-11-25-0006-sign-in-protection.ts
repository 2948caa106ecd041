import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Failed sign-ins per account (decision 025): counted in a window, a temporary lock after too many.
  // Kept in the database so the count holds across API processes and restarts.
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0).check(sql`failures >= 0`))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  // The one-time link that creates the first super-admin of a production database (decision 025):
  // random, kept only as a sha256, single use, expiring.
  await db.schema
    .createTable('setup_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_tokens').execute();
  await db.schema.dropTable('sign_in_failures').execute();
}
