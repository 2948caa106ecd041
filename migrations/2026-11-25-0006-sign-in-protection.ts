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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
