import { z } from 'zod';
import { MAX_PENALTIES, REASON_MAX_LENGTH } from '../domain/results/decide.ts';
import { RESULT_OUTCOMES, RESULT_STATUSES } from '../domain/results/events.ts';
import { INFRACTION_CODES } from '../domain/results/penalties.ts';
import { IMPORT_MAX_CHARS } from '../domain/results/timing-import.ts';
import { parseTime } from '../domain/times.ts';
import { idQuery, MAX_ID, pageOf, pageQuerySchema, textInput, wholeNumberParam } from './common.ts';
import { COMMAND_ID_PATTERN } from './registrations.ts';

/**
 * Requests and responses of /api/results (docs/domain.md "Times and results"; docs/decisions/030-results.md).
 * Shared with the timing table, the validation screen and the venue display.
 *
 * - A result is one registration's run in its run: its id IS the registration id (one stream per
 *   registration, `result:<registrationId>`; a rerun is the next attempt in the same stream).
 * - Times travel as text, m:ss.hh (1:47.32; m:ss.h, m:ss and seconds alone also parse), read with
 *   parseTime of api/domain/times.ts; answers carry both the milliseconds and the m:ss.hh text.
 * - Every command carries the result's version the client saw (`expectedVersion`: 0 for a first
 *   recording; a stale one is a 409 VERSION_CONFLICT with the current version) and may carry a
 *   `commandId` that makes a retry harmless. The actor is always the signed-in official.
 */

export { MAX_PENALTIES };
export const RESULT_REASON_MAX_LENGTH = REASON_MAX_LENGTH;
/** A timing system's file, as text (at most IMPORT_MAX_ROWS rows, api/domain/results/timing-import.ts). */
export const IMPORT_MAX_CHARACTERS = IMPORT_MAX_CHARS;
export const MAX_HEAT = 2000;

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

const commandFields = {
  /** The result's version the client saw: 0 when it holds no result yet. */
  expectedVersion: whole('expectedVersion', 0, MAX_ID),
  commandId: z
    .string({ error: 'commandId must be 1 to 100 letters, digits or . _ : -' })
    .regex(COMMAND_ID_PATTERN, 'commandId must be 1 to 100 letters, digits or . _ : -')
    .optional(),
};

export const resultOutcomeSchema = z.enum(RESULT_OUTCOMES, { error: 'outcome must be finished, dnf, dns or dq' });
export const resultStatusSchema = z.enum(RESULT_STATUSES, { error: 'status must be provisional or official' });
export const infractionCodeSchema = z.enum(INFRACTION_CODES, {
  error: 'infraction must be one of the catalogue codes (false-start, missed-step, ...)',
});

/** A time typed as m:ss.hh (or m:ss.h, m:ss, seconds alone): whole milliseconds once parsed. */
export const timeTextSchema = z
  .string({ error: 'rawTime must be a time like 1:47.32' })
  .max(20, 'rawTime must be a time like 1:47.32')
  .transform((text, ctx) => {
    const parsed = parseTime(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: `rawTime: ${parsed.message}` });
      return z.NEVER;
    }
    if (parsed.ms === null) {
      ctx.addIssue({ code: 'custom', message: 'rawTime must be a time like 1:47.32' });
      return z.NEVER;
    }
    return parsed.ms;
  });

const reasonText = (name: string) =>
  textInput(name, 'multiline', `${name} must be text`)
    .trim()
    .min(1, `${name} must be 1 to ${RESULT_REASON_MAX_LENGTH} characters`)
    .max(RESULT_REASON_MAX_LENGTH, `${name} must be 1 to ${RESULT_REASON_MAX_LENGTH} characters`);

const penaltiesSchema = z
  .array(infractionCodeSchema, { error: 'penalties must be a list of infraction codes' })
  .max(MAX_PENALTIES, `penalties must hold at most ${MAX_PENALTIES} calls`);

/**
 * A result's value: the outcome, the raw time (finished only: required then, refused otherwise) and the
 * penalties called (each call once: two missed steps are two entries). rawTime is parsed to ms.
 */
const valueFields = {
  outcome: resultOutcomeSchema.default('finished'),
  rawTime: timeTextSchema.nullable().optional(),
  penalties: penaltiesSchema.default([]),
};

function valueRule(value: { outcome: string; rawTime?: number | null }, ctx: z.RefinementCtx) {
  const hasTime = value.rawTime !== undefined && value.rawTime !== null;
  if (value.outcome === 'finished' && !hasTime)
    ctx.addIssue({ code: 'custom', path: ['rawTime'], message: 'rawTime is required when the outcome is finished' });
  if (value.outcome !== 'finished' && hasTime)
    ctx.addIssue({
      code: 'custom',
      path: ['rawTime'],
      message: 'rawTime must be left out unless the outcome is finished',
    });
}

