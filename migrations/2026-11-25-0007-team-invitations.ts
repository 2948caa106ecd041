import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Team invitations (docs/decisions/026): a captain invites by e-mail address, the person accepts or
  // declines. The address is kept as typed (trimmed, lower case), whether or not an account uses it, so
  // the captain's view is the same either way; the invitee is whoever signs in with that address.
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email) and length(email) <= 254`))
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'declined', 'cancelled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('responded_at', 'timestamptz')
    .execute();
  // One pending invitation per team and address; the invitee's list reads by address.
  await sql`create unique index team_invitations_pending_idx on team_invitations (team_id, email) where status = 'pending'`.execute(
    db,
  );
  await sql`create index team_invitations_email_idx on team_invitations (email) where status = 'pending'`.execute(db);
  // What one person sent in the last day (the daily limit counts over all their teams).
  await db.schema
    .createIndex('team_invitations_inviter_created_idx')
    .on('team_invitations')
    .columns(['invited_by', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_invitations').execute();
}
