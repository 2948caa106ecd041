import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // The results' read model (docs/decisions/030-results.md): one row per result stream
  // (`result:<registrationId>`), written only by projections/results. The row is also what a result
  // command locks (inserted at version 0 when missing, in the command's transaction), so two officials on
  // different heats never wait for each other. No foreign key to registrations, whose rebuild empties it
  // (decision 014).
  await db.schema
    .createTable('results')
    .addColumn('registration_id', 'integer', (c) => c.primaryKey())
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    // False at version 0 (a command's lock row) and after a void until the rerun is recorded.
    .addColumn('recorded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('heat', 'integer')
    .addColumn('position', 'integer')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raw_time_ms', 'integer', (c) => c.check(sql`raw_time_ms > 0`))
    // As entered, and the one that counts (a disqualifying penalty makes it dq).
    .addColumn('recorded_outcome', 'text', (c) =>
      c.notNull().defaultTo('finished').check(sql`recorded_outcome in ('finished', 'dnf', 'dns', 'dq')`),
    )
    .addColumn('outcome', 'text', (c) =>
      c.notNull().defaultTo('finished').check(sql`outcome in ('finished', 'dnf', 'dns', 'dq')`),
    )
    .addColumn('penalties', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('penalty_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('official_time_ms', 'integer')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('provisional').check(sql`status in ('provisional', 'official')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual').check(sql`source in ('manual', 'import')`))
    .addColumn('entered_by', 'integer')
    .addColumn('entered_at', 'timestamptz')
    .addColumn('last_changed_by', 'integer')
    .addColumn('last_changed_at', 'timestamptz')
    .addColumn('validated_by', 'integer')
    .addColumn('validated_at', 'timestamptz')
    .addColumn('returned_reason', 'text')
    // Voided attempts, kept on record: [{attempt, rawTimeMs, outcome, penalties, reason, voidedBy}].
    .addColumn('voided', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The standings, the timing table and the validation screen read one run by status.
  await db.schema.createIndex('results_run_status_idx').on('results').columns(['run_id', 'status']).execute();
  await db.schema.createIndex('results_event_idx').on('results').columns(['event_id', 'status']).execute();

  // A run's results held from the public (a championship final) until an admin releases them.
  await db.schema
    .alterTable('runs')
    .addColumn('results_held', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('results_held').execute();
  await db.schema.dropTable('results').execute();
}
