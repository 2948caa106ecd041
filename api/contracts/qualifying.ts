import { z } from 'zod';
import { categoryProblem } from '../domain/runs/categories.ts';
import { idQuery, searchQueryInput, textInput, wholeNumberParam } from './common.ts';
import { entrantSchema } from './results.ts';
import { runTypeSchema } from './runs.ts';

/**
 * National qualifying standards (docs/decisions/068-qualifying-standards.md): per season, run type and
 * run category, the slowest official time that qualifies. An official time at or under it is flagged Q on
 * every public results surface, and the season's qualified competitors and teams are listed publicly.
 */

/** A standard's time: a whole number of milliseconds from 10 seconds to 20 minutes. */
export const STANDARD_TIME_LIMITS = { min: 10_000, max: 20 * 60_000 } as const;
export const SEASON_LIMITS = { min: 1900, max: 2999 } as const;

const seasonMessage = `season must be a year from ${SEASON_LIMITS.min} to ${SEASON_LIMITS.max}`;
const timeMessage = `timeMs must be a whole number of milliseconds from ${STANDARD_TIME_LIMITS.min} to ${STANDARD_TIME_LIMITS.max}`;

export const qualifyingStandardSchema = z.object({
  id: z.number().int(),
  season: z.number().int(),
  runType: runTypeSchema,
  /** The run category, exactly as runs name it ("Open Men", "Over 40 Men", "Mixed"...). */
  category: z.string(),
  timeMs: z.number().int(),
  /** timeMs as m:ss.hh. */
  time: z.string(),
  updatedAt: z.string(),
});
export type QualifyingStandard = z.infer<typeof qualifyingStandardSchema>;

export const qualifyingStandardListSchema = z.object({ data: z.array(qualifyingStandardSchema) });
export type QualifyingStandardList = z.infer<typeof qualifyingStandardListSchema>;

/** POST /qualifying-standards and PUT /qualifying-standards/{id} (the whole standard each time). */
export const qualifyingStandardBodySchema = z
  .object({
    season: z
      .number({ error: seasonMessage })
      .int(seasonMessage)
      .min(SEASON_LIMITS.min, seasonMessage)
      .max(SEASON_LIMITS.max, seasonMessage),
    runType: runTypeSchema,
    category: textInput('category', 'line', 'category is required')
      .trim()
      .min(1, 'category is required')
      .max(60, 'category must be at most 60 characters'),
    timeMs: z
      .number({ error: timeMessage })
      .int(timeMessage)
      .min(STANDARD_TIME_LIMITS.min, timeMessage)
      .max(STANDARD_TIME_LIMITS.max, timeMessage),
  })
  .strict()
  .superRefine((body, ctx) => {
    const problem = categoryProblem(body.runType, body.category);
    if (problem) ctx.addIssue({ code: 'custom', path: ['category'], message: problem });
  });
export type QualifyingStandardBody = z.input<typeof qualifyingStandardBodySchema>;

const seasonQuery = wholeNumberParam(seasonMessage, SEASON_LIMITS.min, SEASON_LIMITS.max);

/** GET /qualifying-standards?season=: one season's standards, or every season's. */
export const qualifyingStandardListQuerySchema = z.object({ season: seasonQuery.optional() }).strict();

/** GET /results/public/qualified: one season, optionally one run type, category and department. */
export const qualifiedQuerySchema = z
  .object({
    season: seasonQuery,
    runType: runTypeSchema.optional(),
    category: searchQueryInput(60, 'category').min(1, 'category must not be blank').optional(),
    departmentId: idQuery('departmentId').optional(),
  })
  .strict();
export type QualifiedQuery = z.input<typeof qualifiedQuerySchema>;

/** One qualified competitor or team in one run type and category: its best qualifying official time. */
export const qualifiedEntrySchema = z.object({
  entrant: entrantSchema,
  runType: runTypeSchema,
  category: z.string(),
  timeMs: z.number().int(),
  time: z.string(),
  standardMs: z.number().int(),
  standard: z.string(),
  /** The result of that best time, its event and run. */
  resultId: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  eventStartDate: z.string(),
  runId: z.number().int(),
});
export type QualifiedEntry = z.infer<typeof qualifiedEntrySchema>;

export const qualifiedListSchema = z.object({
  season: z.number().int(),
  /** The season's standards (every run type and category that has one). */
  standards: z.array(qualifyingStandardSchema),
  /** By run type, category, then time. */
  entries: z.array(qualifiedEntrySchema),
  /** The pickers: seasons with standards, and the departments of this season's qualified entries. */
  seasons: z.array(z.number().int()),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type QualifiedList = z.infer<typeof qualifiedListSchema>;
