import { z } from 'zod';
import { ENTRANT_MARKS, SEEDING_RULES } from '../domain/run-orders/events.ts';
import { idQuery, MAX_ID, textInput, wholeNumberParam } from './common.ts';
import { COMMAND_ID_PATTERN } from './registrations.ts';

/**
 * Requests and responses of /api/run-orders/run/{runId}/... (docs/domain.md "The run order"). Shared with the board.
 * Every command carries the version the client saw (a stale one is a 409 with the events since) and may
 * carry a command id that makes a retry harmless. The actor fields (movedBy, lockedBy...)
 * are accepted for old clients and ignored: the actor is always the signed-in user.
 */

export const MAX_POSITIONS = 2000;
export const MAX_HEAT_SIZE = 20;
export const STATE_NAME_MAX_LENGTH = 60;

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

const position = (name: string) => whole(name, 1, MAX_POSITIONS);
const ignoredActor = z.unknown().optional();

const commandFields = {
  expectedVersion: whole('expectedVersion', 0, MAX_ID),
  commandId: z
    .string({ error: 'commandId must be 1 to 100 letters, digits or . _ : -' })
    .regex(COMMAND_ID_PATTERN, 'commandId must be 1 to 100 letters, digits or . _ : -')
    .optional(),
};

export const runOrderParamsSchema = z.object({
  runId: wholeNumberParam('runId must be a positive whole number', 1, MAX_ID),
});
export const runOrderRegistrationParamsSchema = runOrderParamsSchema.extend({
  regId: wholeNumberParam('regId must be a positive whole number', 1, MAX_ID),
});
export const runOrderPairParamsSchema = runOrderParamsSchema.extend({
  pair: wholeNumberParam('pair must be a whole number from 1', 1, MAX_POSITIONS),
});

/** undo, redo, remove, lock, unlock, pairs lock/unlock: nothing but the version. */
export const runOrderCommandBodySchema = z
  .object({
    ...commandFields,
    lockedBy: ignoredActor,
    unlockedBy: ignoredActor,
    movedBy: ignoredActor,
    appliedBy: ignoredActor,
    reorderedBy: ignoredActor,
  })
  .strict();

export const seedingBodySchema = z
  .object({
    rule: z.enum(SEEDING_RULES, { error: 'rule must be random or best-time' }),
    seed: whole('seed', 0, MAX_ID),
    fastest: z.enum(['last', 'first'], { error: 'fastest must be last or first' }),
    separateDepartments: z.boolean({ error: 'separateDepartments must be true or false' }),
    minRest: whole('minRest', 0, 100),
  })
  .partial()
  .strict();

export const generateBodySchema = z
  .object({
    ...commandFields,
    seeding: seedingBodySchema.optional(),
    heatSize: whole('heatSize', 1, MAX_HEAT_SIZE).optional(),
  })
  .strict();

export const createEmptyBodySchema = z
  .object({
    ...commandFields,
    positions: whole('positions', 2, MAX_POSITIONS).optional(),
    heatSize: whole('heatSize', 1, MAX_HEAT_SIZE).optional(),
  })
  .strict();

export const reorderBodySchema = z
  .object({
    ...commandFields,
    /** The registration ids (or null for an empty position) in their new order: every position. */
    positions: z
      .array(whole('positions[]', 1, MAX_ID).nullable(), {
        error: 'positions must be a list of registration ids or nulls',
      })
      .max(MAX_POSITIONS),
    reorderedBy: ignoredActor,
  })
  .strict();

export const insertBodySchema = z.object({ ...commandFields, position: position('position').optional() }).strict();

/** PATCH .../registrations/{regId}/mark: scratched or no-show (their result becomes DNS), null to reinstate. */
export const markBodySchema = z
  .object({
    ...commandFields,
    mark: z.enum(ENTRANT_MARKS, { error: "mark must be 'scratched', 'no-show' or null" }).nullable(),
  })
  .strict();
export const entrantMarkSchema = z.enum(ENTRANT_MARKS);

