import { z } from 'zod';
import { REGISTRATION_STATUSES } from '../domain/registrations/events.ts';
import {
  booleanQuery,
  idQuery,
  MAX_ID,
  pageOf,
  pageQuery,
  pageQuerySchema,
  searchQueryInput,
  textInput,
  wholeNumberParam,
} from './common.ts';

/** Requests and responses of /api/registrations (docs/domain.md "Registration"). Shared with the browser. */

export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES, {
  error: 'status must be confirmed, waitlisted or cancelled',
});

const bodyId = (name: string) =>
  z
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(MAX_ID, `${name} must be a positive whole number`);

export const NOTES_MAX_LENGTH = 2000;
export const REASON_MAX_LENGTH = 500;
export const COMMAND_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
export const BATCH_MAX_TEAMS = 100;

const commandIdSchema = z
  .string({ error: 'commandId must be 1 to 100 letters, digits or . _ : -' })
  .regex(COMMAND_ID_PATTERN, 'commandId must be 1 to 100 letters, digits or . _ : -');
const expectedVersionSchema = z
  .number({ error: 'expectedVersion must be a whole number from 1' })
  .int('expectedVersion must be a whole number from 1')
  .min(1, 'expectedVersion must be a whole number from 1')
  .max(MAX_ID, 'expectedVersion must be a whole number from 1');
const notesSchema = textInput('notes', 'multiline', 'notes must be text or null').max(
  NOTES_MAX_LENGTH,
  `notes must be at most ${NOTES_MAX_LENGTH} characters`,
);

/** What every command body may carry: the version the client saw, and an id that makes a retry harmless. */
const commandFields = {
  expectedVersion: expectedVersionSchema.optional(),
  commandId: commandIdSchema.optional(),
};

export const registrationSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  runName: z.string(),
  runType: z.enum(['individual', 'relay', 'tech2']),
  runCategory: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  eventStartDate: z.iso.date(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** The team's name or the person's name. */
  entrantName: z.string(),
  registeredBy: z.number().int().nullable(),
  status: registrationStatusSchema,
  waitlistPosition: z.number().int().nullable(),
  isHybridOptIn: z.boolean(),
  /** Entered late on event day by an admin, after the registration window closed. */
  isLate: z.boolean(),
  notes: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  /** The stream's version: send it back as expectedVersion to refuse a change made meanwhile. */
  version: z.number().int(),
});
export type RegistrationDto = z.infer<typeof registrationSchema>;
export const registrationPageSchema = pageOf(registrationSchema);
export type RegistrationPage = z.infer<typeof registrationPageSchema>;

