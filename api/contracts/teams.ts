import { z } from 'zod';
import { PROBLEM_CODES } from '../domain/teams/eligibility.ts';
import { emailSchema, seedTimeMsSchema } from './accounts.ts';
import { booleanQuery, idQuery, MAX_ID, pageOf, pageQuery, searchQueryInput, textInput } from './common.ts';

/** Teams (docs/decisions/016): the schemas the API validates with and the portal reuses. */

export const TEAM_RUN_TYPES = ['individual', 'relay', 'tech2'] as const;
export const TEAM_NAME_MAX_LENGTH = 100;

export const TEAM_MESSAGES = {
  nameRequired: 'Team name is required',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
  runTypeInvalid: `Run type must be one of ${TEAM_RUN_TYPES.join(', ')}`,
  departmentIdInvalid: 'departmentId must be a department id',
  memberIdsRequired: 'memberIds must list at least one user id',
  memberIdsInvalid: 'memberIds must be user ids',
  memberIdsRepeated: 'memberIds must not repeat a user',
  memberIdsTooMany: 'memberIds may list at most 10 users',
  captainIdInvalid: 'captainId must be a user id',
} as const;

export const teamRunTypeSchema = z.enum(TEAM_RUN_TYPES, { error: TEAM_MESSAGES.runTypeInvalid });

const teamNameSchema = textInput('Team name', 'name', TEAM_MESSAGES.nameRequired)
  .trim()
  .min(1, TEAM_MESSAGES.nameRequired)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong);

const departmentIdSchema = z
  .number({ error: TEAM_MESSAGES.departmentIdInvalid })
  .int(TEAM_MESSAGES.departmentIdInvalid)
  .positive(TEAM_MESSAGES.departmentIdInvalid)
  .max(MAX_ID, TEAM_MESSAGES.departmentIdInvalid);

const userIdSchema = z
  .number({ error: TEAM_MESSAGES.memberIdsInvalid })
  .int(TEAM_MESSAGES.memberIdsInvalid)
  .positive(TEAM_MESSAGES.memberIdsInvalid)
  .max(MAX_ID, TEAM_MESSAGES.memberIdsInvalid);

export const eligibilityProblemSchema = z.object({
  rule: z.enum([
    'age',
    'account',
    'medical-clearance',
    'category',
    'team-size',
    'department',
    'hybrid',
    'membership',
    'run-type',
    'team-state',
  ]),
  code: z.enum(PROBLEM_CODES),
  message: z.string(),
  userId: z.number().int().optional(),
});
export type EligibilityProblemDto = z.infer<typeof eligibilityProblemSchema>;

/** A team in lists. */
export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  runType: teamRunTypeSchema,
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  captainId: z.number().int(),
  captainName: z.string(),
  isHybrid: z.boolean(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  deletedAt: z.iso.datetime().nullable(),
  memberCount: z.number().int(),
  /** The team's best time for seeding its entries, in milliseconds; null when none is known. */
  seedTimeMs: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TeamSummaryDto = z.infer<typeof teamSummarySchema>;
export const teamPageSchema = pageOf(teamSummarySchema);
export type TeamPage = z.infer<typeof teamPageSchema>;

/** A team registered for a run, with its registration (GET /teams/run/{id}). */
export const runTeamSchema = teamSummarySchema.extend({
  registration: z.object({
    id: z.number().int(),
    status: z.enum(['confirmed', 'waitlisted']),
    waitlistPosition: z.number().int().nullable(),
    submittedAt: z.iso.datetime(),
  }),
});
export type RunTeamDto = z.infer<typeof runTeamSchema>;
export const runTeamPageSchema = pageOf(runTeamSchema);
export type RunTeamPage = z.infer<typeof runTeamPageSchema>;

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  isCaptain: z.boolean(),
  isActive: z.boolean(),
  joinedAt: z.iso.datetime(),
  /** Age on the run's event start date when the team is read with ?runId=, else null. */
  ageOnEventDate: z.number().int().nullable(),
  /** The member's eligibility problems for that run (empty: eligible), or null without ?runId=. */
  problems: z.array(eligibilityProblemSchema).nullable(),
});
export type TeamMemberDto = z.infer<typeof teamMemberSchema>;

/** A team with its members (GET /teams/{id} and every team write). */
export const teamSchema = teamSummarySchema.extend({
  members: z.array(teamMemberSchema),
  /** The team size rule of its run type, with where it stands. */
  size: z.object({ count: z.number().int(), min: z.number().int(), max: z.number().int(), withinLimits: z.boolean() }),
  /** With ?runId=: the run, its event date and the team's own problems; null otherwise. */
  eligibility: z
    .object({
      runId: z.number().int(),
      eventStartDate: z.iso.date(),
      eligible: z.boolean(),
      teamProblems: z.array(eligibilityProblemSchema),
    })
    .nullable(),
});
export type TeamDto = z.infer<typeof teamSchema>;

/** GET /teams/{id}/eligibility?runId */
export const teamEligibilitySchema = z.object({
  teamId: z.number().int(),
  runId: z.number().int(),
  eventStartDate: z.iso.date(),
  eligible: z.boolean(),
  teamProblems: z.array(eligibilityProblemSchema),
  members: z.array(
    z.object({
      userId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      ageOnEventDate: z.number().int().nullable(),
      problems: z.array(eligibilityProblemSchema),
    }),
  ),
  /** Every problem: the team's first, then the members'. */
  problems: z.array(eligibilityProblemSchema),
});
export type TeamEligibilityDto = z.infer<typeof teamEligibilitySchema>;

