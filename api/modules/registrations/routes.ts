import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema } from '../../contracts/common.ts';
import {
  batchRegisterBodySchema,
  batchRegisterResponseSchema,
  COMMAND_ID_PATTERN,
  historyQuerySchema,
  lateEntryBodySchema,
  lateEntryCandidatesQuerySchema,
  lateEntryCandidatesSchema,
  registrationCancelBodySchema,
  registrationCommandBodySchema,
  registrationCreateBodySchema,
  registrationHistorySchema,
  registrationListQuerySchema,
  registrationPageSchema,
  registrationSchema,
  registrationScopedQuerySchema,
  registrationUpdateBodySchema,
  runRegistrationHistorySchema,
  substituteBodySchema,
  waitlistPositionBodySchema,
  waitlistQuerySchema,
} from '../../contracts/registrations.ts';
import { badRequest, DomainError, notFound } from '../../domain/errors.ts';
import { isAdmin, requireOwnerOrAdmin } from '../../plugins/access.ts';
import {
  batchRegister,
  type CommandOptions,
  type ExistingCommand,
  lateEntryCandidates,
  readableRegistration,
  runRegistrationCommand,
  type SwapTeamMember,
  submitLateEntry,
  submitRegistration,
  substituteEntrant,
} from './commands.ts';
import { pageOfRegistrations, registrationHistory, runExists, runRegistrationHistory, teamParties } from './queries.ts';

type CommandBody = { commandId?: string; expectedVersion?: number } | null | undefined;

/**
 * The commands on an existing registration, one row each: method, path (after /api/registrations/:id),
 * summary, access (owner-or-admin: the registrant, the team's captain or an admin; admin: admins only),
 * body schema, and how the body becomes the command. Submitting and batches are the two routes above
 * the table: they create registrations and answer 201.
 */
interface CommandRoute<B extends z.ZodType> {
  method: 'put' | 'patch' | 'post';
  path: string;
  summary: string;
  access: 'owner-or-admin' | 'admin';
  body: B;
  command: (body: z.infer<B>) => ExistingCommand;
}

const row = <B extends z.ZodType>(route: CommandRoute<B>) => route as unknown as CommandRoute<z.ZodType<CommandBody>>;

const COMMAND_ROUTES: readonly CommandRoute<z.ZodType<CommandBody>>[] = [
  row({
    method: 'put',
    path: '',
    summary: "Change a registration's notes",
    access: 'owner-or-admin',
    body: registrationUpdateBodySchema,
    command: (b) => ({ type: 'Update', notes: b.notes }),
  }),
  row({
    method: 'patch',
    path: '/cancel',
    summary: 'Cancel a registration (idempotent); a freed place goes to the first on the waitlist',
    access: 'owner-or-admin',
    body: registrationCancelBodySchema,
    command: (b) => ({ type: 'Cancel', reason: b?.reason ?? null }),
  }),
  row({
    method: 'patch',
    path: '/confirm',
    summary:
      'Confirm: promote a waitlisted one into a free place (409 RUN_FULL otherwise), or take back a cancelled one; idempotent',
    access: 'admin',
    body: registrationCommandBodySchema,
    command: () => ({ type: 'Confirm' }),
  }),
  row({
    method: 'patch',
    path: '/waitlist-position',
    summary: 'Move a waitlisted registration to a position; the others are renumbered 1..n',
    access: 'admin',
    body: waitlistPositionBodySchema,
    command: (b) => ({ type: 'MoveOnWaitlist', position: b.position }),
  }),
  row({
    method: 'post',
    path: '/soft-delete',
    summary: 'Soft-delete a registration: it leaves every list, and a place it held goes to the waitlist',
    access: 'admin',
    body: registrationCommandBodySchema,
    command: () => ({ type: 'SoftDelete' }),
  }),
  row({
    method: 'post',
    path: '/restore',
    summary: 'Restore a soft-deleted registration: confirmed if a place is free, else at the end of the waitlist',
    access: 'admin',
    body: registrationCommandBodySchema,
    command: () => ({ type: 'Restore' }),
  }),
  row({
    method: 'post',
    path: '/hybrid-opt-in',
    summary: 'Opt in to hybrid (mixed-department) participation, where the run allows it',
    access: 'owner-or-admin',
    body: registrationCommandBodySchema,
    command: () => ({ type: 'OptInHybrid' }),
  }),
];

