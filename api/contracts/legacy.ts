import { z } from 'zod';
import { INVOICE_STATUSES } from '../domain/legacy/invoices.ts';
import { booleanQuery, pageOf, pageQuery, searchQueryInput, textInput } from './common.ts';

export { INVOICE_STATUSES };

/**
 * The legacy billing area (docs/legacy-billing.md, decisions 037 and 038). Ids are the old system's
 * BIGINTs, as strings (they pass 2^53); money is a decimal string with two places ("1234.50"), never a
 * float; dates are 'YYYY-MM-DD' and date-times ISO 8601 in UTC, null when missing or a legacy zero date.
 */

/** 2^63 - 1, the largest BIGINT, as text: compared as text, never converted. */
const MAX_BIGINT_TEXT = '9223372036854775807';
const idMessage = (name: string) => `${name} must be a positive whole number (at most 19 digits)`;

/**
 * A legacy BIGINT id in a path or query: digits only, 1 to 2^63-1, kept as a string. Zod runs a refine
 * even after the regex failed, so the regex aborts and the refine cannot throw on any text (decision 072).
 */
export const legacyId = (name = 'id') =>
  z
    .string({ message: idMessage(name) })
    .regex(/^[1-9]\d{0,18}$/, { message: idMessage(name), abort: true })
    .refine((v) => v.length < MAX_BIGINT_TEXT.length || v <= MAX_BIGINT_TEXT, idMessage(name));

const yearMessage = 'year must be a year from 1900 to 2200';
/** A year in a path or query. */
export const legacyYear = z
  .string({ message: yearMessage })
  .regex(/^\d{4}$/, yearMessage)
  .transform(Number)
  .pipe(z.number().int().min(1900, yearMessage).max(2200, yearMessage));

export const legacyIdParams = z.object({ id: legacyId() });
export const legacyUserIdParams = z.object({ userId: legacyId('userId') });
export const legacyEventIdParams = z.object({ eventId: legacyId('eventId') });
export const legacyYearParams = z.object({ year: legacyYear });

export const moneySchema = z.string().describe('A decimal amount with two places, e.g. "1234.50"');
const dateSchema = z.string().nullable().describe("'YYYY-MM-DD', or null when missing or a legacy zero date");
const dateTimeSchema = z.string().nullable().describe('ISO 8601 in UTC, or null when missing');

export const PAYMENT_STATES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const PAYMENT_METHODS = ['card', 'cheque', 'transfer', 'cash', 'credit'] as const;
export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;

export const legacyPageQuery = pageQuery({ maxLimit: 500, defaultLimit: 25 });

// ---------- invoices ----------

export const legacyInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  year: z.number().int(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  eventId: z.string().nullable(),
  eventName: z.string().nullable(),
  issuedOn: dateSchema,
  dueOn: dateSchema,
  status: z.string(),
  currency: z.string(),
  subtotal: moneySchema,
  taxTotal: moneySchema,
  total: moneySchema,
  amountPaid: moneySchema,
  cancelsInvoiceId: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  updatedAt: dateTimeSchema,
});
export type LegacyInvoice = z.infer<typeof legacyInvoiceSchema>;
export const legacyInvoicePageSchema = pageOf(legacyInvoiceSchema);

export const legacyInvoiceLineSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: moneySchema,
  taxRate: z.string(),
  lineTotal: moneySchema,
  taxAmount: moneySchema,
  version: z.number().int(),
});
export type LegacyInvoiceLine = z.infer<typeof legacyInvoiceLineSchema>;
export const legacyInvoiceLinePageSchema = pageOf(legacyInvoiceLineSchema);

export const legacyAllocationSchema = z.object({
  paymentId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  amount: moneySchema,
  method: z.string().nullable(),
  state: z.string().nullable(),
  paidOn: dateSchema,
  isDeleted: z.boolean(),
});

export const legacyInvoiceDetailSchema = legacyInvoiceSchema.extend({
  lines: z.array(legacyInvoiceLineSchema),
  payments: z.array(legacyAllocationSchema),
});
export type LegacyInvoiceDetail = z.infer<typeof legacyInvoiceDetailSchema>;

