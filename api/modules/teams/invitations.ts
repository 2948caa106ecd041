import { type Kysely, sql } from 'kysely';
import {
  INVITATION_SENT_MESSAGE,
  type MyTeamInvitationList,
  type TeamDto,
  type TeamInvitationList,
  type TeamInvitationSentDto,
} from '../../contracts/teams.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { invitationRefusal } from '../../domain/teams/invitations.ts';
import { additionRefusal } from '../../domain/teams/team-rules.ts';
import type { AccessTokenClaims } from '../../plugins/access.ts';
import type { Mailer } from '../mail/mailer.ts';
import { teamInvitationMessage } from '../mail/templates.ts';
import { candidates, insertMembers, membersOf, teamFacts, updateTeamRow } from './queries.ts';
import { authorizeTeam, factsOf, teamDeleted, teamDto, teamForChange, teamNotFound } from './service.ts';

/**
 * Team invitations (docs/decisions/026): a captain (or an admin) invites by e-mail address; the person
 * who signs in with it accepts or declines. The captain's answer and view are the same whether or not
 * an account uses the address, and nobody joins a team without saying yes.
 */

export interface InvitationContext {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
}

const invitationNotFound = () => notFound('Invitation', 'INVITATION_NOT_FOUND');

/**
 * The caller's own address, lower case, once they have proved they read it (verified): invitations are
 * addressed to it, and an account registered with someone else's address must not receive theirs.
 */
async function addressOf(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('is_verified', '=', true)
    .executeTakeFirst();
  return row?.email.trim().toLowerCase();
}

/** POST /teams/{id}/invitations {email}: the same answer whatever the address; the mail only when they can join. */
export async function inviteByEmail(
  ctx: InvitationContext,
  caller: AccessTokenClaims,
  teamId: number,
  rawEmail: string,
): Promise<TeamInvitationSentDto> {
  const email = rawEmail.trim().toLowerCase();
  const outbox: number[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const team = await teamForChange(trx, caller, teamId, 'manage');
    const members = await membersOf(trx, teamId);
    // Pending ones of this team; sent in the last day by this person, whatever the team (so creating
    // teams does not multiply what one person can send).
    const counts = await trx
      .selectFrom('team_invitations')
      .select([
        sql<number>`count(*) filter (where team_id = ${teamId} and status = 'pending')`.as('pending'),
        sql<number>`count(*) filter (where invited_by = ${caller.sub} and created_at > now() - interval '1 day')`.as(
          'last_day',
        ),
      ])
      .where((eb) => eb.or([eb('team_id', '=', teamId), eb('invited_by', '=', caller.sub)]))
      .executeTakeFirstOrThrow();
    const refusal = invitationRefusal({
      runType: team.run_type,
      memberCount: members.length,
      pendingCount: Number(counts.pending),
      sentLastDay: Number(counts.last_day),
    });
    if (refusal) throw refusal;
    const created = await trx
      .insertInto('team_invitations')
      .values({ team_id: teamId, email, invited_by: caller.sub })
      .onConflict((oc) => oc.columns(['team_id', 'email']).where('status', '=', 'pending').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Already pending: nothing more (no second mail). Otherwise mail the person only when they could join now.
    if (!created) return;
    const account = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'email'])
      .where(sql<string>`lower(${sql.ref('users.email')})`, '=', email)
      .executeTakeFirst();
    if (!account) return;
    const [candidate] = await candidates(trx, [account.id]);
    if (!candidate || additionRefusal(factsOf(team), members, candidate)) return;
    const captain = members.find((m) => m.userId === team.captain_id);
    outbox.push(
      await ctx.mailer.enqueue(
        trx,
        teamInvitationMessage(
          account.email,
          account.first_name,
          team.name,
          captain ? `${captain.firstName} ${captain.lastName}`.trim() : undefined,
          `${ctx.publicUrl}/portal/teams`,
        ),
      ),
    );
  });
  ctx.mailer.deliver(outbox);
  return { message: INVITATION_SENT_MESSAGE };
}

