import { z } from 'zod';
import { wholeNumberParam } from './common.ts';
import { EVENT_SCOPES, EVENT_STATUSES } from '../db/schema.ts';
import { REGISTRATION_PHASES } from '../domain/events/registration-phase.ts';

export const eventStatusSchema = z.enum(EVENT_STATUSES);
export const eventScopeSchema = z.enum(EVENT_SCOPES);
export const registrationPhaseSchema = z.enum(REGISTRATION_PHASES);

/** An event as the public site sees it (SPEC 3 "Event"). */
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
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined))
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
