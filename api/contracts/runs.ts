import { z } from 'zod';
import { RUN_TYPES } from '../domain/runs/categories.ts';
import { booleanQuery, idQuery, MAX_ID, pageOf, pageQuerySchema, textInput } from './common.ts';

export const RUN_LIMITS = { name: 120, participantLimitMin: 1, participantLimitMax: 1000 } as const;

const typeMessage = `type must be one of ${RUN_TYPES.join(', ')}`;
export const runTypeSchema = z.enum(RUN_TYPES, { error: typeMessage });

/** A run: one format and category at one event (docs/domain.md), with its live counts. */
export const runSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  name: z.string(),
  type: runTypeSchema,
  category: z.string(),
  participantLimit: z.number().int(),
  isHeadToHead: z.boolean(),
  allowsHybrid: z.boolean(),
  isActive: z.boolean(),
  startTime: z.iso.datetime().nullable(),
  endTime: z.iso.datetime().nullable(),
  /** The run's own registration window; a bound left null falls back to the event's registration dates. */
  registrationOpensAt: z.iso.datetime().nullable(),
  registrationClosesAt: z.iso.datetime().nullable(),
  /** How long one heat takes, in seconds; with the start time it gives each heat's estimated start. */
  heatDurationSeconds: z.number().int().nullable(),
  confirmedCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Places left before new entries join the waitlist (never negative). */
  spotsLeft: z.number().int(),
  isFull: z.boolean(),
  /** Takes registrations now (docs/decisions/008); a full run is still open, for its waitlist. */
  isOpen: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RunDto = z.infer<typeof runSchema>;
export const runPageSchema = pageOf(runSchema);
export type RunPage = z.infer<typeof runPageSchema>;

const dateTime = (field: string) =>
  z.iso.datetime({
    offset: true,
    error: `${field} must be an ISO date-time with a time zone, like 2027-06-01T09:00:00-04:00`,
  });
const participantLimitMessage = `The participant limit must be a whole number from ${RUN_LIMITS.participantLimitMin} to ${RUN_LIMITS.participantLimitMax}`;
export const participantLimitSchema = z
  .number({ error: participantLimitMessage })
  .int(participantLimitMessage)
  .min(RUN_LIMITS.participantLimitMin, participantLimitMessage)
  .max(RUN_LIMITS.participantLimitMax, participantLimitMessage);

export const HEAT_DURATION_LIMITS = { min: 30, max: 3600 } as const;
const heatDurationMessage = `The heat duration must be from ${HEAT_DURATION_LIMITS.min} seconds to ${HEAT_DURATION_LIMITS.max / 60} minutes, in whole seconds`;
export const heatDurationSchema = z
  .number({ error: heatDurationMessage })
  .int(heatDurationMessage)
  .min(HEAT_DURATION_LIMITS.min, heatDurationMessage)
  .max(HEAT_DURATION_LIMITS.max, heatDurationMessage);