export const positionsLockBodySchema = z
  .object({
    ...commandFields,
    positions: z
      .array(position('positions[]'), { error: 'positions must be a list of positions' })
      .min(1, 'positions must name at least one position')
      .max(MAX_POSITIONS),
    lockedBy: ignoredActor,
    unlockedBy: ignoredActor,
  })
  .strict();

export const positionMoveBodySchema = z
  .object({
    ...commandFields,
    sourcePosition: position('sourcePosition'),
    targetPosition: position('targetPosition'),
    movedBy: ignoredActor,
  })
  .strict();

export const heatMoveBodySchema = z
  .object({
    ...commandFields,
    sourceHeatNumber: whole('sourceHeatNumber', 1, MAX_POSITIONS),
    targetHeatNumber: whole('targetHeatNumber', 1, MAX_POSITIONS),
    movedBy: ignoredActor,
  })
  .strict();

const stateName = textInput('name', 'line', `name must be 1 to ${STATE_NAME_MAX_LENGTH} characters`)
  .trim()
  .min(1, `name must be 1 to ${STATE_NAME_MAX_LENGTH} characters`)
  .max(STATE_NAME_MAX_LENGTH, `name must be 1 to ${STATE_NAME_MAX_LENGTH} characters`);

export const currentHeatBodySchema = z.object({ ...commandFields, heat: whole('heat', 1, MAX_POSITIONS) }).strict();

export const saveStateBodySchema = z.object({ ...commandFields, name: stateName }).strict();
export const applyStateBodySchema = z.object({ ...commandFields, name: stateName, appliedBy: ignoredActor }).strict();

export const historyQuerySchema = z
  .object({
    page: wholeNumberParam('page must be a whole number from 1', 1, 1_000_000).default(1),
    perPage: wholeNumberParam('perPage must be a whole number from 1 to 200', 1, 200).default(50),
  })
  .strict();
export const atVersionQuerySchema = z
  .object({ version: wholeNumberParam('version must be a whole number from 0', 0, MAX_ID) })
  .strict();

// ---------- answers ----------

export const runOrderEntrySchema = z.object({
  registrationId: z.number().int(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  category: z.string(),
  /** The best official time in another run of the format when there is one, else the seed time entered (decision 031). */
  seedTimeMs: z.number().int().nullable(),
  /** Where seedTimeMs comes from: an official result, or the time entered on the person or team. */
  seedTimeSource: z.enum(['result', 'entered']).nullable().optional(),
  /** The people in the entry (a team's captain and members): what generation keeps apart. */
  personIds: z.array(z.number().int()),
  /** A placed registration that was cancelled since is flagged, never silently dropped. */
  status: z.enum(['confirmed', 'waitlisted', 'cancelled', 'deleted']),
  /** Entered late on event day (shown as "Late"). */
  isLate: z.boolean().optional(),
});
export type RunOrderEntry = z.infer<typeof runOrderEntrySchema>;

export const runOrderPositionSchema = z.object({
  position: z.number().int(),
  pair: z.number().int(),
  heat: z.number().int(),
  lane: z.enum(['left', 'right']),
  registrationId: z.number().int().nullable(),
  locked: z.boolean(),
  lockedVia: z.enum(['position', 'pair']).nullable(),
  entry: runOrderEntrySchema.nullable(),
});
export type RunOrderPosition = z.infer<typeof runOrderPositionSchema>;

const actorSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const runOrderViewSchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runType: z.string(),
  runCategory: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  exists: z.boolean(),
  version: z.number().int(),
  heatSize: z.number().int(),
  /** The heat on the course now, as the timing table set it. */
  currentHeat: z.number().int(),
  /** When the timing table started it; null before the run starts ("next heat" then starts heat 1). */
  currentHeatStartedAt: z.iso.datetime().nullable(),
  orderLocked: z.boolean(),
  lockedPositions: z.array(z.number().int()),
  lockedPairs: z.array(z.number().int()),
  seeding: z
    .object({
      rule: z.enum(SEEDING_RULES),
      seed: z.number().int(),
      fastest: z.enum(['last', 'first']),
      separateDepartments: z.boolean(),
      minRest: z.number().int(),
    })
    .nullable(),
  /** The arrangement: registration id or null per position. */
  slots: z.array(z.number().int().nullable()),
  positions: z.array(runOrderPositionSchema),
  pairs: z.array(
    z.object({
      pair: z.number().int(),
      heat: z.number().int(),
      positions: z.array(z.number().int()),
      locked: z.boolean(),
    }),
  ),
  heats: z.array(
    z.object({ heat: z.number().int(), pairs: z.array(z.number().int()), positions: z.array(z.number().int()) }),
  ),
  /** Confirmed registrations of the run not placed yet: what insert offers. */
  unplaced: z.array(runOrderEntrySchema),
  /** Every registration the arrangement, the undo/redo stacks or the saved states name, by id. */
  entries: z.record(z.string(), runOrderEntrySchema),
  /** Scratched and no-show entrants by registration id: they keep their slot, their result is DNS. */
  marks: z.record(z.string(), entrantMarkSchema),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  savedStates: z.array(z.object({ name: z.string(), version: z.number().int(), savedBy: actorSchema })),
  lastChange: z
    .object({ type: z.string(), version: z.number().int(), at: z.string().nullable(), actor: actorSchema })
    .nullable(),
});
export type RunOrderView = z.infer<typeof runOrderViewSchema>;

