import { z } from 'zod';
import { REGISTRATION_PHASES } from '../domain/events/registration-phase.ts';
import { EVENT_SCOPES, EVENT_STATUSES } from '../domain/events/statuses.ts';
import {
  booleanQuery,
  type FieldProblem,
  idQuery,
  MAX_ID,
  pageOf,
  pageQuerySchema,
  searchQueryInput,
  textInput,
  wholeNumberParam,
} from './common.ts';

export const eventStatusSchema = z.enum(EVENT_STATUSES);
export const eventScopeSchema = z.enum(EVENT_SCOPES);
export const registrationPhaseSchema = z.enum(REGISTRATION_PHASES);

/** An event as the public site sees it. */
export const publicEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  city: z.string(),
  province: z.string(),
  scope: z.string(),
  status: z.string(),
  registrationPhase: registrationPhaseSchema,
  daysUntilEvent: z.number().int(),
  hasOpenRuns: z.boolean(),
  hasPicture: z.boolean(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const upcomingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'must be from 1 to 50').max(50, 'must be from 1 to 50').default(5),
});

const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(item).optional());

export const byYearParamsSchema = z.object({
  year: wholeNumberParam('must be a year from 2001 to 2099', 2001, 2099),
});
export const byYearQuerySchema = z.object({
  scope: commaList(eventScopeSchema),
  status: commaList(eventStatusSchema),
});

export const yearListSchema = z.array(z.number().int());
export const currentSeasonYearSchema = z.object({ year: z.number().int() });

// ---------- portal (admin) ----------

export const EVENT_LIMITS = { name: 150, description: 5000, city: 80, province: 80, query: 100 } as const;

const statusMessage = `status must be one of ${EVENT_STATUSES.join(', ')}`;
const scopeMessage = `scope must be one of ${EVENT_SCOPES.join(', ')}`;
const statusListMessage = `status must be a comma list of ${EVENT_STATUSES.join(', ')}`;
const scopeListMessage = `scope must be a comma list of ${EVENT_SCOPES.join(', ')}`;

/** Status in a path or query: "In Progress", "in-progress", "IN_PROGRESS" and "in%20progress" all name the same one. */
export function normaliseEventStatus(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const wanted = value
    .trim()
    .replace(/[\s_-]+/g, ' ')
    .toLowerCase();
  return EVENT_STATUSES.find((s) => s.toLowerCase() === wanted) ?? value;
}

export const eventStatusParamsSchema = z.object({
  status: z.preprocess(normaliseEventStatus, z.enum(EVENT_STATUSES, { error: statusMessage })),
});

/** GET /events and /events/filter (portal): every filter optional, paginated. */
export const adminEventListQuerySchema = pageQuerySchema.extend({
  isActive: booleanQuery('isActive').optional(),
  status: z
    .string({ error: statusListMessage })
    .transform((v) =>
      v
        .split(',')
        .map((s) => normaliseEventStatus(s))
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.enum(EVENT_STATUSES, { error: statusListMessage })))
    .optional(),
  scope: commaList(z.enum(EVENT_SCOPES, { error: scopeListMessage })),
  year: wholeNumberParam('year must be a year from 1900 to 2100', 1900, 2100).optional(),
  departmentId: idQuery('departmentId').optional(),
  query: searchQueryInput(EVENT_LIMITS.query).optional(),
  /**
   * 'latest' (the default): latest start first. 'event-day': what an organiser needs on the day first,
   * the events in progress, then those on today's date, then the next ones (soonest first), then the
   * past ones (latest first).
   */
  sort: z.enum(['latest', 'event-day'], { error: 'sort must be latest or event-day' }).optional(),
});
export type AdminEventListQuery = z.output<typeof adminEventListQuerySchema>;

/** GET /events/active (public): the events the public site shows, paginated. */
export const activeEventsQuerySchema = pageQuerySchema;