// ---------- params and queries ----------

export const resultParamsSchema = z.object({ id: wholeNumberParam('id must be a positive whole number', 1, MAX_ID) });
export const resultRegistrationParamsSchema = resultParamsSchema;
export const resultRunParamsSchema = z.object({
  runId: wholeNumberParam('runId must be a positive whole number', 1, MAX_ID),
});
export const resultStatusParamsSchema = z.object({ status: resultStatusSchema });
export const teamRunParamsSchema = z.object({
  teamId: wholeNumberParam('teamId must be a positive whole number', 1, MAX_ID),
  runId: wholeNumberParam('runId must be a positive whole number', 1, MAX_ID),
});
export const teamParamsSchema = z.object({ id: wholeNumberParam('id must be a positive whole number', 1, MAX_ID) });

/** GET /results: filters and the usual page (?page=&limit=). */
export const resultListQuerySchema = pageQuerySchema
  .extend({
    eventId: idQuery('eventId').optional(),
    runId: idQuery('runId').optional(),
    status: resultStatusSchema.optional(),
    outcome: resultOutcomeSchema.optional(),
  })
  .strict();
export const resultStatusQuerySchema = pageQuerySchema
  .extend({ eventId: idQuery('eventId').optional(), runId: idQuery('runId').optional() })
  .strict();

// ---------- commands ----------

/** POST /results: the first recording of a registration's result (or the rerun after a void). */
export const recordResultBodySchema = z
  .object({
    ...commandFields,
    registrationId: whole('registrationId', 1, MAX_ID),
    ...valueFields,
  })
  .strict()
  .superRefine(valueRule);
export type RecordResultBody = z.input<typeof recordResultBodySchema>;

/** PUT /results/{id}: a new value; the reason is required when the result is official (422 REASON_REQUIRED). */
export const correctResultBodySchema = z
  .object({
    ...commandFields,
    ...valueFields,
    reason: reasonText('reason').nullable().optional(),
  })
  .strict()
  .superRefine(valueRule);
export type CorrectResultBody = z.input<typeof correctResultBodySchema>;

/** POST /results/{id}/validate: ownEntryReason when the official validates an entry they made (admins only). */
export const validateResultBodySchema = z
  .object({ ...commandFields, ownEntryReason: reasonText('ownEntryReason').optional() })
  .strict();
export type ValidateResultBody = z.input<typeof validateResultBodySchema>;

/** POST /results/{id}/penalties (add one call) and /penalties/remove (take one call back). */
export const penaltyBodySchema = z.object({ ...commandFields, infraction: infractionCodeSchema }).strict();
export type PenaltyBody = z.input<typeof penaltyBodySchema>;

/** POST /results/{id}/withdraw: send an official result back to provisional, with a note. */
export const withdrawValidationBodySchema = z.object({ ...commandFields, reason: reasonText('reason') }).strict();
export type WithdrawValidationBody = z.input<typeof withdrawValidationBodySchema>;

/** POST /results/{id}/void: a rerun; the attempt stays on record and the next recording is attempt + 1. */
export const voidResultBodySchema = z.object({ ...commandFields, reason: reasonText('reason') }).strict();
export type VoidResultBody = z.input<typeof voidResultBodySchema>;

/** PUT /results/run/{runId}/hold: hold a run's results from the public (a final) or release them. */
export const holdBodySchema = z.object({ held: z.boolean({ error: 'held must be true or false' }) }).strict();
export type HoldBody = z.input<typeof holdBodySchema>;

/**
 * POST /results/run/{runId}/import (a preview: nothing written) and /import/apply. One heat at a time:
 * the file's rows name a lane of the heat (1 = the first pair's left lane, 2 its right lane, 3 the
 * second pair's left...) or a run-order position, with a time and an optional status (DNF, DNS, DQ);
 * the format is api/domain/results/timing-import.ts's.
 */
export const importBodySchema = z
  .object({
    heat: whole('heat', 1, MAX_HEAT),
    csv: textInput('csv', 'multiline', 'csv must be text')
      .min(1, 'csv must not be empty')
      .max(IMPORT_MAX_CHARACTERS, `csv must be at most ${IMPORT_MAX_CHARACTERS} characters`),
  })
  .strict();