/** GET /registrations and /registrations/filter. Soft-deleted ones only with deleted=true. */
export const registrationListQuerySchema = pageQuerySchema.extend({
  runId: idQuery('runId').optional(),
  eventId: idQuery('eventId').optional(),
  teamId: idQuery('teamId').optional(),
  userId: idQuery('userId').optional(),
  status: registrationStatusSchema.optional(),
  hasWaitlistPosition: booleanQuery('hasWaitlistPosition').optional(),
  deleted: booleanQuery('deleted').optional(),
  /** Free text over the entrant: the team's name or the person's name. */
  query: searchQueryInput().optional(),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;

/** GET /registrations/user/{id}, /team/{id}, /run/{id}. */
export const registrationScopedQuerySchema = pageQuerySchema.extend({ status: registrationStatusSchema.optional() });
export type RegistrationScopedQuery = z.infer<typeof registrationScopedQuerySchema>;

/** GET /registrations/waitlist?runId: the run's waitlist by position. */
export const waitlistQuerySchema = pageQuerySchema.extend({ runId: idQuery('runId') });
export type WaitlistQuery = z.infer<typeof waitlistQuerySchema>;

/**
 * POST /registrations: yourself (no teamId or userId, or your own userId) for an individual run, or a
 * team you captain; an admin registers anyone.
 */
export const registrationCreateBodySchema = z
  .object({
    runId: bodyId('runId'),
    teamId: bodyId('teamId').optional(),
    userId: bodyId('userId').optional(),
    notes: notesSchema.nullable().optional(),
    commandId: commandIdSchema.optional(),
  })
  .refine((b) => b.teamId === undefined || b.userId === undefined, {
    message: 'Give a teamId or a userId, not both',
    path: ['teamId'],
  });
export type RegistrationCreateBody = z.infer<typeof registrationCreateBodySchema>;

/**
 * POST /registrations/late-entry (admins): a late entry on event day, for a person or a team (exactly
 * one): the registration window is not checked, every other rule is.
 */
export const lateEntryBodySchema = z
  .object({
    runId: bodyId('runId'),
    teamId: bodyId('teamId').optional(),
    userId: bodyId('userId').optional(),
    notes: notesSchema.nullable().optional(),
    commandId: commandIdSchema.optional(),
  })
  .refine((b) => (b.teamId === undefined) !== (b.userId === undefined), {
    message: 'Give a teamId or a userId (one of them)',
    path: ['userId'],
  });
export type LateEntryBody = z.infer<typeof lateEntryBodySchema>;

/** GET /registrations/late-entry/candidates (admins): whom the late-entry picker offers for a run. */
export const lateEntryCandidatesQuerySchema = z
  .object({
    runId: idQuery('runId'),
    /** A person's name or e-mail (individual runs), a team's name (relay and Tech2). */
    query: searchQueryInput(100, 'query', 'query is required').min(1, 'query is required'),
    limit: wholeNumberParam('limit must be a whole number from 1 to 20', 1, 20).default(6),
  })
  .strict();
export type LateEntryCandidatesQuery = z.infer<typeof lateEntryCandidatesQuerySchema>;

/**
 * The people (individual runs) or teams a late entry would admit now: eligible, of the run's format,
 * and not already entered in the run (docs/decisions/065). Exactly one of userId and teamId is set.
 */
export const lateEntryCandidatesSchema = z.object({
  data: z.array(
    z.object({
      userId: z.number().int().nullable(),
      teamId: z.number().int().nullable(),
      name: z.string(),
      /** A person's e-mail address (null for a team). */
      email: z.string().nullable(),
      departmentName: z.string().nullable(),
    }),
  ),
  meta: z.object({
    /** How many of those judged may be entered (data shows the first `limit`). */
    offered: z.number().int(),
    /** How many matched the search and were judged (at most 200: type more to narrow it). */
    judged: z.number().int(),
  }),
});
export type LateEntryCandidates = z.infer<typeof lateEntryCandidatesSchema>;

/** PUT /registrations/{id}: the notes (an empty body changes nothing). */
export const registrationUpdateBodySchema = z.object({ notes: notesSchema.nullable().optional(), ...commandFields });
export type RegistrationUpdateBody = z.infer<typeof registrationUpdateBodySchema>;

/** PATCH /registrations/{id}/cancel. The body is optional (absent or null). */
export const registrationCancelBodySchema = z
  .object({
    reason: textInput('reason', 'multiline')
      .max(REASON_MAX_LENGTH, `reason must be at most ${REASON_MAX_LENGTH} characters`)
      .optional(),
    ...commandFields,
  })
  .nullish();
export type RegistrationCancelBody = z.infer<typeof registrationCancelBodySchema>;

/** PATCH confirm, POST soft-delete, restore, hybrid-opt-in: an optional body with the command fields. */
export const registrationCommandBodySchema = z.object(commandFields).nullish();
export type RegistrationCommandBody = z.infer<typeof registrationCommandBodySchema>;

/** PATCH /registrations/{id}/waitlist-position {position}. */
export const waitlistPositionBodySchema = z.object({
  position: z
    .number({ error: 'position must be a whole number from 1' })
    .int('position must be a whole number from 1')
    .min(1, 'position must be a whole number from 1')
    .max(MAX_ID, 'position must be a whole number from 1'),
  ...commandFields,
});
export type WaitlistPositionBody = z.infer<typeof waitlistPositionBodySchema>;

/**
 * POST /registrations/{id}/substitute (admins): userId takes the place; for a team registration,
 * replacedUserId names the member they replace.
 */
export const substituteBodySchema = z.object({
  userId: bodyId('userId'),
  replacedUserId: bodyId('replacedUserId').optional(),
  ...commandFields,
});
export type SubstituteBody = z.infer<typeof substituteBodySchema>;

/** POST /registrations/batch-register {teamIds, runId}: all or nothing. */
export const batchRegisterBodySchema = z.object({
  runId: bodyId('runId'),
  teamIds: z
    .array(bodyId('teamIds[]'), { error: 'teamIds must be a list of team ids' })
    .min(1, 'teamIds must name at least one team')
    .max(BATCH_MAX_TEAMS, `teamIds must name at most ${BATCH_MAX_TEAMS} teams`),
  commandId: commandIdSchema.optional(),
});
export type BatchRegisterBody = z.infer<typeof batchRegisterBodySchema>;

export const batchRegisterResponseSchema = z.object({ data: z.array(registrationSchema) });
export type BatchRegisterResponse = z.infer<typeof batchRegisterResponseSchema>;

/** details of a 422 BATCH_REFUSED: every refused team and why. */
export const batchRefusalSchema = z.object({ teamId: z.number().int(), code: z.string(), message: z.string() });
export type BatchRefusal = z.infer<typeof batchRefusalSchema>;

/** GET /registrations/{id}/history: the stream, oldest first. */
export const registrationHistoryEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.iso.datetime(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type RegistrationHistoryEntry = z.infer<typeof registrationHistoryEntrySchema>;
export const registrationHistorySchema = pageOf(registrationHistoryEntrySchema);
export type RegistrationHistory = z.infer<typeof registrationHistorySchema>;

/** GET /registrations/run/{id}/history: every registration stream of a run, newest first, each entry naming its registration. */
export const runRegistrationHistoryEntrySchema = registrationHistoryEntrySchema.extend({
  registrationId: z.number().int(),
  /** The team's name or the person's name. */
  entrantName: z.string(),
});
export type RunRegistrationHistoryEntry = z.infer<typeof runRegistrationHistoryEntrySchema>;
export const runRegistrationHistorySchema = pageOf(runRegistrationHistoryEntrySchema);
export type RunRegistrationHistory = z.infer<typeof runRegistrationHistorySchema>;

export const historyQuerySchema = pageQuery({ maxLimit: 500, defaultLimit: 100 });