export const runOrderPositionsSchema = z.object({
  runId: z.number().int(),
  version: z.number().int(),
  data: z.array(runOrderPositionSchema),
});

export const runOrderHistoryItemSchema = z.object({
  /** The change's place in the whole log: unique across the run order's stream and its registrations'. */
  id: z.number().int(),
  /**
   * `order`: a change of the run order (its version); `substitution`: someone else took a placed entry
   * (recorded on the registration; version is the order's version at the time).
   */
  kind: z.enum(['order', 'substitution']),
  version: z.number().int(),
  type: z.string(),
  summary: z.string(),
  at: z.string(),
  actor: actorSchema,
  data: z.record(z.string(), z.unknown()),
});
export const runOrderHistorySchema = z.object({
  data: z.array(runOrderHistoryItemSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type RunOrderHistoryItem = z.infer<typeof runOrderHistoryItemSchema>;

export const runOrderAtVersionSchema = z.object({
  runId: z.number().int(),
  version: z.number().int(),
  slots: z.array(z.number().int().nullable()),
  heatSize: z.number().int(),
  positions: z.array(runOrderPositionSchema),
});

/** The venue display: public fields only, no actors, no registration statuses. */
export const runOrderDisplaySchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runCategory: z.string(),
  eventName: z.string(),
  /** The venue's time zone (docs/decisions/069): its times are told in it. */
  timeZone: z.string(),
  version: z.number().int(),
  heatSize: z.number().int(),
  currentHeat: z.number().int(),
  /** When the timing table started the current heat; null before the run starts. */
  currentHeatStartedAt: z.iso.datetime().nullable(),
  heats: z.array(
    z.object({
      heat: z.number().int(),
      /** Estimated start (docs/decisions/047); the actual one for the heat on the course; null when unknown or done. */
      estimatedStart: z.iso.datetime().nullable(),
      pairs: z.array(
        z.object({
          pair: z.number().int(),
          lanes: z.array(
            z.object({
              position: z.number().int(),
              lane: z.enum(['left', 'right']),
              name: z.string().nullable(),
              departmentName: z.string().nullable(),
              /** The entrant will not run: scratched or no-show; the lane is shown as such. */
              mark: entrantMarkSchema.nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type RunOrderDisplay = z.infer<typeof runOrderDisplaySchema>;

export const eventDisplayParamsSchema = z.object({ eventId: idQuery('eventId') });

/** A run of the event-wide display: where it stands in the day. */
const eventDisplayRunSchema = z.object({
  runId: z.number().int(),
  runName: z.string(),
  runCategory: z.string(),
  /** The run order's version: the screen follows each run's stream from it. */
  version: z.number().int(),
  heatCount: z.number().int(),
  currentHeat: z.number().int(),
  /** The timing table has started one of its heats. */
  started: z.boolean(),
  /** Estimated start of its first heat (null once started, or when unknown). */
  estimatedStart: z.iso.datetime().nullable(),
});

/**
 * The event-wide venue display (docs/decisions/048): the run on the course now (the one whose heat the
 * timing table started last) and the next run not started yet, with the event's runs in their order of
 * the day. Public fields only.
 */
export const eventDisplaySchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** The venue's time zone (docs/decisions/069): its times are told in it. */
  timeZone: z.string(),
  runningRunId: z.number().int().nullable(),
  nextRunId: z.number().int().nullable(),
  runs: z.array(eventDisplayRunSchema),
});
export type EventDisplay = z.infer<typeof eventDisplaySchema>;

export const myHeatsQuerySchema = z.object({ eventId: idQuery('eventId').optional() }).strict();

/** The signed-in competitor's places in published run orders: heat, pair, lane and estimated start. */
export const myHeatsSchema = z.object({
  data: z.array(
    z.object({
      registrationId: z.number().int(),
      eventId: z.number().int(),
      eventName: z.string(),
      /** The venue's time zone (docs/decisions/069): its times are told in it. */
      timeZone: z.string(),
      runId: z.number().int(),
      runName: z.string(),
      /** The run order's version: the page follows the run's stream from it. */
      version: z.number().int(),
      /** The team's name for a team entry, null for one's own individual entry. */
      teamName: z.string().nullable(),
      heat: z.number().int(),
      heatCount: z.number().int(),
      pair: z.number().int(),
      lane: z.enum(['left', 'right']),
      position: z.number().int(),
      currentHeat: z.number().int(),
      /** The run has started (the timing table started a heat). */
      started: z.boolean(),
      estimatedStart: z.iso.datetime().nullable(),
      /** Scratched or no-show on the run order (docs/decisions/046): the entry keeps its slot but will not run. */
      mark: entrantMarkSchema.nullable(),
    }),
  ),
});
export type MyHeats = z.infer<typeof myHeatsSchema>;
export type MyHeat = MyHeats['data'][number];

export const competitorHeatsParamsSchema = z.object({ userId: idQuery('userId') });
export const departmentHeatsParamsSchema = z.object({ departmentId: idQuery('departmentId') });

/**
 * One confirmed entry of a competitor or a department in a run of a public event that is not over
 * (docs/decisions/067): where it stands in the run order, when placed. Public fields only, as the venue
 * display shows them: no e-mails, no registration ids, nothing of a draft event or an inactive run.
 */
export const publicHeatSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** The venue's time zone (docs/decisions/069): its times are told in it. */
  timeZone: z.string(),
  runId: z.number().int(),
  runName: z.string(),
  /** The run order's version (0 before there is one): the page follows the run's stream from it. */
  version: z.number().int(),
  /** The competitor's name, or the team's for a team entry. */
  entrantName: z.string(),
  /** The entrant's department, when it has one. */
  departmentName: z.string().nullable(),
  /** Null while the entry has no place in a published run order. */
  heat: z.number().int().nullable(),
  heatCount: z.number().int(),
  pair: z.number().int().nullable(),
  lane: z.enum(['left', 'right']).nullable(),
  currentHeat: z.number().int(),
  /** The timing table has started one of the run's heats. */
  started: z.boolean(),
  /** The heat is over: the run is on a later heat. */
  done: z.boolean(),
  /** Estimated start (docs/decisions/047); null when unknown, over or not placed. */
  estimatedStart: z.iso.datetime().nullable(),
  /** Scratched or no-show on the run order (docs/decisions/046): the entry keeps its slot but will not run. */
  mark: entrantMarkSchema.nullable(),
});
export type PublicHeat = z.infer<typeof publicHeatSchema>;

/** At most this many entries in one answer (a department's, on a busy weekend). */
export const PUBLIC_HEATS_LIMIT = 100;

export const competitorHeatsSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  /** In the order of the day: event, then the run's scheduled start. */
  heats: z.array(publicHeatSchema),
});
export type CompetitorHeats = z.infer<typeof competitorHeatsSchema>;

export const departmentHeatsSchema = z.object({
  departmentId: z.number().int(),
  departmentName: z.string(),
  /** Its members' and its teams' entries, in the order of the day. */
  heats: z.array(publicHeatSchema),
});
export type DepartmentHeats = z.infer<typeof departmentHeatsSchema>;