export type ImportBody = z.input<typeof importBodySchema>;
/**
 * Apply records each matched row as a provisional result marked `import`, one command per row (its
 * command id is the apply's commandId and the registration id): a row fails alone, a retried apply
 * answers the same outcomes. Differing and unmatched rows are never applied: fix them by hand.
 */
export const importApplyBodySchema = importBodySchema
  .extend({
    /** At most 80 characters: each row's command id adds ':' and the registration id. */
    commandId: z
      .string({ error: 'commandId must be 1 to 80 letters, digits or . _ : -' })
      .regex(/^[A-Za-z0-9._:-]{1,80}$/, 'commandId must be 1 to 80 letters, digits or . _ : -')
      .optional(),
  })
  .strict();
export type ImportApplyBody = z.input<typeof importApplyBodySchema>;

// ---------- answers ----------

export const actorSchema = z.object({ id: z.number().int(), name: z.string() });
export type ResultActor = z.infer<typeof actorSchema>;

export const entrantSchema = z.object({
  kind: z.enum(['person', 'team']),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  userId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
});
export type ResultEntrant = z.infer<typeof entrantSchema>;

export const penaltyCountSchema = z.object({ code: z.string(), label: z.string(), count: z.number().int() });
export type PenaltyCount = z.infer<typeof penaltyCountSchema>;

export const voidedAttemptSchema = z.object({
  attempt: z.number().int(),
  rawTimeMs: z.number().int().nullable(),
  rawTime: z.string().nullable(),
  outcome: resultOutcomeSchema,
  penalties: z.array(penaltyCountSchema),
  reason: z.string(),
  voidedBy: actorSchema.nullable(),
});

export const resultSchema = z.object({
  /** The registration id: one result per registration, its attempts inside. */
  id: z.number().int(),
  registrationId: z.number().int(),
  runId: z.number().int(),
  eventId: z.number().int(),
  entrant: entrantSchema,
  /** False after a void until the rerun is recorded (the voided attempt is in voidedAttempts). */
  recorded: z.boolean(),
  /** Where the entrant ran when the time was taken (null when not placed in the run order). */
  heat: z.number().int().nullable(),
  position: z.number().int().nullable(),
  lane: z.enum(['left', 'right']).nullable(),
  attempt: z.number().int(),
  rawTimeMs: z.number().int().nullable(),
  /** m:ss.hh, or null without a time. */
  rawTime: z.string().nullable(),
  penalties: z.array(penaltyCountSchema),
  penaltyMs: z.number().int(),
  /** Raw + penalties; null unless finished and not disqualified. */
  officialTimeMs: z.number().int().nullable(),
  officialTime: z.string().nullable(),
  /** The outcome that counts: a disqualifying penalty makes it dq. */
  outcome: resultOutcomeSchema,
  status: resultStatusSchema,
  source: z.enum(['manual', 'import']),
  enteredBy: actorSchema.nullable(),
  enteredAt: z.iso.datetime().nullable(),
  /** Who last entered or changed the value (the official who may not validate it without a reason). */
  lastChangedBy: actorSchema.nullable(),
  validatedBy: actorSchema.nullable(),
  validatedAt: z.iso.datetime().nullable(),
  /** The note of the official who sent it back, until it is validated. */
  returnedReason: z.string().nullable(),
  voidedAttempts: z.array(voidedAttemptSchema),
  /** The stream's version: send it back as expectedVersion. */
  version: z.number().int(),
});
export type ResultDto = z.infer<typeof resultSchema>;
export const resultPageSchema = pageOf(resultSchema);

export const tieBreakSchema = z.enum(['time', 'raw-time', 'earlier-run', 'tied']);

export const standingRowSchema = z.object({
  /** Shared when equal after both tie-breaks (1, 2, 2, 4); null for DNF, DNS and DQ, listed after. */
  rank: z.number().int().nullable(),
  /** Which comparison placed it after the row above: null for the first and the unranked. */
  decidedBy: tieBreakSchema.nullable(),
  resultId: z.number().int(),
  registrationId: z.number().int(),
  entrant: entrantSchema,
  heat: z.number().int().nullable(),
  position: z.number().int().nullable(),
  rawTimeMs: z.number().int().nullable(),
  rawTime: z.string().nullable(),
  penaltyMs: z.number().int(),
  officialTimeMs: z.number().int().nullable(),
  officialTime: z.string().nullable(),
  /** Behind the leader, in ms (ranked rows only). */
  gapMs: z.number().int().nullable(),
  outcome: resultOutcomeSchema,
  status: resultStatusSchema,
  penalties: z.array(penaltyCountSchema),
});
export type StandingRow = z.infer<typeof standingRowSchema>;

