import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import {
  applyStateBodySchema,
  atVersionQuerySchema,
  competitorHeatsParamsSchema,
  competitorHeatsSchema,
  createEmptyBodySchema,
  currentHeatBodySchema,
  departmentHeatsParamsSchema,
  departmentHeatsSchema,
  eventDisplayParamsSchema,
  eventDisplaySchema,
  generateBodySchema,
  heatMoveBodySchema,
  historyQuerySchema,
  insertBodySchema,
  markBodySchema,
  myHeatsQuerySchema,
  myHeatsSchema,
  positionMoveBodySchema,
  positionsLockBodySchema,
  reorderBodySchema,
  runOrderAtVersionSchema,
  runOrderCommandBodySchema,
  runOrderDisplaySchema,
  runOrderHistorySchema,
  runOrderPairParamsSchema,
  runOrderParamsSchema,
  runOrderPositionsSchema,
  runOrderRegistrationParamsSchema,
  runOrderViewSchema,
  saveStateBodySchema,
} from '../../contracts/run-orders.ts';
import { todayIn } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import { runOrderStreamId } from '../../domain/run-orders/events.ts';
import { signedInRoutes } from '../route-options.ts';
import { type CommandMetadata, type MarksEffect, type RunOrderRequest, runOrderCommand } from './commands.ts';
import { runOrderHistory } from './history.ts';
import { eventDisplay, runOrderDisplay } from './queries/display.ts';
import { myHeats } from './queries/my-heats.ts';
import { competitorHeats, departmentHeats } from './queries/public-heats.ts';
import { runForOrder, runNotFound } from './queries/run.ts';
import { runOrderAtVersion, runOrderPositions, runOrderView } from './queries/run-order-view.ts';