/** GET /teams/{id}/invitations (captain or admin): the pending ones, oldest first, by the address typed. */
export async function teamInvitations(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  teamId: number,
): Promise<TeamInvitationList> {
  const team = await teamFacts(db, teamId);
  if (!team) throw teamNotFound();
  await authorizeTeam(db, caller, team, 'manage');
  const rows = await db
    .selectFrom('team_invitations')
    .select(['id', 'team_id', 'email', 'created_at'])
    .where('team_id', '=', teamId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { data: rows.map((r) => ({ id: r.id, teamId: r.team_id, email: r.email, invitedAt: iso(r.created_at) })) };
}

/** POST /teams/{id}/invitations/{invitationId}/cancel (captain or admin): answers the pending ones left. */
export async function cancelInvitation(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  teamId: number,
  invitationId: number,
): Promise<TeamInvitationList> {
  await db.transaction().execute(async (trx) => {
    await teamForChange(trx, caller, teamId, 'manage', { allowDeleted: true });
    const cancelled = await trx
      .updateTable('team_invitations')
      .set({ status: 'cancelled', responded_at: new Date() })
      .where('id', '=', invitationId)
      .where('team_id', '=', teamId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!cancelled) throw invitationNotFound();
  });
  return teamInvitations(db, caller, teamId);
}

/** Pending invitations addressed to the caller, to teams that exist and that they are not on yet. */
function myPending(db: Kysely<Database>, callerId: number, email: string) {
  return db
    .selectFrom('team_invitations as i')
    .innerJoin('teams', 'teams.id', 'i.team_id')
    .where('i.email', '=', email)
    .where('i.status', '=', 'pending')
    .where('teams.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('team_members')
            .select('team_members.user_id')
            .whereRef('team_members.team_id', '=', 'teams.id')
            .where('team_members.user_id', '=', callerId),
        ),
      ),
    );
}

/** GET /team-invitations: the caller's pending invitations, newest first. */
export async function myInvitations(db: Kysely<Database>, caller: AccessTokenClaims): Promise<MyTeamInvitationList> {
  const email = await addressOf(db, caller.sub);
  if (!email) return { data: [] };
  const rows = await myPending(db, caller.sub, email)
    .leftJoin('departments', 'departments.id', 'teams.department_id')
    .innerJoin('users as captain', 'captain.id', 'teams.captain_id')
    .select([
      'i.id',
      'i.team_id',
      'i.created_at',
      'teams.name',
      'teams.run_type',
      'teams.is_hybrid',
      'departments.name as department_name',
      'captain.first_name',
      'captain.last_name',
    ])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      teamId: r.team_id,
      teamName: r.name,
      runType: r.run_type,
      departmentName: r.department_name,
      isHybrid: r.is_hybrid,
      captainName: `${r.first_name} ${r.last_name}`.trim(),
      invitedAt: iso(r.created_at),
    })),
  };
}

/** The caller's own pending invitation; anyone else's, or none, is the same 404. */
async function ownInvitation(db: Kysely<Database>, caller: AccessTokenClaims, invitationId: number) {
  const email = await addressOf(db, caller.sub);
  if (!email) throw invitationNotFound();
  const row = await myPending(db, caller.sub, email)
    .select(['i.id', 'i.team_id'])
    .where('i.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) throw invitationNotFound();
  return row;
}

/**
 * POST /team-invitations/{id}/accept: the caller joins the team if every rule of add-member holds now
 * (checked again under the team's lock); the invitation stays pending when one does not, so it can be
 * accepted once the captain has made room or made the team hybrid.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  invitationId: number,
): Promise<TeamDto> {
  return db.transaction().execute(async (trx) => {
    const { team_id: teamId } = await ownInvitation(trx, caller, invitationId);
    const team = await teamFacts(trx, teamId, { lock: true });
    if (!team) throw invitationNotFound();
    if (team.deleted_at !== null) throw teamDeleted();
    // Read again under the lock: a cancel or a second accept that committed meanwhile wins.
    await ownInvitation(trx, caller, invitationId);
    const [candidate] = await candidates(trx, [caller.sub]);
    if (!candidate) throw invitationNotFound();
    const refusal = additionRefusal(factsOf(team), await membersOf(trx, teamId), candidate);
    if (refusal) throw refusal;
    await insertMembers(trx, teamId, [caller.sub]);
    await updateTeamRow(trx, teamId, {});
    await trx
      .updateTable('team_invitations')
      .set({ status: 'accepted', responded_at: new Date() })
      .where('id', '=', invitationId)
      .execute();
    return teamDto(trx, teamId);
  });
}

/** POST /team-invitations/{id}/decline: answers the caller's pending invitations left. */
export async function declineInvitation(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  invitationId: number,
): Promise<MyTeamInvitationList> {
  await db.transaction().execute(async (trx) => {
    await ownInvitation(trx, caller, invitationId);
    await trx
      .updateTable('team_invitations')
      .set({ status: 'declined', responded_at: new Date() })
      .where('id', '=', invitationId)
      .where('status', '=', 'pending')
      .execute();
  });
  return myInvitations(db, caller);
}
