import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Announcement editing (docs/decisions/035, 036): drafts, a version for optimistic concurrency, soft delete.
  // "Scheduled" is not stored: a published announcement whose published_at is still ahead.
  await db.schema
    .alterTable('announcements')
    .addColumn('is_draft', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1).check(sql`version >= 1`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The public reads: visible, not a draft, not deleted, by pin then time.
  await sql`create index announcements_public_idx on announcements (is_pinned desc, published_at desc) where is_visible and not is_draft and deleted_at is null`.execute(
    db,
  );

  // Pictures uploaded for an announcement's image blocks: one row per upload, one picture per width.
  await db.schema
    .createTable('announcement_images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcement_images_announcement_idx')
    .on('announcement_images')
    .column('announcement_id')
    .execute();
  await db.schema
    .createTable('announcement_image_variants')
    .addColumn('image_id', 'integer', (c) => c.notNull().references('announcement_images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('picture_id', 'integer', (c) => c.notNull().references('pictures.id'))
    .addPrimaryKeyConstraint('announcement_image_variants_pk', ['image_id', 'width'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_image_variants').execute();
  await db.schema.dropTable('announcement_images').execute();
  await sql`drop index if exists announcements_public_idx`.execute(db);
  await db.schema
    .alterTable('announcements')
    .dropColumn('is_draft')
    .dropColumn('version')
    .dropColumn('deleted_at')
    .execute();
}
