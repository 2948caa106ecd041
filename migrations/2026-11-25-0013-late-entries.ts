import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // A late entry on event day (docs/decisions/045) is shown as such: the registrations read model keeps it.
  await db.schema
    .alterTable('registrations')
    .addColumn('is_late', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // From the log, should any late entry be recorded before this column (a rebuild gives the same).
  await sql`
    update registrations r set is_late = true
    from event_log e
    where e.stream_id = 'registration:' || r.id
      and e.type = 'RegistrationSubmitted'
      and (e.data ->> 'late') = 'true'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('is_late').execute();
}
