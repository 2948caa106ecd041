import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import {
  correctResultBodySchema,
  holdBodySchema,
  holdSchema,
  importApplyBodySchema,
  importApplySchema,
  importBodySchema,
  importPreviewSchema,
  penaltyBodySchema,
  recordResultBodySchema,
  resultHistorySchema,
  resultListQuerySchema,
  resultPageSchema,
  resultParamsSchema,
  resultRegistrationParamsSchema,
  resultRunParamsSchema,
  resultSchema,
  resultStatusParamsSchema,
  resultStatusQuerySchema,
  resultsDisplaySchema,
  runStandingsSchema,
  teamAggregateSchema,
  teamParamsSchema,
  teamRunParamsSchema,
  teamRunResultSchema,
  timingViewSchema,
  validateResultBodySchema,
  voidResultBodySchema,
  withdrawValidationBodySchema,
} from '../../contracts/results.ts';
import type { ResultCommand } from '../../domain/results/commands.ts';
import { isAdmin } from '../../plugins/access.ts';
import { signedInRoutes } from '../route-options.ts';
import { applyImport, previewImport, type ResultCommandMetadata, resultCommand, setResultsHeld } from './commands.ts';
import { resultsDisplay } from './queries/display.ts';
import { resultHistory } from './queries/history.ts';
import { listResults, resultById } from './queries/result-list.ts';
import { existingRun, runForResults, runNotFoundError } from './queries/run.ts';
import { runStandings } from './queries/standings.ts';
import { teamAggregate, teamRunResult } from './queries/team-results.ts';
import { timingView } from './queries/timing-view.ts';