export const legacyYearCountSchema = z.object({ year: z.number().int(), count: z.number().int(), total: moneySchema });
export const legacyYearsSchema = z.object({ data: z.array(legacyYearCountSchema) });

export const legacyInvoiceListQuery = legacyPageQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
});

export const legacyInvoiceFilterQuery = legacyInvoiceListQuery.extend({
  year: legacyYear.optional(),
  userId: legacyId('userId').optional(),
  eventId: legacyId('eventId').optional(),
  /** Part of the invoice number. */
  number: searchQueryInput(30, 'number').optional(),
  /** Part of the e-mail address of the invoice's user. */
  email: searchQueryInput(254, 'email').optional(),
});
export type LegacyInvoiceFilter = z.infer<typeof legacyInvoiceFilterQuery>;

export const legacyInvoiceTotalsQuery = z.object({ year: legacyYear.optional() });
export const legacyTotalsRowSchema = z.object({
  count: z.number().int(),
  subtotal: moneySchema,
  taxTotal: moneySchema,
  total: moneySchema,
});
export const legacyInvoiceTotalsSchema = z.object({
  byYear: z.array(legacyTotalsRowSchema.extend({ year: z.number().int() })),
  byStatus: z.array(legacyTotalsRowSchema.extend({ status: z.string() })),
  overall: legacyTotalsRowSchema,
});
export type LegacyInvoiceTotals = z.infer<typeof legacyInvoiceTotalsSchema>;

export const legacyInvoiceLinesQuery = legacyPageQuery.extend({ invoiceId: legacyId('invoiceId') });

// ---------- corrections (decision 038) ----------

const decimalMessage = (label: string, places: number) =>
  `${label} must be a decimal number as text with at most ${places} decimal places, e.g. "12.50"`;
/** A decimal typed as text (never a float); `signed` allows a minus sign. */
const decimalInput = (label: string, digits: number, places: number, signed = false) =>
  z
    .string({ message: decimalMessage(label, places) })
    .trim()
    .regex(new RegExp(`^${signed ? '-?' : ''}\\d{1,${digits}}(\\.\\d{1,${places}})?$`), decimalMessage(label, places));

const expectedVersion = z
  .number({ message: 'expectedVersion must be the version the row was read at' })
  .int('expectedVersion must be a whole number')
  .min(1, 'expectedVersion must be at least 1');
const reason = textInput('reason', 'multiline')
  .trim()
  .min(3, 'reason must say why, in at least 3 characters')
  .max(500, 'reason must be at most 500 characters');
const notes = textInput('notes', 'multiline').trim().max(2000, 'notes must be at most 2000 characters').nullable();

function atLeastOneChange<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (body) => Object.keys(body).some((k) => k !== 'expectedVersion' && k !== 'reason'),
    'the body must change at least one field',
  );
}

export const legacyInvoicePatchSchema = atLeastOneChange(
  z.strictObject({
    expectedVersion,
    reason,
    status: z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
    dueOn: z.iso.date('dueOn must be a date YYYY-MM-DD').nullable().optional(),
    notes: notes.optional(),
  }),
);
export type LegacyInvoicePatch = z.infer<typeof legacyInvoicePatchSchema>;

export const legacyInvoiceLinePatchSchema = atLeastOneChange(
  z.strictObject({
    expectedVersion,
    reason,
    description: textInput('description')
      .trim()
      .min(1, 'description must not be empty')
      .max(255, 'description must be at most 255 characters')
      .optional(),
    quantity: decimalInput('quantity', 8, 2).optional(),
    unitPrice: decimalInput('unitPrice', 10, 2, true).optional(),
    taxRate: decimalInput('taxRate', 2, 2).optional(),
  }),
);
export type LegacyInvoiceLinePatch = z.infer<typeof legacyInvoiceLinePatchSchema>;