const text = (field: string, max: number) =>
  textInput(field, 'line', `${field} is required`)
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date like 2027-06-01` });
const optionalDate = (field: string) => isoDate(field).nullable().optional();

const eventFields = {
  name: text('Name', EVENT_LIMITS.name),
  description: textInput('Description', 'multiline')
    .trim()
    .max(EVENT_LIMITS.description, `Description must be at most ${EVENT_LIMITS.description} characters`),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  city: text('City', EVENT_LIMITS.city),
  province: text('Province', EVENT_LIMITS.province),
  scope: z.enum(EVENT_SCOPES, { error: scopeMessage }),
  departmentId: z
    .number({ error: 'departmentId must be a department id or null' })
    .int('departmentId must be a department id or null')
    .positive('departmentId must be a department id or null')
    .max(MAX_ID, 'departmentId must be a department id or null')
    .nullable(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  registrationOpensOn: optionalDate('Registration opening date'),
  earlyBirdEndsOn: optionalDate('Early-bird end date'),
  lateStartsOn: optionalDate('Late registration start date'),
  registrationClosesOn: optionalDate('Registration closing date'),
};

/**
 * POST /events. A new event is a Draft (status changes go through transition-status); its slug is
 * made from the name and the start year. endDate defaults to startDate.
 */
export const eventCreateBodySchema = z
  .object({
    ...eventFields,
    description: eventFields.description.optional(),
    endDate: eventFields.endDate.optional(),
    departmentId: eventFields.departmentId.optional(),
    isActive: eventFields.isActive.optional(),
  })
  .strict();
export type EventCreateBody = z.input<typeof eventCreateBodySchema>;

/** PUT /events/{id}: fields left out stay as they are; the status and the slug are not changed here. */
export const eventUpdateBodySchema = z.object(eventFields).partial().strict();
export type EventUpdateBody = z.input<typeof eventUpdateBodySchema>;

export const statusTransitionBodySchema = z
  .object({ status: z.preprocess(normaliseEventStatus, z.enum(EVENT_STATUSES, { error: statusMessage })) })
  .strict();
export type StatusTransitionBody = z.input<typeof statusTransitionBodySchema>;

/** An event's dates, as the ordering rules see them. */
export interface EventDates {
  startDate: string;
  endDate: string;
  registrationOpensOn: string | null;
  earlyBirdEndsOn: string | null;
  lateStartsOn: string | null;
  registrationClosesOn: string | null;
}

const DATE_LABELS: Record<keyof EventDates, string> = {
  startDate: 'The start date',
  endDate: 'The end date',
  registrationOpensOn: 'The registration opening date',
  earlyBirdEndsOn: 'The early-bird end date',
  lateStartsOn: 'The late registration start date',
  registrationClosesOn: 'The registration closing date',
};

/**
 * The ordering rules of an event's dates: end on or after start; the registration dates that are set
 * in the order opens <= early-bird end <= late start <= closes <= start date. Empty when they hold.
 */
export function eventDateProblems(dates: EventDates): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (dates.endDate < dates.startDate)
    problems.push({ field: 'endDate', message: 'The end date must be on or after the start date.' });
  const chain = (
    ['registrationOpensOn', 'earlyBirdEndsOn', 'lateStartsOn', 'registrationClosesOn', 'startDate'] as const
  ).filter((key) => dates[key] !== null);
  for (let i = 1; i < chain.length; i++) {
    const before = chain[i - 1] as keyof EventDates;
    const after = chain[i] as keyof EventDates;
    if ((dates[before] as string) > (dates[after] as string)) {
      problems.push({
        field: before,
        message: `${DATE_LABELS[before]} must be on or before ${DATE_LABELS[after].replace(/^The /, 'the ')}.`,
      });
    }
  }
  return problems;
}

export const EVENT_PICTURE_FIELD = 'picture';
export const EVENT_PICTURE_MAX_BYTES = 8 * 1024 * 1024;
/** Stored pictures fit inside this box (never enlarged), as WebP. */
export const EVENT_PICTURE_BOX = { width: 1600, height: 900 } as const;

/** An event as the portal sees it: the public fields plus state, registration dates and counts. */
export const adminEventSchema = publicEventSchema.extend({
  status: eventStatusSchema,
  slug: z.string(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  deletedAt: z.iso.datetime().nullable(),
  /** The host department whatever its state (departmentId and departmentName name it too, hidden or not). */
  department: z
    .object({ id: z.number().int(), name: z.string(), isActive: z.boolean(), isDeleted: z.boolean() })
    .nullable(),
  registrationOpensOn: z.iso.date().nullable(),
  earlyBirdEndsOn: z.iso.date().nullable(),
  lateStartsOn: z.iso.date().nullable(),
  registrationClosesOn: z.iso.date().nullable(),
  /** The picture, with its version so a new upload is never hidden by a cache; null without one. */
  pictureUrl: z.string().nullable(),
  /** Runs of the event (active or not). */
  runCount: z.number().int(),
  /** Confirmed and waitlisted registrations (not cancelled, not deleted). */
  registrationCount: z.number().int(),
  /** The statuses transition-status accepts from the current one. */
  allowedStatusTransitions: z.array(eventStatusSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;
export const adminEventPageSchema = pageOf(adminEventSchema);
export type AdminEventPage = z.infer<typeof adminEventPageSchema>;
export const publicEventPageSchema = pageOf(publicEventSchema);
export type PublicEventPage = z.infer<typeof publicEventPageSchema>;
