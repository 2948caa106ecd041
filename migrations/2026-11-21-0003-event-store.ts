import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // The append-only log of event-sourced streams (registrations, run orders). "events" already
  // names the competition events, so the log is event_log (docs/decisions/014-event-store-and-registrations.md).
  await db.schema
    .createTable('event_log')
    .addColumn('global_position', 'bigserial', (c) => c.primaryKey())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('stream_type', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('event_log_stream_version_key', ['stream_id', 'version'])
    .execute();
  await db.schema
    .createIndex('event_log_stream_type_idx')
    .on('event_log')
    .columns(['stream_type', 'global_position'])
    .execute();

  // A command id is accepted once: a retried request finds its earlier outcome here instead of appending again.
  await db.schema
    .createTable('processed_commands')
    .addColumn('command_id', 'text', (c) => c.primaryKey())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('first_version', 'integer', (c) => c.notNull())
    .addColumn('last_version', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Folded state every N events, so loading a long stream never folds more than N events.
  await db.schema
    .createTable('stream_snapshots')
    .addColumn('stream_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_snapshots').execute();
  await db.schema.dropTable('processed_commands').execute();
  await db.schema.dropTable('event_log').execute();
}