export const legacyPaymentPatchSchema = atLeastOneChange(
  z.strictObject({
    expectedVersion,
    reason,
    state: z.enum(PAYMENT_STATES, { error: `state must be one of ${PAYMENT_STATES.join(', ')}` }).optional(),
    amount: decimalInput('amount', 10, 2).optional(),
    method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
    reference: textInput('reference').trim().max(100, 'reference must be at most 100 characters').optional(),
    notes: notes.optional(),
    isDeleted: z.boolean({ message: 'isDeleted must be true or false' }).optional(),
  }),
);
export type LegacyPaymentPatch = z.infer<typeof legacyPaymentPatchSchema>;

export const legacyAuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(['invoice', 'invoice_line', 'payment']),
  entityId: z.string(),
  invoiceId: z.string().nullable(),
  source: z.enum(['embedded', 'mysql']),
  actorId: z.number().int(),
  actorName: z.string(),
  at: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string(),
});
export type LegacyAuditEntry = z.infer<typeof legacyAuditEntrySchema>;
export const legacyAuditPageSchema = pageOf(legacyAuditEntrySchema);
export const legacyAuditQuery = legacyPageQuery.extend({
  entity: z
    .enum(['invoice', 'invoice_line', 'payment'], { error: 'entity must be invoice, invoice_line or payment' })
    .optional(),
  entityId: legacyId('entityId').optional(),
  invoiceId: legacyId('invoiceId').optional(),
});

// ---------- payments ----------

export const legacyPaymentSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  amount: moneySchema,
  method: z.string(),
  reference: z.string(),
  state: z.string(),
  paidOn: dateSchema,
  notes: z.string().nullable(),
  isDeleted: z.boolean(),
  deletedAt: dateTimeSchema,
  version: z.number().int(),
});
export type LegacyPayment = z.infer<typeof legacyPaymentSchema>;
export const legacyPaymentPageSchema = pageOf(legacyPaymentSchema);
export const legacyPaymentDetailSchema = legacyPaymentSchema.extend({ allocations: z.array(legacyAllocationSchema) });
export type LegacyPaymentDetail = z.infer<typeof legacyPaymentDetailSchema>;

export const legacyPaymentListQuery = legacyPageQuery.extend({ showDeleted: booleanQuery('showDeleted').optional() });
export const legacyPaymentFilterQuery = legacyPaymentListQuery.extend({
  year: legacyYear.optional(),
  userId: legacyId('userId').optional(),
  invoiceId: legacyId('invoiceId').optional(),
  state: z.enum(PAYMENT_STATES, { error: `state must be one of ${PAYMENT_STATES.join(', ')}` }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
  reference: searchQueryInput(100, 'reference').optional(),
});
export type LegacyPaymentFilter = z.infer<typeof legacyPaymentFilterQuery>;

// ---------- payment codes ----------

export const legacyPaymentCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  year: z.number().int(),
  discountType: z.string(),
  discountValue: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  validFrom: dateSchema,
  validUntil: dateSchema,
  description: z.string(),
});
export type LegacyPaymentCode = z.infer<typeof legacyPaymentCodeSchema>;
export const legacyPaymentCodePageSchema = pageOf(legacyPaymentCodeSchema);
export const legacyYearListSchema = z.object({
  data: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
});

export const PAYMENT_CODE_STATES = ['valid', 'not_yet_valid', 'expired', 'used_up', 'unknown'] as const;
export const legacyCodeParams = z.object({
  code: textInput('code')
    .trim()
    .min(1, 'code must not be empty')
    .max(40, 'code must be at most 40 characters')
    .transform((v) => v.toUpperCase()),
});
export const legacyCodeValidateQuery = z.object({
  year: legacyYear.optional(),
  on: z.iso.date('on must be a date YYYY-MM-DD').optional(),
});
export const legacyCodeValidationSchema = z.object({
  code: z.string(),
  state: z.enum(PAYMENT_CODE_STATES),
  reason: z.string(),
  paymentCode: legacyPaymentCodeSchema.nullable(),
});
export type LegacyCodeValidation = z.infer<typeof legacyCodeValidationSchema>;

