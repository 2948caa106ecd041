import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import {
  adminStatisticsQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  competitorResultsSchema,
  departmentIdParamsSchema,
  departmentResultsSchema,
  eventIdParamsSchema,
  publicEventResultsSchema,
  publicResultFiltersSchema,
  publicResultPageSchema,
  publicResultSearchQuerySchema,
  publicRunStandingsSchema,
  runIdParamsSchema,
  statisticsSchema,
  userIdParamsSchema,
} from '../../contracts/public-results.ts';
import { qualifiedListSchema, qualifiedQuerySchema } from '../../contracts/qualifying.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { readJson, sendJson } from '../../plugins/public-read-cache.ts';
import { performanceAnalytics } from './queries/analytics.ts';
import { competitorResults } from './queries/competitor.ts';
import { departmentResults } from './queries/department.ts';
import { publicResultFilters } from './queries/filters.ts';
import { competitorNotFound, departmentNotFound, eventNotFound, runNotFound } from './queries/public-official.ts';
import { qualifiedList } from './queries/qualified.ts';
import { searchPublicResults } from './queries/search.ts';
import { publicEventResults, publicRunResults } from './queries/standings.ts';
import { resultStatistics } from './queries/statistics.ts';

const tags = ['public results'];
const e = errorEnvelopeSchema;
const BASE = '/api/results/public';

/** Results change as officials validate: a browser revalidates every time (ETag, 304) rather than keep a copy. */
const fresh = (reply: FastifyReply) => reply.header('cache-control', 'public, no-cache');
const publicRoute = { config: { access: 'public' as const, cacheSeconds: 0 } };

/**
 * Public results (docs/decisions/039-public-results.md): official results of public events, never
 * provisional or held, no sign-in, through the public read cache (cleared by every result command).
 */
export const publicResultRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.publicReadCache;

  app.get(
    `${BASE}/search`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          'Official results by part of a competitor or team name, department, run category, event, format and season; newest first, paged',
        querystring: publicResultSearchQuerySchema,
        response: { 200: publicResultPageSchema, 400: e },
      },
    },
    async (request, reply) => {
      const key = `results:search:${JSON.stringify(request.query)}`;
      const body = await readJson(cache, key, publicResultPageSchema, () => searchPublicResults(app.db, request.query));
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/qualified`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          "A season's competitors and teams qualified for nationals (an official time at or under the season's standard), each once per run type and category with its best qualifying time; filtered by run type, category and department",
        querystring: qualifiedQuerySchema,
        response: { 200: qualifiedListSchema, 400: e },
      },
    },
    async (request, reply) => {
      const key = `results:qualified:${JSON.stringify(request.query)}`;
      const body = await readJson(cache, key, qualifiedListSchema, () => qualifiedList(app.db, request.query));
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/filters`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "The search's pickers: the departments, events and seasons that have official results",
        response: { 200: publicResultFiltersSchema },
      },
    },
    async (_request, reply) => {
      const body = await readJson(cache, 'results:filters', publicResultFiltersSchema, () =>
        publicResultFilters(app.db),
      );
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/events/:eventId`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          "An event's official results: every run's standings by category with flags (PB, SB, CR), and department team scores",
        params: eventIdParamsSchema,
        response: { 200: publicEventResultsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const body = await readJson(cache, `results:event:${eventId}`, publicEventResultsSchema, () =>
        publicEventResults(app.db, eventId),
      );
      if (!body) throw eventNotFound();
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/runs/:runId`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "A run's official standings by category with flags, and its department team scores",
        params: runIdParamsSchema,
        response: { 200: publicRunStandingsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { runId } = request.params;
      const body = await readJson(cache, `results:run:${runId}`, publicRunStandingsSchema, () =>
        publicRunResults(app.db, runId),
      );
      if (!body) throw runNotFound();
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/competitors/:userId`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          "A competitor's official results (newest first) with flags, personal bests and season bests per format",
        params: userIdParamsSchema,
        response: { 200: competitorResultsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const body = await readJson(cache, `results:competitor:${userId}`, competitorResultsSchema, () =>
        competitorResults(app.db, userId),
      );
      if (!body) throw competitorNotFound();
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    `${BASE}/departments/:departmentId`,
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "A department's competitors' and teams' official results, and its department teams' scores",
        params: departmentIdParamsSchema,
        response: { 200: departmentResultsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const { departmentId } = request.params;
      const body = await readJson(cache, `results:department:${departmentId}`, departmentResultsSchema, () =>
        departmentResults(app.db, departmentId),
      );
      if (!body) throw departmentNotFound();
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    '/api/results/statistics',
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          'Entrants, finishers, DNF/DNS/DQ, fastest, median and mean official time, penalties by infraction; filtered by event, run, category, department, season. Public: official results of public events; an admin may add includeProvisional=true and sees every event',
        querystring: adminStatisticsQuerySchema,
        response: { 200: statisticsSchema, 400: e },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'authorization');
      const caller = await optionalCaller(app, request);
      if (caller && isAdmin(caller.role)) {
        reply.header('cache-control', 'private, no-store');
        return resultStatistics(app.db, request.query, true);
      }
      const { includeProvisional: _ignored, ...filters } = request.query;
      const body = await readJson(cache, `results:statistics:${JSON.stringify(filters)}`, statisticsSchema, () =>
        resultStatistics(app.db, filters, false),
      );
      return sendJson(fresh(reply), body);
    },
  );

  app.get(
    '/api/results/performance-analytics',
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          "A competitor's (userId) or a department's (departmentId) official times across events and seasons: the progression's points and per season and format their count, best and mean",
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, 400: e, 404: e },
      },
    },
    async (request, reply) => {
      const body = await readJson(cache, `results:analytics:${JSON.stringify(request.query)}`, analyticsSchema, () =>
        performanceAnalytics(app.db, request.query),
      );
      if (!body) throw request.query.userId !== undefined ? competitorNotFound() : departmentNotFound();
      return sendJson(fresh(reply), body);
    },
  );
};
