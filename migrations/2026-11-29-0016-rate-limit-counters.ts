import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Rate-limit counts every API instance shares (docs/decisions/076): one row per limit and client
  // address, counting the attempts of a window that ends at expires_at; one upsert per attempt.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts > 0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Pruning deletes the rows whose window has ended.
  await db.schema
    .createIndex('rate_limit_counters_expires_at_idx')
    .on('rate_limit_counters')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