/** GET /teams/{id}/member-count?runType */
export const memberCountSchema = z.object({
  teamId: z.number().int(),
  runType: teamRunTypeSchema,
  count: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  withinLimits: z.boolean(),
});
export type MemberCountDto = z.infer<typeof memberCountSchema>;

// ---------- requests ----------

/**
 * GET /teams and /teams/filter (filters isHybrid, isActive; also departmentId, runType, free
 * text over the name, mine = teams the caller is on, deleted = the soft-deleted ones, admins only).
 */
export const teamListQuerySchema = pageQuery({ maxPage: 1_000_000 }).extend({
  isHybrid: booleanQuery('isHybrid').optional(),
  isActive: booleanQuery('isActive').optional(),
  departmentId: idQuery('departmentId').optional(),
  runType: teamRunTypeSchema.optional(),
  query: searchQueryInput().optional(),
  mine: booleanQuery('mine').optional(),
  deleted: booleanQuery('deleted').optional(),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

/** The list filters that make sense within a department or a run (the path gives that). */
export const teamSubListQuerySchema = teamListQuerySchema.omit({ departmentId: true, deleted: true });
export type TeamSubListQuery = z.infer<typeof teamSubListQuerySchema>;

/**
 * POST /teams. captainId (an addition for the portal, docs/decisions/016): an admin names another
 * account as captain and first member; anyone else may only name themselves.
 */
export const teamCreateBodySchema = z
  .object({
    name: teamNameSchema,
    runType: teamRunTypeSchema,
    departmentId: departmentIdSchema.nullable().optional(),
    captainId: z
      .number({ error: TEAM_MESSAGES.captainIdInvalid })
      .int(TEAM_MESSAGES.captainIdInvalid)
      .positive(TEAM_MESSAGES.captainIdInvalid)
      .max(MAX_ID, TEAM_MESSAGES.captainIdInvalid)
      .optional(),
  })
  .strict();
export type TeamCreateBody = z.infer<typeof teamCreateBodySchema>;

/**
 * PUT /teams/{id}: fields left out stay as they are. isActive is an addition of decision 016,
 * seedTimeMs (the team's best time; null clears it) of decision 017's addendum.
 */
export const teamUpdateBodySchema = z
  .object({
    name: teamNameSchema.optional(),
    departmentId: departmentIdSchema.nullable().optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    seedTimeMs: seedTimeMsSchema.optional(),
  })
  .strict();
export type TeamUpdateBody = z.infer<typeof teamUpdateBodySchema>;

export const HYBRID_MEMBERS_MAX = 10;
export const teamHybridBodySchema = z
  .object({
    memberIds: z
      .array(userIdSchema, { error: TEAM_MESSAGES.memberIdsRequired })
      .min(1, TEAM_MESSAGES.memberIdsRequired)
      .max(HYBRID_MEMBERS_MAX, TEAM_MESSAGES.memberIdsTooMany)
      .refine((ids) => new Set(ids).size === ids.length, TEAM_MESSAGES.memberIdsRepeated),
  })
  .strict();
export type TeamHybridBody = z.infer<typeof teamHybridBodySchema>;

export const teamMemberParamsSchema = z.object({ id: idQuery('id'), userId: idQuery('userId') });

/** GET /teams/{id}/candidate?email: the account a captain is about to add, found by its exact e-mail address. */
export const teamCandidateQuerySchema = z.object({ email: emailSchema });

export const teamCandidateSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  isActive: z.boolean(),
  isMember: z.boolean(),
  /** Why add-member would refuse them now (its code and message), or null when it would take them. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type TeamCandidateDto = z.infer<typeof teamCandidateSchema>;

export const memberCountQuerySchema = z.object({ runType: teamRunTypeSchema.optional() });
export const teamReadQuerySchema = z.object({ runId: idQuery('runId').optional() });
export const eligibilityQuerySchema = z.object({ runId: idQuery('runId') });

// ---------- invitations (docs/decisions/026) ----------

/** POST /teams/{id}/invitations: the address the person signs in with. */
export const teamInvitationBodySchema = z.object({ email: emailSchema }).strict();
export type TeamInvitationBody = z.infer<typeof teamInvitationBodySchema>;

/** The answer to an invitation, the same whether or not an account uses the address. */
export const INVITATION_SENT_MESSAGE =
  'Invitation sent if the person can join: they will see it in their portal and can accept or decline it.';
export const teamInvitationSentSchema = z.object({ message: z.string() });
export type TeamInvitationSentDto = z.infer<typeof teamInvitationSentSchema>;

export const teamInvitationParamsSchema = z.object({ id: idQuery('id'), invitationId: idQuery('invitationId') });

/** A pending invitation as its team's captain sees it: only the address they typed. */
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  invitedAt: z.iso.datetime(),
});
export type TeamInvitationDto = z.infer<typeof teamInvitationSchema>;
export const teamInvitationListSchema = z.object({ data: z.array(teamInvitationSchema) });
export type TeamInvitationList = z.infer<typeof teamInvitationListSchema>;

/** A pending invitation as the invited person sees it (GET /team-invitations). */
export const myTeamInvitationSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  runType: teamRunTypeSchema,
  departmentName: z.string().nullable(),
  isHybrid: z.boolean(),
  captainName: z.string(),
  invitedAt: z.iso.datetime(),
});
export type MyTeamInvitationDto = z.infer<typeof myTeamInvitationSchema>;
export const myTeamInvitationListSchema = z.object({ data: z.array(myTeamInvitationSchema) });
export type MyTeamInvitationList = z.infer<typeof myTeamInvitationListSchema>;
