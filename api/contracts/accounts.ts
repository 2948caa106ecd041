import { z } from 'zod';
import { SEED_TIME_MAX_MS, SEED_TIME_MIN_MS } from '../domain/times.ts';
import { booleanQuery, idQuery, MAX_ID, pageOf, pageQuerySchema, searchQueryInput, textInput } from './common.ts';

/**
 * Shared field rules of the account forms and of the API that receives them: the browser
 * validates with these exact schemas, so both sides give the same messages.
 */
export const ROLES = ['super-admin', 'admin', 'user'] as const;
export type RoleName = (typeof ROLES)[number];

export const EMAIL_MAX_LENGTH = 254;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const RESET_PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing a core. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Names must be at most ${NAME_MAX_LENGTH} characters`,
  roleInvalid: 'Role must be one of super-admin, admin, user',
  resetTokenRequired: 'Reset token is required',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: `Password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters long`,
  newPasswordWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your new password',
  passwordsDiffer: 'Passwords do not match',
  tokenRequired: 'Token is required',
  rememberMeInvalid: 'Remember me must be true or false',
} as const;

const missing = (input: unknown) => input === undefined || input === null;

export const emailSchema = z
  .string({ error: (issue) => (missing(issue.input) ? MESSAGES.emailRequired : MESSAGES.emailInvalid) })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.emailInvalid));

export const passwordSchema = textInput('Password', 'secret', MESSAGES.passwordRequired)
  .min(LOGIN_PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

/** The password rules: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const newPasswordSchema = textInput('Password', 'secret', MESSAGES.newPasswordRequired)
  .min(1, MESSAGES.newPasswordRequired)
  .min(RESET_PASSWORD_MIN_LENGTH, MESSAGES.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MESSAGES.newPasswordWeak);

const nameSchema = (label: string, required: string) =>
  textInput(label, 'name', required).trim().min(1, required).max(NAME_MAX_LENGTH, MESSAGES.nameTooLong);
export const firstNameSchema = nameSchema('First name', MESSAGES.firstNameRequired);
export const lastNameSchema = nameSchema('Last name', MESSAGES.lastNameRequired);

export const roleSchema = z.enum(ROLES, { error: MESSAGES.roleInvalid });

/**
 * A best time for seeding (docs/decisions/017, "Addendum: seed times"), in whole milliseconds
 * (1:47.32 is 107320); null clears it. The portal shows and takes it as m:ss.hh (api/domain/times.ts).
 */
export const SEED_TIME_MESSAGE = `seedTimeMs must be a whole number of milliseconds from ${SEED_TIME_MIN_MS} to ${SEED_TIME_MAX_MS} (60:00.00), or null`;
export const seedTimeMsSchema = z
  .number({ error: SEED_TIME_MESSAGE })
  .int(SEED_TIME_MESSAGE)
  .min(SEED_TIME_MIN_MS, SEED_TIME_MESSAGE)
  .max(SEED_TIME_MAX_MS, SEED_TIME_MESSAGE)
  .nullable();

/** Registration form: a public caller may leave role out or say 'user'. */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: roleSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  rememberMe: z.boolean({ error: MESSAGES.rememberMeInvalid }).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const emailBodySchema = z.object({ email: emailSchema });
export type EmailBody = z.infer<typeof emailBodySchema>;

const resetTokenSchema = textInput('token', 'secret', MESSAGES.resetTokenRequired)
  .trim()
  .min(1, MESSAGES.resetTokenRequired)
  .max(200, MESSAGES.resetTokenRequired);

export const resetPasswordBodySchema = z.object({ token: resetTokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset form adds a confirmation, checked in the browser only (the API takes token and newPassword). */
export const resetPasswordFormSchema = resetPasswordBodySchema
  .extend({
    confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }).min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((form) => form.confirmPassword === '' || form.confirmPassword === form.newPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetTokenQuerySchema = z.object({ token: resetTokenSchema });
export const verifyTokenQuerySchema = z.object({
  token: textInput('token', 'secret', MESSAGES.tokenRequired)
    .trim()
    .min(1, MESSAGES.tokenRequired)
    .max(200, MESSAGES.tokenRequired),
});

/** An account as its owner and the admins see it. Never the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  isVerified: z.boolean(),
  isActive: z.boolean(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  /** The person's best time for seeding individual entries, in milliseconds; null when none is known. */
  seedTimeMs: z.number().int().nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserDto = z.infer<typeof userSchema>;
export const userPageSchema = pageOf(userSchema);
export type UserPage = z.infer<typeof userPageSchema>;

/** Login and refresh answer with the access token in the body; the refresh token is only ever a cookie. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  tokenExpiresAt: z.iso.datetime(),
  user: userSchema,
});
export type SessionDto = z.infer<typeof sessionSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageDto = z.infer<typeof messageSchema>;

/**
 * A public sign-up answers only the message, the same whether or not the address was free; a
 * super-admin creating an account also gets the account (decision 025).
 */
export const registerResponseSchema = z.object({ message: z.string(), user: userSchema.optional() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const resetTokenValiditySchema = z.object({ valid: z.boolean(), expiresAt: z.iso.datetime().nullable() });
export type ResetTokenValidity = z.infer<typeof resetTokenValiditySchema>;

// ---------- users ----------

const searchText = searchQueryInput(100, 'query', 'query is required');

/** GET /users and /users/filter: the user filters, a role and free text, paginated. */
export const userListQuerySchema = pageQuerySchema.extend({
  isVerified: booleanQuery('isVerified').optional(),
  isActive: booleanQuery('isActive').optional(),
  departmentId: idQuery('departmentId').optional(),
  role: roleSchema.optional(),
  query: searchText.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userSearchQuerySchema = pageQuerySchema.extend({ query: searchText });

/**
 * What PUT /users/{id} may change. role only by a super-admin; email changes are not taken here.
 * seedTimeMs: the owner (self-declared) or an admin (a correction).
 */
export const userUpdateBodySchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    departmentId: z
      .number({ error: 'departmentId must be a department id or null' })
      .int()
      .positive()
      .max(MAX_ID)
      .nullable()
      .optional(),
    dateOfBirth: z.iso.date({ error: 'dateOfBirth must be a date like 1990-05-31' }).nullable().optional(),
    role: roleSchema.optional(),
    isVerified: z.boolean({ error: 'isVerified must be true or false' }).optional(),
    seedTimeMs: seedTimeMsSchema.optional(),
  })
  .strict();
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

// ---------- admin users ----------

export const ADMIN_ROLES = ['admin', 'super-admin'] as const;
const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Role must be admin or super-admin' });

export const adminUserCreateBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: adminRoleSchema,
});
export type AdminUserCreateBody = z.infer<typeof adminUserCreateBodySchema>;

export const adminUserUpdateBodySchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    role: adminRoleSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .strict();
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

// ---------- bios ----------

export const BIO_LIMITS = { headline: 120, about: 4000, position: 80, hometown: 80, yearsOfService: 60 } as const;

export const bioSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  departmentName: z.string().nullable(),
  headline: z.string(),
  about: z.string(),
  position: z.string().nullable(),
  yearsOfService: z.number().int().nullable(),
  hometown: z.string().nullable(),
  /** Path of the photo, with a version so a new upload is never hidden by a cache; null without one. */
  photoUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BioDto = z.infer<typeof bioSchema>;

const optionalText = (max: number, field: string, kind: 'line' | 'multiline' = 'line') =>
  textInput(field, kind).trim().max(max, `${field} must be at most ${max} characters`);

export const bioFieldsSchema = z.object({
  headline: optionalText(BIO_LIMITS.headline, 'Headline').optional(),
  about: optionalText(BIO_LIMITS.about, 'About', 'multiline').optional(),
  position: optionalText(BIO_LIMITS.position, 'Position').nullable().optional(),
  hometown: optionalText(BIO_LIMITS.hometown, 'Hometown').nullable().optional(),
  yearsOfService: z
    .number({ error: `Years of service must be a whole number from 0 to ${BIO_LIMITS.yearsOfService}` })
    .int(`Years of service must be a whole number from 0 to ${BIO_LIMITS.yearsOfService}`)
    .min(0, `Years of service must be a whole number from 0 to ${BIO_LIMITS.yearsOfService}`)
    .max(BIO_LIMITS.yearsOfService, `Years of service must be a whole number from 0 to ${BIO_LIMITS.yearsOfService}`)
    .nullable()
    .optional(),
});

/** POST /users/bios: userId defaults to the caller; only an admin may write someone else's. */
export const bioCreateBodySchema = bioFieldsSchema
  .extend({ userId: z.number({ error: 'userId must be a user id' }).int().positive().max(MAX_ID).optional() })
  .strict();
export type BioCreateBody = z.infer<typeof bioCreateBodySchema>;
export const bioUpdateBodySchema = bioFieldsSchema.strict();
export type BioUpdateBody = z.infer<typeof bioUpdateBodySchema>;

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PHOTO_FIELD = 'profilePhoto';

// ---------- departments (portal) ----------

export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  province: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  deletedAt: z.iso.datetime().nullable(),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DepartmentDto = z.infer<typeof departmentSchema>;
export const departmentPageSchema = pageOf(departmentSchema);
export type DepartmentPage = z.infer<typeof departmentPageSchema>;

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

const nullableText = (max: number, field: string) =>
  textInput(field)
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const departmentBodySchema = z
  .object({
    name: textInput('Name', 'name', 'Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(120, 'Name must be at most 120 characters'),
    city: textInput('City', 'line', 'City is required')
      .trim()
      .min(1, 'City is required')
      .max(80, 'City must be at most 80 characters'),
    province: z.enum(PROVINCES, { error: `Province must be one of ${PROVINCES.join(', ')}` }),
    address: nullableText(200, 'Address'),
    phone: nullableText(40, 'Phone'),
    email: z
      .union([z.literal(''), z.email(MESSAGES.emailInvalid).max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)], {
        error: MESSAGES.emailInvalid,
      })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    website: z
      .union(
        [
          z.literal(''),
          z.url({ protocol: /^https?$/, error: 'Website must be an http:// or https:// address' }).max(200),
        ],
        {
          error: 'Website must be an http:// or https:// address',
        },
      )
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .strict();
export type DepartmentBody = z.input<typeof departmentBodySchema>;
export const departmentUpdateBodySchema = departmentBodySchema.partial().strict();
export type DepartmentUpdateBody = z.input<typeof departmentUpdateBodySchema>;

/** GET /departments and /departments/filter. `deleted=true` lists the soft-deleted ones (admins only). */
export const departmentListQuerySchema = pageQuerySchema.extend({
  isActive: booleanQuery('isActive').optional(),
  deleted: booleanQuery('deleted').optional(),
  query: searchText.optional(),
});
export type DepartmentListQuery = z.infer<typeof departmentListQuerySchema>;
export const departmentSearchQuerySchema = pageQuerySchema.extend({ query: searchText });
