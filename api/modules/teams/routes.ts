import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamSchema, idParamsSchema } from '../../contracts/common.ts';
import {
  eligibilityQuerySchema,
  memberCountQuerySchema,
  memberCountSchema,
  myTeamInvitationListSchema,
  runTeamPageSchema,
  teamCandidateQuerySchema,
  teamCandidateSchema,
  teamCreateBodySchema,
  teamEligibilitySchema,
  teamHybridBodySchema,
  teamInvitationBodySchema,
  teamInvitationListSchema,
  teamInvitationParamsSchema,
  teamInvitationSentSchema,
  teamListQuerySchema,
  teamMemberParamsSchema,
  teamPageSchema,
  teamReadQuerySchema,
  teamSchema,
  teamSubListQuerySchema,
  teamUpdateBodySchema,
} from '../../contracts/teams.ts';
import { signedInRoutes } from '../route-options.ts';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteByEmail,
  myInvitations,
  teamInvitations,
} from './invitations.ts';
import {
  addMember,
  createTeam,
  eligibilityForRun,
  findCandidate,
  getTeam,
  listDepartmentTeams,
  listRunTeams,
  listTeams,
  makeHybrid,
  memberCount,
  precheckTeamAccess,
  removeMember,
  setTeamDeleted,
  type TeamAccessLevel,
  transferOwnership,
  updateTeam,
} from './service.ts';

const tags = ['teams'];
const e = errorEnvelopeSchema;
const listErrors = { 400: e, 401: e, 403: e };
const oneErrors = { 400: e, 401: e, 403: e, 404: e };
const writeErrors = { 400: e, 401: e, 403: e, 404: e, 409: e, 422: e };
const route = signedInRoutes(tags);

