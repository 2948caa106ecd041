import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // The run orders' read model: one row per run-order stream, its folded state (arrangement, locks,
  // undo and redo stacks, saved states) and the version folded, written only by its projection.
  await db.schema
    .createTable('run_orders')
    .addColumn('run_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Seeding by best previous time (docs/domain.md "Seed time"). There are no results yet, so the time
  // is kept on the person and on the team, in milliseconds, entered by admins.
  await db.schema
    .alterTable('users')
    .addColumn('seed_time_ms', 'integer', (c) => c.check(sql`seed_time_ms > 0`))
    .execute();
  await db.schema
    .alterTable('teams')
    .addColumn('seed_time_ms', 'integer', (c) => c.check(sql`seed_time_ms > 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('seed_time_ms').execute();
  await db.schema.alterTable('users').dropColumn('seed_time_ms').execute();
  await db.schema.dropTable('run_orders').execute();
}
