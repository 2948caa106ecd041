import { z } from 'zod';
import { idQuery, MAX_ID, pageOf, pageQuery, searchQueryInput, wholeNumberParam } from './common.ts';
import { entrantSchema, penaltyCountSchema, standingRowSchema, teamScoreSchema } from './results.ts';

/**
 * Public results (docs/decisions/039-public-results.md): official results of public events only, never
 * provisional ones, never a held run's, never who entered or validated them. No sign-in.
 */

const runTypeSchema = z.enum(['individual', 'relay', 'tech2']);

/**
 * PB: the entrant's fastest in the format so far; SB: in the season (the event's year); ER: the event's fastest
 * in the format and run category; CR: the course record (the fastest of every event) now; Q: at or under the
 * season's national qualifying standard for the format and run category (docs/decisions/068).
 */
export const resultFlagSchema = z.enum(['PB', 'SB', 'ER', 'CR', 'Q']);
export type ResultFlag = z.infer<typeof resultFlagSchema>;

export const publicStandingRowSchema = standingRowSchema.extend({ flags: z.array(resultFlagSchema) });
export type PublicStandingRow = z.infer<typeof publicStandingRowSchema>;

export const publicRunStandingsSchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runType: runTypeSchema,
  runCategory: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  rows: z.array(publicStandingRowSchema),
  categories: z.array(z.object({ category: z.string(), label: z.string(), rows: z.array(publicStandingRowSchema) })),
  teams: z.array(teamScoreSchema),
});
export type PublicRunStandings = z.infer<typeof publicRunStandingsSchema>;

export const publicEventResultsSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  startDate: z.string(),
  status: z.string(),
  /** The event runs now: its results page shows a "live" badge and follows the socket. */
  live: z.boolean(),
  runs: z.array(publicRunStandingsSchema),
});
export type PublicEventResults = z.infer<typeof publicEventResultsSchema>;

/** One official result, flat: search hits, a competitor's and a department's results. */
export const publicResultSchema = z.object({
  resultId: z.number().int(),
  entrant: entrantSchema,
  eventId: z.number().int(),
  eventName: z.string(),
  eventStartDate: z.string(),
  season: z.number().int(),
  runId: z.number().int(),
  runName: z.string(),
  runType: runTypeSchema,
  runCategory: z.string(),
  outcome: z.enum(['finished', 'dnf', 'dns', 'dq']),
  rawTimeMs: z.number().int().nullable(),
  penaltyMs: z.number().int(),
  officialTimeMs: z.number().int().nullable(),
  officialTime: z.string().nullable(),
  penalties: z.array(penaltyCountSchema),
  flags: z.array(resultFlagSchema),
  /**
   * The place in the run's official standings ("7th of 11": rank among the ranked finishers), from the
   * same standings the run's results page shows. Null when unranked (DNF, DNS, DQ) and on search hits.
   */
  place: z.object({ rank: z.number().int(), of: z.number().int() }).nullable(),
});
export type PublicResult = z.infer<typeof publicResultSchema>;
export const publicResultPageSchema = pageOf(publicResultSchema);
export type PublicResultPage = z.infer<typeof publicResultPageSchema>;

const bestSchema = z.object({
  runType: runTypeSchema,
  timeMs: z.number().int(),
  time: z.string(),
  resultId: z.number().int(),
  eventName: z.string(),
});

export const competitorResultsSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  /** Newest first. */
  results: z.array(publicResultSchema),
  personalBests: z.array(bestSchema),
  seasonBests: z.array(bestSchema.extend({ season: z.number().int() })),
});
export type CompetitorResults = z.infer<typeof competitorResultsSchema>;

export const departmentResultsSchema = z.object({
  departmentId: z.number().int(),
  departmentName: z.string(),
  /** Its members' and its teams' official results, newest first (at most DEPARTMENT_RESULTS_LIMIT). */
  results: z.array(publicResultSchema),
  /** Its department teams' scores in individual runs. */
  teams: z.array(
    z.object({
      eventId: z.number().int(),
      eventName: z.string(),
      runId: z.number().int(),
      runName: z.string(),
      team: teamScoreSchema,
      /** How many teams of the run have a score: the team's rank is "of" these. */
      rankedTeams: z.number().int(),
    }),
  ),
});
export type DepartmentResults = z.infer<typeof departmentResultsSchema>;
export const DEPARTMENT_RESULTS_LIMIT = 200;

