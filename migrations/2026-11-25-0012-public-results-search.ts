import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // The public results search over the whole history (docs/decisions/041-public-results-speed.md).
  // Trigram indexes answer `ilike '%part%'` on a person's full name and a team's name without reading
  // every row. pg_trgm is a trusted extension: a database owner may create it; PGlite loads it with
  // the instance (api/db/database.ts).
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index users_full_name_trgm_idx on users
    using gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`.execute(db);
  await sql`create index teams_name_trgm_idx on teams using gin (name gin_trgm_ops)`.execute(db);
  // Records: the best official time of each run, read from the front of this index.
  await sql`create index results_official_time_idx on results (run_id, official_time_ms)
    where status = 'official' and recorded and official_time_ms is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists results_official_time_idx`.execute(db);
  await sql`drop index if exists teams_name_trgm_idx`.execute(db);
  await sql`drop index if exists users_full_name_trgm_idx`.execute(db);
}