const tags = ['registrations'];
const e = errorEnvelopeSchema;
const readResponses = { 400: e, 401: e, 403: e, 404: e };
const commandResponses = { 200: registrationSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e };

/**
 * Registrations, event-sourced (docs/domain.md; docs/decisions/014). Reads come from the
 * inline read model; every change is a command on the registration streams of one run.
 */
export interface RegistrationRoutesOptions {
  /** A team substitution swaps the member on the team's roster (the teams module's, given in api/app.ts). */
  swapTeamMember: SwapTeamMember;
}

export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, options) => {
  /** The command options of a request: request id, clock, and the command id from the body or the idempotency-key header. */
  function optionsOf(
    request: FastifyRequest,
    body?: { commandId?: string; expectedVersion?: number } | null,
  ): CommandOptions {
    const header = request.headers['idempotency-key'];
    const fromHeader = Array.isArray(header) ? header[0] : header;
    if (fromHeader !== undefined && !COMMAND_ID_PATTERN.test(fromHeader)) {
      throw badRequest(
        'INVALID_IDEMPOTENCY_KEY',
        'The idempotency-key header must be 1 to 100 letters, digits or . _ : -',
      );
    }
    const commandId = body?.commandId ?? fromHeader;
    return {
      requestId: String(request.id),
      timeZone: app.config.siteTimeZone,
      ...(commandId ? { commandId } : {}),
      ...(body?.expectedVersion !== undefined ? { expectedVersion: body.expectedVersion } : {}),
    };
  }

  // A registration change moves places left and open runs on the public pages: forget their cached
  // answers before this reply leaves, so the next public read already shows it.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.publicReadCache.clear();
  });

  const listSchema = {
    tags,
    querystring: registrationListQuerySchema,
    response: { 200: registrationPageSchema, ...readResponses },
  };

  app.get(
    '/api/registrations',
    {
      config: { access: 'admin' },
      schema: {
        ...listSchema,
        summary:
          'Registrations, newest first; filters runId, eventId, teamId, userId, status, hasWaitlistPosition, deleted',
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return pageOfRegistrations(app.db, filter, { page, limit });
    },
  );

  app.get(
    '/api/registrations/filter',
    {
      config: { access: 'admin' },
      schema: { ...listSchema, summary: 'Registrations filtered (same filters as the list)' },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return pageOfRegistrations(app.db, filter, { page, limit });
    },
  );

  app.get(
    '/api/registrations/waitlist',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A run's waitlist by position",
        querystring: waitlistQuerySchema,
        response: { 200: registrationPageSchema, ...readResponses },
      },
    },
    async (request) => {
      const { page, limit, runId } = request.query;
      return pageOfRegistrations(app.db, { runId, status: 'waitlisted' }, { page, limit }, { order: 'places' });
    },
  );

  app.post(
    '/api/registrations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Register yourself for an individual run, or a team you captain (admins: anyone); confirmed while places last, else waitlisted',
        body: registrationCreateBodySchema,
        response: { 201: registrationSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const registration = await submitRegistration(
        app.eventStore,
        request.user,
        request.body,
        optionsOf(request, request.body),
      );
      return reply.status(201).send(registration);
    },
  );

  app.post(
    '/api/registrations/late-entry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'A late entry on event day (admins): after the registration window closed; eligibility, once per run and the limit still apply; confirmed and recorded as late',
        body: lateEntryBodySchema,
        response: { 201: registrationSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const registration = await submitLateEntry(
        app.eventStore,
        request.user,
        request.body,
        optionsOf(request, request.body),
      );
      return reply.status(201).send(registration);
    },
  );

  app.get(
    '/api/registrations/late-entry/candidates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Whom the late-entry picker offers (admins): people (or, for relay and Tech2, teams) matching the query whom a late entry would admit now: eligible, of the run's format, not already entered",
        querystring: lateEntryCandidatesQuerySchema,
        response: { 200: lateEntryCandidatesSchema, 400: e, 401: e, 403: e, 404: e, 422: e },
      },
    },
    async (request) => lateEntryCandidates(app.db, request.query, { timeZone: app.config.siteTimeZone }),
  );

  app.post(
    '/api/registrations/:id/substitute',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Substitute (admins): another competitor takes an individual entry, or replaces a team member (replacedUserId); eligibility checked; the slot in the run order stays',
        params: idParamsSchema,
        body: substituteBodySchema,
        response: commandResponses,
      },
    },
    async (request) =>
      substituteEntrant(
        app.eventStore,
        request.user,
        request.params.id,
        request.body,
        optionsOf(request, request.body),
        options.swapTeamMember,
      ),
  );

  app.post(
    '/api/registrations/batch-register',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Register several teams for a run: all of them, or none with every refusal listed (422 BATCH_REFUSED)',
        body: batchRegisterBodySchema,
        response: { 201: batchRegisterResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request, reply) => {
      const data = await batchRegister(app.eventStore, request.user, request.body, optionsOf(request, request.body));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/registrations/user/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: "A person's registrations: their own and their teams', newest first",
        params: idParamsSchema,
        querystring: registrationScopedQuerySchema,
        response: { 200: registrationPageSchema, ...readResponses },
      },
    },
    async (request) => {
      requireOwnerOrAdmin(request.user, request.params.id);
      const { page, limit, status } = request.query;
      return pageOfRegistrations(app.db, { involvingUserId: request.params.id, status }, { page, limit });
    },
  );

  app.get(
    '/api/registrations/run/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A run's registrations: confirmed first, then the waitlist by position, then cancelled",
        params: idParamsSchema,
        querystring: registrationScopedQuerySchema,
        response: { 200: registrationPageSchema, ...readResponses },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      return pageOfRegistrations(app.db, { runId: request.params.id, status }, { page, limit }, { order: 'places' });
    },
  );

  app.get(
    '/api/registrations/run/:id/history',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "A run's registration history: every event of its registrations (deleted ones too), newest first, with who and when",
        params: idParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: runRegistrationHistorySchema, ...readResponses },
      },
    },
    async (request) => {
      if (!(await runExists(app.db, request.params.id))) throw notFound('Run', 'RUN_NOT_FOUND');
      return runRegistrationHistory(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/api/registrations/team/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: "A team's registrations, for its captain, its members and admins",
        params: idParamsSchema,
        querystring: registrationScopedQuerySchema,
        response: { 200: registrationPageSchema, ...readResponses },
      },
    },
    async (request) => {
      const parties = await teamParties(app.db, request.params.id);
      if (!parties) throw notFound('Team', 'TEAM_NOT_FOUND');
      const caller = request.user;
      if (!isAdmin(caller.role) && parties.captainId !== caller.sub && !parties.memberIds.includes(caller.sub)) {
        throw new DomainError(
          403,
          'FORBIDDEN',
          "Only the team's captain, its members or an admin can see its registrations.",
        );
      }
      const { page, limit, status } = request.query;
      return pageOfRegistrations(app.db, { teamId: request.params.id, status }, { page, limit });
    },
  );

  app.get(
    '/api/registrations/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: 'One registration, for the registrant, the team and admins',
        params: idParamsSchema,
        response: { 200: registrationSchema, ...readResponses },
      },
    },
    async (request) => readableRegistration(app.db, request.user, request.params.id),
  );

  app.get(
    '/api/registrations/:id/history',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: 'Who did what to a registration, and when: its events, oldest first',
        params: idParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: registrationHistorySchema, ...readResponses },
      },
    },
    async (request) => {
      await readableRegistration(app.db, request.user, request.params.id);
      return registrationHistory(app.db, request.params.id, request.query);
    },
  );

  for (const route of COMMAND_ROUTES) {
    app[route.method](
      `/api/registrations/:id${route.path}`,
      {
        config: { access: route.access },
        schema: {
          tags,
          summary: route.summary,
          params: idParamsSchema,
          body: route.body,
          response: commandResponses,
        },
      },
      async (request: FastifyRequest<{ Params: { id: number } }>) => {
        const body = request.body as CommandBody;
        return runRegistrationCommand(
          app.eventStore,
          request.user,
          request.params.id,
          route.command(body),
          optionsOf(request, body),
          route.access === 'admin' ? 'admin' : 'manager',
        );
      },
    );
  }
};
