import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Eligibility needs more than a date of birth: gender for the women's categories, a doctor's clearance
  // from 60, pre-service students (docs/domain.md "Category", "Eligibility").
  await db.schema
    .alterTable('users')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('female', 'male', 'other')`))
    .addColumn('medical_clearance_until', 'date')
    .addColumn('is_pre_service', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('runs')
    .addColumn('allows_hybrid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('run_type', 'text', (c) => c.notNull().check(sql`run_type in ('individual', 'relay', 'tech2')`))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('captain_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('is_hybrid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('teams_department_idx').on('teams').column('department_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();

  // Registrations are event-sourced (stream registration:<id>); ids come from this sequence before the
  // first event is appended, and the table below is their read model, written only by its projection.
  await sql`create sequence registration_ids`.execute(db);
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('registered_by', 'integer', (c) => c.references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('confirmed', 'waitlisted', 'cancelled')`))
    .addColumn('waitlist_position', 'integer', (c) => c.check(sql`waitlist_position >= 1`))
    .addColumn('is_hybrid_opt_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notes', 'text')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addCheckConstraint('registrations_entrant', sql`(team_id is null) <> (user_id is null)`)
    .execute();
  await db.schema.createIndex('registrations_run_idx').on('registrations').columns(['run_id', 'status']).execute();
  await db.schema.createIndex('registrations_team_idx').on('registrations').column('team_id').execute();
  await db.schema.createIndex('registrations_user_idx').on('registrations').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registrations').execute();
  await sql`drop sequence registration_ids`.execute(db);
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
  await db.schema.alterTable('runs').dropColumn('allows_hybrid').dropColumn('deleted_at').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('gender')
    .dropColumn('medical_clearance_until')
    .dropColumn('is_pre_service')
    .execute();
}
