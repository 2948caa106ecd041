import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('departments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('website', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index departments_name_key on departments (lower(name))`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`char_length(email) <= 254`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('super-admin', 'admin', 'user')`))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('date_of_birth', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_department_idx').on('users').column('department_id').execute();

  await db.schema
    .createTable('pictures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('Draft', 'Tentative', 'Confirmed', 'Firm', 'In Progress', 'Completed', 'Cancelled', 'To Be Rescheduled')`,
        ),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('picture_id', 'integer', (c) => c.references('pictures.id'))
    .addColumn('registration_opens_on', 'date')
    .addColumn('early_bird_ends_on', 'date')
    .addColumn('late_starts_on', 'date')
    .addColumn('registration_closes_on', 'date')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_dates_ordered', sql`end_date >= start_date`)
    .execute();
  await db.schema.createIndex('events_start_date_idx').on('events').column('start_date').execute();

  await db.schema
    .createTable('runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('individual', 'relay', 'tech2')`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('participant_limit', 'integer', (c) => c.notNull().check(sql`participant_limit >= 0`))
    .addColumn('is_head_to_head', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('registration_opens_at', 'timestamptz')
    .addColumn('registration_closes_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('runs_event_idx').on('runs').column('event_id').execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('video_url', 'text')
    .addColumn('picture_id', 'integer', (c) => c.references('pictures.id'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcements_published_idx')
    .on('announcements')
    .columns(['is_pinned', 'published_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['announcements', 'runs', 'events', 'pictures', 'users', 'departments']) {
    await db.schema.dropTable(table).execute();
  }
}