/** Teams (docs/decisions/016): the captain or an admin manages a team, its members see it. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Refuses a caller who is not the team's captain (or member, for reads) before the body or query
   * is validated, so a stranger gets 403 whatever they send; the service checks again under the lock.
   */
  const teamAccess = (level: (request: FastifyRequest) => TeamAccessLevel) => async (request: FastifyRequest) => {
    const raw = request.params as { id?: unknown } | undefined;
    const id = idParamSchema.safeParse(raw?.id);
    if (id.success) await precheckTeamAccess(app.db, request.user, id.data, level(request));
  };
  const invitationContext = () => ({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl });
  const toRead = teamAccess(() => 'read');
  const toManage = teamAccess(() => 'manage');
  const toRemove = teamAccess((request) => {
    const userId = idParamSchema.safeParse((request.params as { userId?: unknown } | undefined)?.userId);
    return userId.success ? { leave: userId.data } : 'manage';
  });
  /** A route for the team's captain or an admin (members too, for reads), refused early by the precheck. */
  const guarded = <S extends FastifySchema>(precheck: typeof toRead, schema: S) => ({
    ...route('owner-or-admin', schema),
    preValidation: precheck,
  });

  const listRoute = route('user', {
    summary:
      'Teams by name; filters isHybrid, isActive, departmentId, runType, query (name), mine; admins see inactive teams too and, with deleted=true, the soft-deleted ones',
    querystring: teamListQuerySchema,
    response: { 200: teamPageSchema, ...listErrors },
  });
  app.get('/api/teams', listRoute, async (request) => listTeams(app.db, request.user, request.query));
  app.get(
    '/api/teams/filter',
    { ...listRoute, schema: { ...listRoute.schema, summary: 'Teams filtered (same filters as the list)' } },
    async (request) => listTeams(app.db, request.user, request.query),
  );

  app.post(
    '/api/teams',
    route('user', {
      summary:
        "Create a team: the caller (or, for an admin, the account named by captainId) becomes its captain and first member; the department defaults to the captain's",
      body: teamCreateBodySchema,
      response: { 201: teamSchema, ...writeErrors },
    }),
    async (request, reply) => {
      const team = await createTeam(app.db, request.user, request.body);
      return reply.code(201).header('location', `/api/teams/${team.id}`).send(team);
    },
  );

  app.get(
    '/api/teams/department/:id',
    route('user', {
      summary: "A department's teams (same visibility and filters as the list)",
      params: idParamsSchema,
      querystring: teamSubListQuerySchema,
      response: { 200: teamPageSchema, ...oneErrors },
    }),
    async (request) => listDepartmentTeams(app.db, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/teams/run/:id',
    route('user', {
      summary:
        'The teams registered for a run (registrations not cancelled nor deleted): confirmed first, then the waitlist in order',
      params: idParamsSchema,
      querystring: teamSubListQuerySchema,
      response: { 200: runTeamPageSchema, ...oneErrors },
    }),
    async (request) => listRunTeams(app.db, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/teams/:id',
    guarded(toRead, {
      summary:
        "A team with its members (its captain, members and admins); with ?runId= every member's eligibility problems for that run",
      params: idParamsSchema,
      querystring: teamReadQuerySchema,
      response: { 200: teamSchema, ...oneErrors },
    }),
    async (request) => getTeam(app.db, request.user, request.params.id, request.query.runId),
  );

  app.get(
    '/api/teams/:id/member-count',
    route('user', {
      summary: "The number of members against the size rule of a run type (the team's own by default)",
      params: idParamsSchema,
      querystring: memberCountQuerySchema,
      response: { 200: memberCountSchema, ...oneErrors },
    }),
    async (request) => memberCount(app.db, request.user, request.params.id, request.query.runType),
  );

  app.get(
    '/api/teams/:id/eligibility',
    guarded(toRead, {
      summary: "The team's and every member's eligibility problems for a run (its captain, members and admins)",
      params: idParamsSchema,
      querystring: eligibilityQuerySchema,
      response: { 200: teamEligibilitySchema, ...oneErrors },
    }),
    async (request) => eligibilityForRun(app.db, request.user, request.params.id, request.query.runId),
  );

  app.get(
    '/api/teams/:id/candidate',
    // Admins only: it names the account behind an address; captains invite instead (docs/decisions/026).
    route('admin', {
      summary: 'The account with this exact e-mail address, and whether add-member would take it now (admins)',
      params: idParamsSchema,
      querystring: teamCandidateQuerySchema,
      response: { 200: teamCandidateSchema, ...oneErrors, 409: e },
    }),
    async (request) => findCandidate(app.db, request.user, request.params.id, request.query.email),
  );

  app.put(
    '/api/teams/:id',
    guarded(toManage, {
      summary:
        'Change the name, department, active flag or best time (captain or admin); fields left out stay as they are',
      params: idParamsSchema,
      body: teamUpdateBodySchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => updateTeam(app.db, request.user, request.params.id, request.body),
  );

  app.patch(
    '/api/teams/:id/add-member/:userId',
    // Admins only: anyone else invites, and the person accepts (docs/decisions/026).
    route('admin', {
      summary:
        'Add a member directly (admins; captains invite by e-mail): up to the maximum of the run type; one department unless the team is hybrid',
      params: teamMemberParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => addMember(app.db, request.user, request.params.id, request.params.userId),
  );

  app.get(
    '/api/teams/:id/invitations',
    guarded(toManage, {
      summary: "The team's pending invitations, by the address each was sent to (captain or admin)",
      params: idParamsSchema,
      response: { 200: teamInvitationListSchema, ...oneErrors },
    }),
    async (request) => teamInvitations(app.db, request.user, request.params.id),
  );

  app.post(
    '/api/teams/:id/invitations',
    guarded(toManage, {
      summary:
        'Invite someone by e-mail address (captain or admin): the same answer whether or not an account uses it; the person accepts or declines',
      params: idParamsSchema,
      body: teamInvitationBodySchema,
      response: { 202: teamInvitationSentSchema, ...writeErrors, 429: e },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(await inviteByEmail(invitationContext(), request.user, request.params.id, request.body.email)),
  );

  app.post(
    '/api/teams/:id/invitations/:invitationId/cancel',
    guarded(toManage, {
      summary: 'Cancel a pending invitation (captain or admin); answers the pending ones left',
      params: teamInvitationParamsSchema,
      response: { 200: teamInvitationListSchema, ...writeErrors },
    }),
    async (request) => cancelInvitation(app.db, request.user, request.params.id, request.params.invitationId),
  );

  app.get(
    '/api/team-invitations',
    route('user', {
      summary: "The caller's pending invitations to teams, newest first",
      response: { 200: myTeamInvitationListSchema, 401: e },
    }),
    async (request) => myInvitations(app.db, request.user),
  );

  app.post(
    '/api/team-invitations/:id/accept',
    route('user', {
      summary:
        "Accept one of the caller's invitations: they join the team if every rule of add-member holds now (404 for anyone else's)",
      params: idParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => acceptInvitation(app.db, request.user, request.params.id),
  );

  app.post(
    '/api/team-invitations/:id/decline',
    route('user', {
      summary: "Decline one of the caller's invitations (404 for anyone else's); answers the pending ones left",
      params: idParamsSchema,
      response: { 200: myTeamInvitationListSchema, ...oneErrors },
    }),
    async (request) => declineInvitation(app.db, request.user, request.params.id),
  );

  app.patch(
    '/api/teams/:id/remove-member/:userId',
    guarded(toRemove, {
      summary:
        'Remove a member (captain or admin; a member may remove themselves); never the captain: transfer the captaincy first',
      params: teamMemberParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => removeMember(app.db, request.user, request.params.id, request.params.userId),
  );

  app.post(
    '/api/teams/:id/transfer-ownership/:userId',
    guarded(toManage, {
      summary: 'Make another member the captain (captain or admin)',
      params: teamMemberParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => transferOwnership(app.db, request.user, request.params.id, request.params.userId),
  );

  app.post(
    '/api/teams/:id/hybrid',
    guarded(toManage, {
      summary:
        'Make the team hybrid (mixing departments) with exactly these members: existing active accounts, the captain among them',
      params: idParamsSchema,
      body: teamHybridBodySchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => makeHybrid(app.db, request.user, request.params.id, request.body),
  );

  app.post(
    '/api/teams/:id/soft-delete',
    guarded(toManage, {
      summary: 'Soft-delete the team (captain or admin; idempotent): it leaves every list',
      params: idParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => setTeamDeleted(app.db, request.user, request.params.id, true),
  );

  app.post(
    '/api/teams/:id/restore',
    guarded(toManage, {
      summary: 'Restore a soft-deleted team (captain or admin; idempotent)',
      params: idParamsSchema,
      response: { 200: teamSchema, ...writeErrors },
    }),
    async (request) => setTeamDeleted(app.db, request.user, request.params.id, false),
  );
};
