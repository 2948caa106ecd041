import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // National qualifying standards (docs/decisions/068): per season (the events' calendar year), run type
  // and run category (the text runs use), the slowest official time that qualifies. Public results flag
  // an official time at or under it "Q".
  await db.schema
    .createTable('qualifying_standards')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('season', 'integer', (c) => c.notNull().check(sql`season between 1900 and 2999`))
    .addColumn('run_type', 'text', (c) => c.notNull().check(sql`run_type in ('individual', 'relay', 'tech2')`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('time_ms', 'integer', (c) => c.notNull().check(sql`time_ms > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One standard per season, run type and category; also the look-up of the flags and the list.
  await db.schema
    .createIndex('qualifying_standards_key_idx')
    .on('qualifying_standards')
    .columns(['season', 'run_type', 'category'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('qualifying_standards').execute();
}