const tags = ['results'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const readResponses = { 400: e, 401: e, 403: e, 404: e };
const commandResponses = { 200: resultSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e };
const BASE = '/api/results';

/**
 * Results (docs/domain.md "Times and results"; docs/decisions/030-results.md). Admins enter and validate;
 * everyone else gets 403. The venue display's part is the one public read. Every command answers the
 * whole new result; the live socket tells the others.
 */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const metaOf = (
    request: FastifyRequest,
    body: { expectedVersion: number; commandId?: string | undefined },
  ): ResultCommandMetadata => ({
    actorId: request.user.sub,
    actorIsAdmin: isAdmin(request.user.role),
    requestId: String(request.id),
    expectedVersion: body.expectedVersion,
    ...(body.commandId ? { commandId: body.commandId } : {}),
  });

  /** One command on an existing result (/results/{id}/...): its method, path, body and how it becomes a command. */
  function command<S extends z.ZodType<{ expectedVersion: number; commandId?: string | undefined }>>(
    method: 'post' | 'put',
    path: string,
    summary: string,
    body: S,
    toCommand: (body: z.infer<S>) => ResultCommand,
  ) {
    app[method](
      `${BASE}/:id${path}`,
      signedIn('admin', { summary, params: resultParamsSchema, body, response: commandResponses }),
      async (request) => {
        const { id } = request.params as z.infer<typeof resultParamsSchema>;
        const payload = request.body as z.infer<S>;
        return resultCommand(app.eventStore, id, toCommand(payload), metaOf(request, payload));
      },
    );
  }

  // A result change moves the public results pages (docs/decisions/039-public-results.md): forget their
  // cached answers before this reply leaves, so the next public read already shows it.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.publicReadCache.clear();
  });

  app.get(
    BASE,
    signedIn('admin', {
      summary: 'Recorded results, filtered by event, run, status (provisional, official) and outcome; paged',
      querystring: resultListQuerySchema,
      response: { 200: resultPageSchema, ...readResponses },
    }),
    async (request) => listResults(app.db, request.query),
  );

  app.post(
    BASE,
    signedIn('admin', {
      summary:
        "Record a registration's result (raw time as m:ss.hh, outcome, penalties): provisional until a second official validates it; expectedVersion 0 the first time, the voided result's version for a rerun",
      body: recordResultBodySchema,
      response: commandResponses,
    }),
    async (request) => {
      const b = request.body;
      return resultCommand(
        app.eventStore,
        b.registrationId,
        {
          type: 'RecordResult',
          source: 'manual',
          rawTimeMs: b.rawTime ?? null,
          outcome: b.outcome,
          penalties: b.penalties,
        },
        metaOf(request, b),
      );
    },
  );

  app.get(
    `${BASE}/status/:status`,
    signedIn('admin', {
      summary:
        'Recorded results with this status (provisional: waiting for validation), optionally of one event or run',
      params: resultStatusParamsSchema,
      querystring: resultStatusQuerySchema,
      response: { 200: resultPageSchema, ...readResponses },
    }),
    async (request) => listResults(app.db, { ...request.query, status: request.params.status }),
  );

  app.get(
    `${BASE}/registration/:id`,
    signedIn('admin', {
      summary: "A registration's result (the same as GET /results/{id}: a result's id is its registration's)",
      params: resultRegistrationParamsSchema,
      response: { 200: resultSchema, ...readResponses },
    }),
    async (request) => resultById(app.db, request.params.id),
  );

  app.get(
    `${BASE}/run/:runId`,
    signedIn('admin', {
      summary:
        "The run's standings (official and provisional, each row saying which and what decided its place), per age category, and department team scores",
      params: resultRunParamsSchema,
      response: { 200: runStandingsSchema, ...readResponses },
    }),
    async (request) => runStandings(app.db, await existingRun(app.db, request.params.runId)),
  );

  app.get(
    `${BASE}/run/:runId/timing`,
    signedIn('admin', {
      summary:
        "The timing table: the run order's heats, pairs and lanes with each entrant, their result and best official time, the current heat and the run's best ever",
      params: resultRunParamsSchema,
      response: { 200: timingViewSchema, ...readResponses },
    }),
    async (request) => timingView(app.db, await existingRun(app.db, request.params.runId)),
  );

  app.get(
    `${BASE}/run/:runId/display`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The venue display's results: each heat's times and penalties (official, or marked provisional) and the top places; nothing while the run's results are held",
        params: resultRunParamsSchema,
        response: { 200: resultsDisplaySchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Only runs of public events, as the run order's display.
      const run = await runForResults(app.db, request.params.runId, { publicOnly: true });
      if (!run) throw runNotFoundError();
      return resultsDisplay(app.db, run);
    },
  );

  app.put(
    `${BASE}/run/:runId/hold`,
    signedIn('admin', {
      summary: "Hold the run's results from the public (a final) or release them",
      params: resultRunParamsSchema,
      body: holdBodySchema,
      response: { 200: holdSchema, ...readResponses },
    }),
    async (request) => setResultsHeld(app.db, request.params.runId, request.body.held),
  );

  app.post(
    `${BASE}/run/:runId/import`,
    signedIn('admin', {
      summary: "Preview a timing system's file for one heat: matched, differing and unmatched rows; nothing is written",
      params: resultRunParamsSchema,
      body: importBodySchema,
      response: { 200: importPreviewSchema, ...readResponses },
    }),
    async (request) =>
      previewImport(app.db, await existingRun(app.db, request.params.runId), request.body.heat, request.body.csv),
  );

  app.post(
    `${BASE}/run/:runId/import/apply`,
    signedIn('admin', {
      summary:
        'Apply a timing file for one heat: each matched row becomes a provisional result marked import, one command per row (per-row outcomes); differing and unmatched rows are never applied',
      params: resultRunParamsSchema,
      body: importApplyBodySchema,
      response: { 200: importApplySchema, ...readResponses, 409: e, 422: e },
    }),
    async (request) => {
      const run = await existingRun(app.db, request.params.runId);
      return applyImport(app.eventStore, run, request.body.heat, request.body.csv, {
        actorId: request.user.sub,
        actorIsAdmin: isAdmin(request.user.role),
        requestId: String(request.id),
        ...(request.body.commandId ? { commandId: request.body.commandId } : {}),
      });
    },
  );

  app.get(
    `${BASE}/team/:teamId/run/:runId`,
    signedIn('admin', {
      summary:
        "A team's result in a run: a department team's score (its 3 fastest official times) in an individual run, the team's own time in a relay or Tech2 run",
      params: teamRunParamsSchema,
      response: { 200: teamRunResultSchema, ...readResponses },
    }),
    async (request) => teamRunResult(app.db, request.params.teamId, request.params.runId),
  );

  app.get(
    `${BASE}/team/:id/aggregate`,
    signedIn('admin', {
      summary: "A team's results over every run it has results in: scores, ranks, best score, wins",
      params: teamParamsSchema,
      response: { 200: teamAggregateSchema, ...readResponses },
    }),
    async (request) => teamAggregate(app.db, request.params.id),
  );

  app.get(
    `${BASE}/:id`,
    signedIn('admin', {
      summary: 'One result (its id is its registration id), with who entered and validated it and its voided attempts',
      params: resultParamsSchema,
      response: { 200: resultSchema, ...readResponses },
    }),
    async (request) => resultById(app.db, request.params.id),
  );

  app.get(
    `${BASE}/:id/history`,
    signedIn('admin', {
      summary: 'Every change of a result, oldest first: who, when, why, and the value before and after',
      params: resultParamsSchema,
      response: { 200: resultHistorySchema, ...readResponses },
    }),
    async (request) => resultHistory(app.db, request.params.id),
  );

  command(
    'put',
    '',
    'Correct a result (time, outcome, penalties): a reason is required when it is official, which makes it provisional again',
    correctResultBodySchema,
    (b) => ({
      type: 'CorrectResult',
      rawTimeMs: b.rawTime ?? null,
      outcome: b.outcome,
      penalties: b.penalties,
      reason: b.reason ?? null,
    }),
  );
  command(
    'post',
    '/validate',
    'Validate a provisional result (official): by an official who did not enter or last change it, or an admin stating ownEntryReason',
    validateResultBodySchema,
    (b) => ({ type: 'ValidateResult', ...(b.ownEntryReason ? { ownEntryReason: b.ownEntryReason } : {}) }),
  );
  command(
    'post',
    '/penalties',
    'Add one call of an infraction to a provisional result (an official one changes through a correction)',
    penaltyBodySchema,
    (b) => ({ type: 'AddPenalty', infraction: b.infraction }),
  );
  command(
    'post',
    '/penalties/remove',
    'Take back one call of an infraction from a provisional result',
    penaltyBodySchema,
    (b) => ({ type: 'RemovePenalty', infraction: b.infraction }),
  );
  command(
    'post',
    '/withdraw',
    'Send an official result back to provisional with a note for whoever entered it',
    withdrawValidationBodySchema,
    (b) => ({ type: 'WithdrawValidation', reason: b.reason }),
  );
  command(
    'post',
    '/void',
    'Void the current attempt for a rerun (kept on record); the rerun is recorded with POST /results',
    voidResultBodySchema,
    (b) => ({ type: 'VoidResult', reason: b.reason }),
  );
};