export const teamScoreSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  /** Null when fewer than three members have an official time (no team score). */
  rank: z.number().int().nullable(),
  decidedBy: tieBreakSchema.nullable(),
  scoreMs: z.number().int().nullable(),
  score: z.string().nullable(),
  /** The three fastest times that make the score (every member with a time for relay and Tech2: one). */
  counted: z.array(z.object({ registrationId: z.number().int(), name: z.string(), officialTimeMs: z.number().int() })),
  /** Members of the team registered in the run. */
  members: z.number().int(),
  /** Members with an official time (finished, not disqualified). */
  validTimes: z.number().int(),
  /** Why there is no score: fewer than three valid times, or a team size that does not score (3 to 5). */
  noScoreReason: z.enum(['fewer-than-3-times', 'team-size']).nullable(),
});
export type TeamScore = z.infer<typeof teamScoreSchema>;

export const runStandingsSchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runType: z.enum(['individual', 'relay', 'tech2']),
  runCategory: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  held: z.boolean(),
  /** The whole run: official and provisional results (each row says which). */
  rows: z.array(standingRowSchema),
  /** Per category (an age category from the age on the event's start date): the same rows, ranked within. */
  categories: z.array(z.object({ category: z.string(), label: z.string(), rows: z.array(standingRowSchema) })),
  /** Department teams of an individual run (3 fastest official times); relay and Tech2 rank teams in rows. */
  teams: z.array(teamScoreSchema),
});
export type RunStandings = z.infer<typeof runStandingsSchema>;

/** GET /results/team/{teamId}/run/{runId}: one team in one run. */
export const teamRunResultSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  runId: z.number().int(),
  runName: z.string(),
  runType: z.enum(['individual', 'relay', 'tech2']),
  eventId: z.number().int(),
  eventName: z.string(),
  /** Individual runs: the department team's score; relay and Tech2: the team's own time. */
  score: teamScoreSchema.nullable(),
  /** The team's results in the run (its members' for an individual run, its own otherwise). */
  results: z.array(resultSchema),
});
export type TeamRunResult = z.infer<typeof teamRunResultSchema>;

/** GET /results/team/{id}/aggregate: every run the team has results in. */
export const teamAggregateSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  runs: z.array(
    z.object({
      runId: z.number().int(),
      runName: z.string(),
      eventId: z.number().int(),
      eventName: z.string(),
      eventStartDate: z.iso.date(),
      rank: z.number().int().nullable(),
      scoreMs: z.number().int().nullable(),
      score: z.string().nullable(),
    }),
  ),
  runsWithResults: z.number().int(),
  runsScored: z.number().int(),
  bestScoreMs: z.number().int().nullable(),
  bestScore: z.string().nullable(),
  /** Runs the team ranked first in. */
  wins: z.number().int(),
});
export type TeamAggregate = z.infer<typeof teamAggregateSchema>;

export const timingLaneSchema = z.object({
  position: z.number().int(),
  lane: z.enum(['left', 'right']),
  /** Null: nobody placed in this lane. */
  registrationId: z.number().int().nullable(),
  entrant: entrantSchema.nullable(),
  /** The entrant's best official time in any run of the same format (null without one). */
  bestOfficialMs: z.number().int().nullable(),
  bestOfficial: z.string().nullable(),
  /** Null until a result is recorded (or after a void, with its version in resultVersion). */
  result: resultSchema.nullable(),
  /** The version to send as expectedVersion: 0 when the registration has no result stream yet. */
  resultVersion: z.number().int(),
});
export type TimingLane = z.infer<typeof timingLaneSchema>;

/** GET /results/run/{runId}/timing: the timing table follows the run order heat by heat, pair by pair, lane by lane. */
export const timingViewSchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runType: z.enum(['individual', 'relay', 'tech2']),
  runCategory: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  held: z.boolean(),
  /** The run order's version and current heat ("next heat" is the run order's SetCurrentHeat). */
  runOrderVersion: z.number().int(),
  currentHeat: z.number().int(),
  /** When the timing table started the current heat; null before the run starts. */
  currentHeatStartedAt: z.iso.datetime().nullable(),
  heatSize: z.number().int(),
  /** The fastest official time ever in a run of the same format and category (any event). */
  bestEverMs: z.number().int().nullable(),
  bestEver: z.string().nullable(),
  heats: z.array(
    z.object({
      heat: z.number().int(),
      pairs: z.array(z.object({ pair: z.number().int(), lanes: z.array(timingLaneSchema) })),
    }),
  ),
  /** Results of registrations not placed in the run order now (moved out after their run). */
  unplaced: z.array(resultSchema),
});
export type TimingView = z.infer<typeof timingViewSchema>;