// ---------- credits ----------

export const legacyCreditTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amount: moneySchema,
  kind: z.string(),
  description: z.string(),
  invoiceId: z.string().nullable(),
  createdAt: dateTimeSchema,
});
export type LegacyCreditTransaction = z.infer<typeof legacyCreditTransactionSchema>;
export const legacyCreditLedgerSchema = pageOf(legacyCreditTransactionSchema).extend({
  userId: z.string(),
  balance: moneySchema,
});
export type LegacyCreditLedger = z.infer<typeof legacyCreditLedgerSchema>;

// ---------- users ----------

export const legacyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  joinedYear: z.number().int(),
  isActive: z.boolean(),
  createdAt: dateTimeSchema,
  lastLoginAt: dateTimeSchema,
});
export type LegacyUser = z.infer<typeof legacyUserSchema>;
export const legacyUserPageSchema = pageOf(legacyUserSchema);
export const legacyEmailParams = z.object({
  email: textInput('email')
    .trim()
    .min(3, 'email must be an e-mail address')
    .max(254, 'email must be at most 254 characters'),
});
export const legacyTermParams = z.object({
  term: searchQueryInput(100, 'term').min(1, 'term must not be empty'),
});
export const legacyUserFilterQuery = legacyPageQuery.extend({
  joinedYear: legacyYear.optional(),
  active: booleanQuery('active').optional(),
  query: searchQueryInput(100).optional(),
});
export type LegacyUserFilter = z.infer<typeof legacyUserFilterQuery>;

export const legacyActivitySchema = z.object({
  id: z.string(),
  userId: z.string(),
  occurredAt: dateTimeSchema,
  action: z.string(),
  detail: z.string(),
});
export const legacyActivityPageSchema = pageOf(legacyActivitySchema);

export const legacyOverviewSchema = z.object({
  users: z.number().int(),
  activeUsers: z.number().int(),
  invoices: z.number().int(),
  revenue: moneySchema,
  payments: moneySchema,
  creditBalance: moneySchema,
  byYear: z.array(
    z.object({
      year: z.number().int(),
      newUsers: z.number().int(),
      invoices: z.number().int(),
      revenue: moneySchema,
      payments: moneySchema,
      registrations: z.number().int(),
    }),
  ),
});
export type LegacyOverview = z.infer<typeof legacyOverviewSchema>;

// ---------- registrations and events ----------

export const legacyRegistrationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  eventId: z.string(),
  eventName: z.string().nullable(),
  year: z.number().int(),
  category: z.string(),
  status: z.string(),
  registeredAt: dateTimeSchema,
  invoiceId: z.string().nullable(),
});
export type LegacyRegistration = z.infer<typeof legacyRegistrationSchema>;
export const legacyRegistrationPageSchema = pageOf(legacyRegistrationSchema);
export const legacyRegistrationFilterQuery = legacyPageQuery.extend({
  year: legacyYear.optional(),
  eventId: legacyId('eventId').optional(),
  userId: legacyId('userId').optional(),
  status: z
    .enum(REGISTRATION_STATUSES, { error: `status must be one of ${REGISTRATION_STATUSES.join(', ')}` })
    .optional(),
});
export type LegacyRegistrationFilter = z.infer<typeof legacyRegistrationFilterQuery>;

export const legacyEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  eventDate: dateSchema,
  city: z.string(),
  registrations: z.number().int(),
});
export type LegacyEvent = z.infer<typeof legacyEventSchema>;
export const legacyEventPageSchema = pageOf(legacyEventSchema);
export const legacyEventsQuery = legacyPageQuery.extend({ year: legacyYear.optional() });

// ---------- connection ----------

export const legacyConnectionSchema = z.object({
  source: z.enum(['embedded', 'mysql']),
  reachable: z.boolean(),
  serverVersion: z.string().nullable(),
  roundTripMs: z.number().nullable(),
  message: z.string(),
});
export type LegacyConnection = z.infer<typeof legacyConnectionSchema>;
