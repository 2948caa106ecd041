import type { Kysely } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // How long one heat takes, set by the organiser: with the run's start time it gives each heat's
  // estimated start (docs/decisions/047). Null: no estimates beyond the run's start.
  await db.schema.alterTable('runs').addColumn('heat_duration_seconds', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('heat_duration_seconds').execute();
}