export const resultValueSchema = z.object({
  rawTimeMs: z.number().int().nullable(),
  rawTime: z.string().nullable(),
  outcome: resultOutcomeSchema,
  penalties: z.array(penaltyCountSchema),
  officialTimeMs: z.number().int().nullable(),
  officialTime: z.string().nullable(),
});
export type ResultValueDto = z.infer<typeof resultValueSchema>;

/** GET /results/{id}/history: every event of the result, oldest first. */
export const resultHistorySchema = z.object({
  resultId: z.number().int(),
  version: z.number().int(),
  data: z.array(
    z.object({
      version: z.number().int(),
      type: z.string(),
      /** One readable line (api/domain/results/history.ts). */
      summary: z.string(),
      at: z.iso.datetime(),
      actor: actorSchema.nullable(),
      attempt: z.number().int(),
      /** Why: a correction's, a send-back's or a void's reason, or an own-entry validation's. */
      reason: z.string().nullable(),
      /** The value before and after the event (null where the event does not change it). */
      before: resultValueSchema.nullable(),
      after: resultValueSchema.nullable(),
    }),
  ),
});
export type ResultHistory = z.infer<typeof resultHistorySchema>;

export const importRowSchema = z.object({
  /** The line of the file (1 = first line). */
  line: z.number().int(),
  /** The place within the heat (1 = the first pair's left lane), and the run-order position. */
  lane: z.number().int().nullable(),
  position: z.number().int().nullable(),
  rawTimeMs: z.number().int().nullable(),
  rawTime: z.string().nullable(),
  outcome: resultOutcomeSchema.nullable(),
  registrationId: z.number().int().nullable(),
  entrantName: z.string().nullable(),
  /** Why a row is unmatched (nobody there, a line that does not parse) or differing (the value held now). */
  problem: z.string().nullable(),
  current: resultValueSchema.nullable(),
  /** A matched row whose entrant already has exactly this result: nothing to apply. */
  unchanged: z.boolean(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  runId: z.number().int(),
  heat: z.number().int(),
  /** A problem with the whole file (nothing can be imported), or null. */
  fileError: z.string().nullable(),
  /** Whether rows name a lane of the heat or a run-order position. */
  column: z.enum(['lane', 'position']),
  /** Rows that would record a new provisional result (or hold it already: unchanged). */
  matched: z.array(importRowSchema),
  /** Rows that match nobody, or do not parse. */
  unmatched: z.array(importRowSchema),
  /** Rows whose entrant already has another value: never applied by the import. */
  differing: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importApplySchema = importPreviewSchema.extend({
  /** Per matched row: recorded, or failed with the refusal (someone recorded it meanwhile, say). */
  outcomes: z.array(
    z.object({
      line: z.number().int(),
      registrationId: z.number().int(),
      outcome: z.enum(['recorded', 'unchanged', 'failed']),
      code: z.string().nullable(),
      message: z.string().nullable(),
      result: resultSchema.nullable(),
    }),
  ),
});
export type ImportApply = z.infer<typeof importApplySchema>;

export const holdSchema = z.object({ runId: z.number().int(), held: z.boolean() });

/**
 * GET /results/run/{runId}/display (public, no sign-in): the venue display's results part. After each
 * heat its times and penalties (official, or marked provisional), and the run's current top places.
 * Nothing (empty lists) while the run's results are held; no actors, no reasons, ever.
 */
export const resultsDisplaySchema = z.object({
  runId: z.number().int(),
  held: z.boolean(),
  /** The heats that have at least one result, in heat order. */
  heats: z.array(
    z.object({
      heat: z.number().int(),
      lanes: z.array(
        z.object({
          position: z.number().int(),
          lane: z.enum(['left', 'right']),
          name: z.string().nullable(),
          departmentName: z.string().nullable(),
          rawTime: z.string().nullable(),
          penalties: z.array(penaltyCountSchema),
          officialTime: z.string().nullable(),
          outcome: resultOutcomeSchema.nullable(),
          status: resultStatusSchema.nullable(),
        }),
      ),
    }),
  ),
  /** The run's current top places (provisional ones marked), ranked like the standings. */
  topPlaces: z.array(
    z.object({
      rank: z.number().int(),
      name: z.string(),
      departmentName: z.string().nullable(),
      officialTime: z.string(),
      status: resultStatusSchema,
    }),
  ),
});
export type ResultsDisplay = z.infer<typeof resultsDisplaySchema>;

export const RESULTS_TOP_PLACES = 8;