const runFields = {
  name: textInput('Name', 'line', 'Name must be text')
    .trim()
    .min(1, 'Name must not be blank')
    .max(RUN_LIMITS.name, `Name must be at most ${RUN_LIMITS.name} characters`),
  type: runTypeSchema,
  category: textInput('Category', 'line', 'Category is required')
    .trim()
    .min(1, 'Category is required')
    .max(60, 'Category must be at most 60 characters'),
  participantLimit: participantLimitSchema,
  isHeadToHead: z.boolean({ error: 'isHeadToHead must be true or false' }),
  allowsHybrid: z.boolean({ error: 'allowsHybrid must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  startTime: dateTime('Start time').nullable(),
  endTime: dateTime('End time').nullable(),
  registrationOpensAt: dateTime('Registration opening time').nullable(),
  registrationClosesAt: dateTime('Registration closing time').nullable(),
  heatDurationSeconds: heatDurationSchema.nullable(),
};

/**
 * POST /runs. The category must be one of the type's (api/domain/runs/categories.ts); the name
 * defaults to "<Type>: <Category>". Checked against the event by the server: the schedule falls on
 * the event's day(s) and ends after it starts; the registration window closes after it opens (422).
 */
export const runCreateBodySchema = z
  .object({
    eventId: z
      .number({ error: 'eventId must be an event id' })
      .int('eventId must be an event id')
      .positive('eventId must be an event id')
      .max(MAX_ID, 'eventId must be an event id'),
    ...runFields,
    name: runFields.name.optional(),
    isHeadToHead: runFields.isHeadToHead.optional(),
    allowsHybrid: runFields.allowsHybrid.optional(),
    isActive: runFields.isActive.optional(),
    startTime: runFields.startTime.optional(),
    endTime: runFields.endTime.optional(),
    registrationOpensAt: runFields.registrationOpensAt.optional(),
    registrationClosesAt: runFields.registrationClosesAt.optional(),
    heatDurationSeconds: runFields.heatDurationSeconds.optional(),
  })
  .strict();
export type RunCreateBody = z.input<typeof runCreateBodySchema>;

/** PUT /runs/{id}: fields left out stay as they are; a run does not move to another event. */
export const runUpdateBodySchema = z.object(runFields).partial().strict();
export type RunUpdateBody = z.input<typeof runUpdateBodySchema>;

export const participantLimitBodySchema = z.object({ limit: participantLimitSchema }).strict();
export type ParticipantLimitBody = z.input<typeof participantLimitBodySchema>;

/** PATCH /runs/{id}/participant-limit answers the run and, when the limit is below the confirmed count, a warning. */
export const participantLimitResultSchema = runSchema.extend({
  /** How many waitlisted entries a raised limit confirmed. */
  promotedCount: z.number().int(),
  warning: z.string().nullable(),
});
export type ParticipantLimitResult = z.infer<typeof participantLimitResultSchema>;

export const scheduleBodySchema = z
  .object({ startTime: dateTime('Start time'), endTime: dateTime('End time') })
  .strict();
export type ScheduleBody = z.input<typeof scheduleBodySchema>;

/** GET /runs (portal). */
export const runListQuerySchema = pageQuerySchema.extend({
  eventId: idQuery('eventId').optional(),
  type: runTypeSchema.optional(),
  isHeadToHead: booleanQuery('isHeadToHead').optional(),
  isActive: booleanQuery('isActive').optional(),
});
export type RunListQuery = z.output<typeof runListQuerySchema>;

export const runTypeParamsSchema = z.object({ type: runTypeSchema });

export const validateRunTypesQuerySchema = z.object({
  runTypes: textInput('runTypes', 'line', 'runTypes is required: a comma list such as individual,relay')
    .trim()
    .min(1, 'runTypes is required: a comma list such as individual,relay')
    .max(200, 'runTypes must be at most 200 characters'),
});
export const validateRunTypesResultSchema = z.object({
  /** True when every listed type is known. */
  valid: z.boolean(),
  /** The listed types that are not run types, as given. */
  invalid: z.array(z.string()),
  /** The known run types. */
  allowed: z.array(runTypeSchema),
  /** The type of the run asked about, and whether the list names it. */
  runType: runTypeSchema,
  includesRunType: z.boolean(),
});
export type ValidateRunTypesResult = z.infer<typeof validateRunTypesResultSchema>;

/** GET /runs/{id}/run-orders: the run's order in brief (a run has at most one; none before it is created). */
export const runOrderSummarySchema = z.object({
  runId: z.number().int(),
  version: z.number().int(),
  positions: z.number().int(),
  placed: z.number().int(),
  heatSize: z.number().int(),
  currentHeat: z.number().int(),
  orderLocked: z.boolean(),
  seedingRule: z.enum(['random', 'best-time']).nullable(),
  lastChangeAt: z.string().nullable(),
});
export const runOrderPageSchema = pageOf(runOrderSummarySchema);

// ---------- registrations of an event or a run (read from the registrations read model) ----------

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
const registrationStatusListMessage = `status must be a comma list of ${REGISTRATION_STATUSES.join(', ')}`;

export const registrationEntrySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  runId: z.number().int(),
  runName: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  registeredBy: z.number().int().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  isHybridOptIn: z.boolean(),
  isLate: z.boolean(),
  notes: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
export const registrationEntryPageSchema = pageOf(registrationEntrySchema);
export type RegistrationEntryPage = z.infer<typeof registrationEntryPageSchema>;

const registrationStatusList = z
  .string({ error: registrationStatusListMessage })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(REGISTRATION_STATUSES, { error: registrationStatusListMessage })))
  .optional();

/** GET /runs/{id}/registrations. */
export const runRegistrationsQuerySchema = pageQuerySchema.extend({
  status: registrationStatusList,
  hasWaitlistPosition: booleanQuery('hasWaitlistPosition').optional(),
});
/** GET /events/{id}/registrations. */
export const eventRegistrationsQuerySchema = runRegistrationsQuerySchema.extend({ runId: idQuery('runId').optional() });
export type EventRegistrationsQuery = z.output<typeof eventRegistrationsQuerySchema>;