const tags = ['run-orders'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const readResponses = { 400: e, 401: e, 403: e, 404: e };
const commandResponses = { 200: runOrderViewSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 422: e };
const BASE = '/api/run-orders/run/:runId';

/**
 * Run orders, event-sourced (docs/domain.md; docs/decisions/017). Admins only, except the venue
 * display's public read. Every command answers the whole new view; the live socket tells the others.
 */
export interface RunOrderRoutesOptions {
  /** What a scratch or no-show does to the entrant's result (the results module's, given in api/app.ts). */
  marksEffect?: MarksEffect;
}

export const runOrderRoutes: FastifyPluginAsyncZod<RunOrderRoutesOptions> = async (app, options) => {
  async function existingRun(runId: number) {
    const run = await runForOrder(app.db, runId);
    if (!run) throw runNotFound();
    return run;
  }

  const metaOf = (request: FastifyRequest, body: { expectedVersion: number; commandId?: string }): CommandMetadata => ({
    actorId: request.user.sub,
    requestId: String(request.id),
    expectedVersion: body.expectedVersion,
    ...(body.commandId ? { commandId: body.commandId } : {}),
  });

  /** One command route: its method, path, body and summary; how the body becomes a command. */
  function command<
    S extends z.ZodType<{ expectedVersion: number; commandId?: string }>,
    P extends z.ZodType<{ runId: number }>,
  >(
    method: 'post' | 'patch',
    path: string,
    summary: string,
    params: P,
    body: S,
    toRequest: (body: z.infer<S>, params: z.infer<P>) => RunOrderRequest,
  ) {
    app[method](
      `${BASE}${path}`,
      signedIn('admin', { summary, params, body, response: commandResponses }),
      async (request) => {
        const parameters = request.params as z.infer<P>;
        const payload = request.body as z.infer<S>;
        return runOrderCommand(
          app.eventStore,
          parameters.runId,
          toRequest(payload, parameters),
          metaOf(request, payload),
          options.marksEffect,
        );
      },
    );
  }

  app.get(
    `${BASE}/full`,
    signedIn('admin', {
      summary:
        'The run order: positions with pairs, lanes, heats and entries; locks; version; undo/redo; saved states; who changed what last',
      params: runOrderParamsSchema,
      response: { 200: runOrderViewSchema, ...readResponses },
    }),
    async (request) => runOrderView(app.db, await existingRun(request.params.runId)),
  );

  app.get(
    `${BASE}/positions`,
    signedIn('admin', {
      summary: 'The positions of the run order, in order',
      params: runOrderParamsSchema,
      response: { 200: runOrderPositionsSchema, ...readResponses },
    }),
    async (request) => {
      await existingRun(request.params.runId);
      return runOrderPositions(app.db, request.params.runId);
    },
  );

  app.get(
    `${BASE}/history`,
    signedIn('admin', {
      summary: 'Every change of the run order, newest first, with actor, time and a readable summary',
      params: runOrderParamsSchema,
      querystring: historyQuerySchema,
      response: { 200: runOrderHistorySchema, ...readResponses },
    }),
    async (request) => {
      await existingRun(request.params.runId);
      return runOrderHistory(app.db, runOrderStreamId(request.params.runId), request.params.runId, request.query);
    },
  );

  app.get(
    `${BASE}/at`,
    signedIn('admin', {
      summary: 'The arrangement as it was at a past version (?version=)',
      params: runOrderParamsSchema,
      querystring: atVersionQuerySchema,
      response: { 200: runOrderAtVersionSchema, ...readResponses },
    }),
    async (request) => {
      await existingRun(request.params.runId);
      return runOrderAtVersion(app.db, request.params.runId, request.query.version);
    },
  );

  app.get(
    `${BASE}/display`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The venue display's view: heats of pairs with names and departments, the current heat; public fields only",
        params: runOrderParamsSchema,
        response: { 200: runOrderDisplaySchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Only runs of public events: a draft's or a deactivated event's line-up stays private.
      const run = await runForOrder(app.db, request.params.runId, { publicOnly: true });
      if (!run) throw runNotFound();
      return runOrderDisplay(app.db, run, new Date());
    },
  );

  app.get(
    '/api/run-orders/event/:eventId/display',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The event-wide venue display's view: the run on the course now, the next one and the event's runs in their order of the day; public fields only",
        params: eventDisplayParamsSchema,
        response: { 200: eventDisplaySchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const view = await eventDisplay(app.db, request.params.eventId, new Date());
      if (!view) throw notFound('Event', 'EVENT_NOT_FOUND');
      return view;
    },
  );

  // Follow a competitor or a department (docs/decisions/067): their entries in the public events that are
  // not over, where they stand in the run order. Public fields only, like the venue display.
  app.get(
    '/api/run-orders/public/competitors/:userId/heats',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "A competitor's entries in public events not over yet (their own and their teams'): heat, pair, lane, estimated start, mark; public fields only",
        params: competitorHeatsParamsSchema,
        response: { 200: competitorHeatsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = new Date();
      const view = await competitorHeats(app.db, request.params.userId, todayIn(app.config.siteTimeZone, now), now);
      if (!view) throw notFound('Competitor', 'COMPETITOR_NOT_FOUND');
      return view;
    },
  );

  app.get(
    '/api/run-orders/public/departments/:departmentId/heats',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "A department's entries (its members' and its teams') in public events not over yet: heat, pair, lane, estimated start, mark; public fields only",
        params: departmentHeatsParamsSchema,
        response: { 200: departmentHeatsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = new Date();
      const view = await departmentHeats(
        app.db,
        request.params.departmentId,
        todayIn(app.config.siteTimeZone, now),
        now,
      );
      if (!view) throw notFound('Department', 'DEPARTMENT_NOT_FOUND');
      return view;
    },
  );

  app.get(
    '/api/run-orders/mine',
    signedIn('user', {
      summary: "The caller's places in published run orders: heat, pair, lane and estimated start",
      querystring: myHeatsQuerySchema,
      response: { 200: myHeatsSchema, ...readResponses },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myHeats(app.db, request.user.sub, new Date(), request.query.eventId);
    },
  );

  const params = runOrderParamsSchema;
  command(
    'post',
    '/generate',
    'Generate the order with a seeding rule (random, best time; departments apart; rest between entries); locked positions stay',
    params,
    generateBodySchema,
    (b) => ({
      type: 'Generate',
      ...(b.seeding ? { seeding: b.seeding } : {}),
      ...(b.heatSize ? { heatSize: b.heatSize } : {}),
    }),
  );
  command(
    'post',
    '/create-empty',
    'Create an empty order (positions default to the confirmed entries, in whole pairs)',
    params,
    createEmptyBodySchema,
    (b) => ({
      type: 'CreateEmpty',
      ...(b.positions ? { positions: b.positions } : {}),
      ...(b.heatSize ? { heatSize: b.heatSize } : {}),
    }),
  );
  command(
    'post',
    '/undo',
    'Undo the last arrangement change (locks are not undone)',
    params,
    runOrderCommandBodySchema,
    () => ({ type: 'Undo' }),
  );
  command('post', '/redo', 'Redo the last undone change', params, runOrderCommandBodySchema, () => ({ type: 'Redo' }));
  command(
    'post',
    '/reorder',
    'Set the whole arrangement: every position, the same registrations in a new order',
    params,
    reorderBodySchema,
    (b) => ({ type: 'Reorder', slots: b.positions }),
  );
  command(
    'post',
    '/registrations/:regId/insert',
    'Place a confirmed registration: at a position (pushing the next ones down to the first gap) or the first free one',
    runOrderRegistrationParamsSchema,
    insertBodySchema,
    (b, p) => ({
      type: 'Insert',
      registrationId: p.regId,
      ...(b.position ? { position: b.position } : {}),
    }),
  );
  command(
    'post',
    '/registrations/:regId/remove',
    'Take a registration out of the order (its position is left empty)',
    runOrderRegistrationParamsSchema,
    runOrderCommandBodySchema,
    (_b, p) => ({
      type: 'Remove',
      registrationId: p.regId,
    }),
  );
  command(
    'patch',
    '/registrations/:regId/mark',
    'Mark a placed entrant scratched or no-show (they keep their slot; their result becomes DNS), or reinstate them (mark null); undoable',
    runOrderRegistrationParamsSchema,
    markBodySchema,
    (b, p) => ({ type: 'MarkEntrant', registrationId: p.regId, mark: b.mark }),
  );
  command('patch', '/positions/lock', 'Lock positions', params, positionsLockBodySchema, (b) => ({
    type: 'LockPositions',
    positions: b.positions,
  }));
  command('patch', '/positions/unlock', 'Unlock positions', params, positionsLockBodySchema, (b) => ({
    type: 'UnlockPositions',
    positions: b.positions,
  }));
  command(
    'patch',
    '/positions/move',
    'Move the entry at sourcePosition to targetPosition; the ones between shift, locked ones stay',
    params,
    positionMoveBodySchema,
    (b) => ({
      type: 'MovePosition',
      sourcePosition: b.sourcePosition,
      targetPosition: b.targetPosition,
    }),
  );
  command('patch', '/heats/move', 'Move a whole heat to another heat number', params, heatMoveBodySchema, (b) => ({
    type: 'MoveHeat',
    sourceHeatNumber: b.sourceHeatNumber,
    targetHeatNumber: b.targetHeatNumber,
  }));
  command(
    'patch',
    '/pairs/:pair/lock',
    'Lock a pair (both lanes)',
    runOrderPairParamsSchema,
    runOrderCommandBodySchema,
    (_b, p) => ({ type: 'LockPair', pair: p.pair }),
  );
  command(
    'patch',
    '/pairs/:pair/unlock',
    'Unlock a pair',
    runOrderPairParamsSchema,
    runOrderCommandBodySchema,
    (_b, p) => ({ type: 'UnlockPair', pair: p.pair }),
  );
  command(
    'patch',
    '/lock',
    'Lock the whole order: no arrangement change until unlocked',
    params,
    runOrderCommandBodySchema,
    () => ({ type: 'LockOrder' }),
  );
  command('patch', '/unlock', 'Unlock the whole order', params, runOrderCommandBodySchema, () => ({
    type: 'UnlockOrder',
  }));
  command(
    'patch',
    '/apply-state',
    'Replace the arrangement with a saved state; locked positions keep what they hold',
    params,
    applyStateBodySchema,
    (b) => ({ type: 'ApplyState', name: b.name }),
  );
  command(
    'post',
    '/states',
    'Save the current arrangement under a name (the same name replaces it)',
    params,
    saveStateBodySchema,
    (b) => ({ type: 'SaveState', name: b.name }),
  );
  command(
    'patch',
    '/current-heat',
    'Set the heat on the course now (the venue display shows it and the next ones)',
    params,
    currentHeatBodySchema,
    (b) => ({ type: 'SetCurrentHeat', heat: b.heat }),
  );
};