const categoryInput = searchQueryInput(60, 'category');
const seasonQuery = wholeNumberParam('season must be a year from 1900 to 2999', 1900, 2999);

export const publicResultSearchQuerySchema = pageQuery({ maxLimit: 100, defaultLimit: 20, maxPage: 10_000 })
  .extend({
    /** Part of a competitor's or team's name. */
    q: searchQueryInput(100, 'q').optional(),
    departmentId: idQuery('departmentId').optional(),
    eventId: idQuery('eventId').optional(),
    /** A run category's exact name (Men's Open ...). */
    category: categoryInput.optional(),
    runType: runTypeSchema.optional(),
    season: seasonQuery.optional(),
  })
  .strict();
export type PublicResultSearchQuery = z.input<typeof publicResultSearchQuerySchema>;

/** What the search's pickers offer: only departments, events and seasons that have public results. */
export const publicResultFiltersSchema = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  events: z.array(z.object({ id: z.number().int(), name: z.string(), startDate: z.string() })),
  seasons: z.array(z.number().int()),
});
export type PublicResultFilters = z.infer<typeof publicResultFiltersSchema>;

export const eventIdParamsSchema = z.object({ eventId: idQuery('eventId') });
export const runIdParamsSchema = z.object({ runId: idQuery('runId') });
export const userIdParamsSchema = z.object({ userId: idQuery('userId') });
export const departmentIdParamsSchema = z.object({ departmentId: idQuery('departmentId') });

export const statisticsQuerySchema = z
  .object({
    eventId: idQuery('eventId').optional(),
    runId: idQuery('runId').optional(),
    category: categoryInput.optional(),
    departmentId: idQuery('departmentId').optional(),
    season: seasonQuery.optional(),
  })
  .strict();

export const statisticsSchema = z.object({
  /** Results counted (one per entrant and run). */
  entrants: z.number().int(),
  finishers: z.number().int(),
  dnf: z.number().int(),
  dns: z.number().int(),
  dq: z.number().int(),
  fastestMs: z.number().int().nullable(),
  fastest: z.string().nullable(),
  medianMs: z.number().int().nullable(),
  median: z.string().nullable(),
  meanMs: z.number().int().nullable(),
  mean: z.string().nullable(),
  /** How many times each infraction was called. */
  penalties: z.array(penaltyCountSchema),
  /** Admins may ask for provisional results too (?includeProvisional=true); the public never sees them. */
  includesProvisional: z.boolean(),
});
export type ResultStatistics = z.infer<typeof statisticsSchema>;

export const adminStatisticsQuerySchema = statisticsQuerySchema.extend({
  includeProvisional: z
    .enum(['true', 'false'], { error: 'includeProvisional must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

export const analyticsQuerySchema = z
  .object({
    userId: idQuery('userId').optional(),
    departmentId: idQuery('departmentId').optional(),
    runType: runTypeSchema.optional(),
    season: seasonQuery.optional(),
  })
  .strict()
  .refine((q) => (q.userId === undefined) !== (q.departmentId === undefined), {
    message: 'give exactly one of userId and departmentId',
    path: ['userId'],
  });

export const analyticsSchema = z.object({
  subject: z.object({ kind: z.enum(['competitor', 'department']), id: z.number().int(), name: z.string() }),
  /** Each official time, oldest first: the progression chart's points. */
  points: z.array(
    z.object({
      resultId: z.number().int(),
      date: z.string(),
      season: z.number().int(),
      eventName: z.string(),
      runName: z.string(),
      runType: runTypeSchema,
      name: z.string(),
      timeMs: z.number().int(),
    }),
  ),
  /** Per season and format: results, finishers, best and mean official time. */
  seasons: z.array(
    z.object({
      season: z.number().int(),
      runType: runTypeSchema,
      results: z.number().int(),
      finishers: z.number().int(),
      bestMs: z.number().int().nullable(),
      meanMs: z.number().int().nullable(),
    }),
  ),
});
export type PerformanceAnalytics = z.infer<typeof analyticsSchema>;

export { MAX_ID };
