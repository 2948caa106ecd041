import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // A command id is scoped to who sent it and to its kind (docs/decisions/028): a retry by the same
  // actor answers the earlier outcome; another actor, or another kind of command, gets 409.
  await db.schema.alterTable('processed_commands').addColumn('actor_id', 'integer').execute();
  await db.schema.alterTable('processed_commands').addColumn('command_kind', 'text').execute();
  // Commands recorded before this migration: the actor is the one in the first event's metadata
  // (null for the system); the kind was not recorded and stays null (any kind matches it).
  await sql`
    update processed_commands pc
    set actor_id = (e.metadata ->> 'actorId')::integer
    from event_log e
    where e.stream_id = pc.stream_id
      and e.version = pc.first_version
      and jsonb_typeof(e.metadata -> 'actorId') = 'number'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('processed_commands').dropColumn('command_kind').execute();
  await db.schema.alterTable('processed_commands').dropColumn('actor_id').execute();
}
