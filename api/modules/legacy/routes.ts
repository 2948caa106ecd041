import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import {
  legacyActivityPageSchema,
  legacyAuditPageSchema,
  legacyAuditQuery,
  legacyCodeParams,
  legacyCodeValidateQuery,
  legacyCodeValidationSchema,
  legacyConnectionSchema,
  legacyCreditLedgerSchema,
  legacyCreditTransactionSchema,
  legacyEmailParams,
  legacyEventIdParams,
  legacyEventPageSchema,
  legacyEventsQuery,
  legacyIdParams,
  legacyInvoiceDetailSchema,
  legacyInvoiceFilterQuery,
  legacyInvoiceLinePageSchema,
  legacyInvoiceLinePatchSchema,
  legacyInvoiceLineSchema,
  legacyInvoiceLinesQuery,
  legacyInvoiceListQuery,
  legacyInvoicePageSchema,
  legacyInvoicePatchSchema,
  legacyInvoiceSchema,
  legacyInvoiceTotalsQuery,
  legacyInvoiceTotalsSchema,
  legacyOverviewSchema,
  legacyPageQuery,
  legacyPaymentCodePageSchema,
  legacyPaymentCodeSchema,
  legacyPaymentDetailSchema,
  legacyPaymentFilterQuery,
  legacyPaymentListQuery,
  legacyPaymentPageSchema,
  legacyPaymentPatchSchema,
  legacyPaymentSchema,
  legacyRegistrationFilterQuery,
  legacyRegistrationPageSchema,
  legacyRegistrationSchema,
  legacyTermParams,
  legacyUserFilterQuery,
  legacyUserIdParams,
  legacyUserPageSchema,
  legacyUserSchema,
  legacyYearListSchema,
  legacyYearParams,
  legacyYearsSchema,
} from '../../contracts/legacy.ts';
import { todayIn } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import { signedInRoutes } from '../route-options.ts';
import { pageOfAudit } from './queries/audit.ts';
import { creditLedger, creditTransactionById } from './queries/credits.ts';
import { pageOfEvents } from './queries/events.ts';
import { linesOfInvoice } from './queries/invoice-lines.ts';
import { invoiceById, invoiceDetail, invoiceTotals, invoiceYears, pageOfInvoices } from './queries/invoices.ts';
import { overview } from './queries/overview.ts';
import { pageOfPaymentCodes, paymentCodeById, paymentCodeYears, validatePaymentCode } from './queries/payment-codes.ts';
import { pageOfPayments, paymentDetail, paymentYears } from './queries/payments.ts';
import { pageOfRegistrations, registrationById, registrationYears } from './queries/registrations.ts';
import { pageOfActivity, pageOfUsers, userByEmail, userById, userYears } from './queries/users.ts';
import { legacyCall, patchInvoice, patchInvoiceLine, patchPayment } from './service.ts';

const route = signedInRoutes(['legacy']);
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
/** An admin's read: the answer's schema and the errors every legacy read may answer with. */
const read = <S extends FastifySchema>(summary: string, schema: S, answer: z.ZodType) =>
  route('admin', { summary, ...schema, response: { 200: answer, ...errors } });
/** A super-admin's correction (docs/decisions/038). */
const write = <S extends FastifySchema>(summary: string, schema: S, answer: z.ZodType) =>
  route('super-admin', {
    summary,
    ...schema,
    response: { 200: answer, ...errors, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema },
  });

// A list's query string is both its filter and its page (pageOf reads only page and limit).

const found =
  <T>(what: string, code: string) =>
  (value: T | undefined): T => {
    if (value === undefined) throw notFound(what, code);
    return value;
  };

/**
 * The legacy billing area under /api/legacy (docs/legacy-billing.md): admins read, super-admins correct.
 * Every call goes to the legacy source (app.legacy) through legacyCall: a legacy database that is down
 * answers 503 LEGACY_UNAVAILABLE there and nowhere else.
 */
export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.legacy.db;
  const base = '/api/legacy';

  app.get(
    `${base}/test-mysql`,
    read(
      'Whether the legacy source answers: which it is, its server version and the round trip (3 s at most)',
      {},
      legacyConnectionSchema,
    ),
    async () => {
      const ping = await app.legacy.ping(3000);
      return ping.reachable
        ? {
            source: app.legacy.kind,
            reachable: true,
            serverVersion: ping.serverVersion,
            roundTripMs: ping.roundTripMs,
            message: `The ${app.legacy.kind === 'mysql' ? 'MySQL/MariaDB' : 'embedded'} legacy database answers.`,
          }
        : {
            source: app.legacy.kind,
            reachable: false,
            serverVersion: null,
            roundTripMs: null,
            message: `The legacy database does not answer: ${ping.message}`,
          };
    },
  );

  // ---------- invoices ----------
  app.get(`${base}/invoices/years`, read('Years with invoices: count and total', {}, legacyYearsSchema), () =>
    legacyCall(() => invoiceYears(db())),
  );
  app.get(
    `${base}/invoices/totals`,
    read(
      'Invoice totals by year and by status (of one year with ?year=), summed in SQL',
      { querystring: legacyInvoiceTotalsQuery },
      legacyInvoiceTotalsSchema,
    ),
    (request) => legacyCall(() => invoiceTotals(db(), request.query.year)),
  );
  app.get(
    `${base}/invoices/filter`,
    read(
      'Invoices by year, status, user, event, part of the number or of the user e-mail',
      { querystring: legacyInvoiceFilterQuery },
      legacyInvoicePageSchema,
    ),
    (request) => legacyCall(() => pageOfInvoices(db(), request.query, request.query)),
  );
  app.get(
    `${base}/invoices/year/:year`,
    read(
      "A year's invoices, newest first, with ?status=",
      { params: legacyYearParams, querystring: legacyInvoiceListQuery },
      legacyInvoicePageSchema,
    ),
    (request) => {
      const { page, limit, status } = request.query;
      return legacyCall(() => pageOfInvoices(db(), { year: request.params.year, status }, { page, limit }));
    },
  );
  app.get(
    `${base}/invoices/user/:userId`,
    read(
      "A legacy user's invoices",
      { params: legacyUserIdParams, querystring: legacyInvoiceListQuery },
      legacyInvoicePageSchema,
    ),
    (request) => {
      const { page, limit, status } = request.query;
      return legacyCall(() => pageOfInvoices(db(), { userId: request.params.userId, status }, { page, limit }));
    },
  );
  app.get(
    `${base}/invoices/:id`,
    read(
      'An invoice with its lines and the payments that settle it',
      { params: legacyIdParams },
      legacyInvoiceDetailSchema,
    ),
    (request) => legacyCall(() => invoiceDetail(db(), request.params.id)).then(found('Invoice', 'INVOICE_NOT_FOUND')),
  );
  app.get(
    `${base}/invoices/:id/lines`,
    read(
      "An invoice's lines by position",
      { params: legacyIdParams, querystring: legacyPageQuery },
      legacyInvoiceLinePageSchema,
    ),
    async (request) => {
      const { page, limit } = request.query;
      return legacyCall(async () => {
        found('Invoice', 'INVOICE_NOT_FOUND')(await invoiceById(db(), request.params.id));
        return linesOfInvoice(db(), request.params.id, { page, limit });
      });
    },
  );
  app.patch(
    `${base}/invoices/:id`,
    write(
      "Correct an invoice's status, due date or notes, at the version read (409 when it changed), with a reason",
      { params: legacyIdParams, body: legacyInvoicePatchSchema },
      legacyInvoiceSchema,
    ),
    (request) => legacyCall(() => patchInvoice(app.legacy, request.params.id, request.body, request.user.sub)),
  );

  // ---------- invoice lines ----------
  app.get(
    `${base}/invoice-lines`,
    read("An invoice's lines (?invoiceId=)", { querystring: legacyInvoiceLinesQuery }, legacyInvoiceLinePageSchema),
    (request) => {
      const { page, limit, invoiceId } = request.query;
      return legacyCall(() => linesOfInvoice(db(), invoiceId, { page, limit }));
    },
  );
  app.patch(
    `${base}/invoice-lines/:id`,
    write(
      "Correct a line's description, quantity, unit price or tax rate; the invoice's totals follow in the same transaction",
      { params: legacyIdParams, body: legacyInvoiceLinePatchSchema },
      z.object({ line: legacyInvoiceLineSchema, invoice: legacyInvoiceSchema }),
    ),
    (request) => legacyCall(() => patchInvoiceLine(app.legacy, request.params.id, request.body, request.user.sub)),
  );

  // ---------- payments ----------
  app.get(`${base}/payments/years`, read('Years with payments: count and total', {}, legacyYearsSchema), () =>
    legacyCall(() => paymentYears(db())),
  );
  app.get(
    `${base}/payments/filter`,
    read(
      'Payments by year, user, invoice, state, method or part of the reference; ?showDeleted=true adds the deleted',
      { querystring: legacyPaymentFilterQuery },
      legacyPaymentPageSchema,
    ),
    (request) => legacyCall(() => pageOfPayments(db(), request.query, request.query)),
  );
  app.get(
    `${base}/payments/year/:year`,
    read(
      "A year's payments; ?showDeleted=true adds the soft-deleted ones",
      { params: legacyYearParams, querystring: legacyPaymentListQuery },
      legacyPaymentPageSchema,
    ),
    (request) => {
      const { page, limit, showDeleted } = request.query;
      return legacyCall(() => pageOfPayments(db(), { year: request.params.year, showDeleted }, { page, limit }));
    },
  );
  app.get(
    `${base}/payments/user/:userId`,
    read(
      "A legacy user's payments",
      { params: legacyUserIdParams, querystring: legacyPaymentListQuery },
      legacyPaymentPageSchema,
    ),
    (request) => {
      const { page, limit, showDeleted } = request.query;
      return legacyCall(() => pageOfPayments(db(), { userId: request.params.userId, showDeleted }, { page, limit }));
    },
  );
  app.get(
    `${base}/payments/:id`,
    read('A payment with the invoices it settles', { params: legacyIdParams }, legacyPaymentDetailSchema),
    (request) => legacyCall(() => paymentDetail(db(), request.params.id)).then(found('Payment', 'PAYMENT_NOT_FOUND')),
  );
  app.patch(
    `${base}/payments/:id`,
    write(
      "Correct a payment's state, amount, method, reference or notes, or (un)delete it, at the version read",
      { params: legacyIdParams, body: legacyPaymentPatchSchema },
      legacyPaymentSchema,
    ),
    (request) => legacyCall(() => patchPayment(app.legacy, request.params.id, request.body, request.user.sub)),
  );

  // ---------- payment codes ----------
  app.get(`${base}/payment-codes/years`, read('Years with payment codes', {}, legacyYearListSchema), () =>
    legacyCall(() => paymentCodeYears(db())),
  );
  app.get(
    `${base}/payment-codes/year/:year`,
    read(
      "A year's payment codes",
      { params: legacyYearParams, querystring: legacyPageQuery },
      legacyPaymentCodePageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfPaymentCodes(db(), request.params.year, { page, limit }));
    },
  );
  app.get(
    `${base}/payment-codes/validate/:code`,
    read(
      'Whether a code may be used today (or ?on=): valid, not yet valid, expired, used up or unknown, with the reason',
      { params: legacyCodeParams, querystring: legacyCodeValidateQuery },
      legacyCodeValidationSchema,
    ),
    (request) =>
      legacyCall(() =>
        validatePaymentCode(db(), request.params.code, {
          year: request.query.year,
          on: request.query.on ?? todayIn(app.config.siteTimeZone),
        }),
      ),
  );
  app.get(
    `${base}/payment-codes/:id`,
    read('A payment code', { params: legacyIdParams }, legacyPaymentCodeSchema),
    (request) =>
      legacyCall(() => paymentCodeById(db(), request.params.id)).then(found('Payment code', 'PAYMENT_CODE_NOT_FOUND')),
  );

  // ---------- credits ----------
  app.get(
    `${base}/credits/user/:id`,
    read(
      "A user's credit ledger, newest first, and its balance (the sum of the signed amounts)",
      { params: legacyIdParams, querystring: legacyPageQuery },
      legacyCreditLedgerSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => creditLedger(db(), request.params.id, { page, limit }));
    },
  );
  app.get(
    `${base}/credits/transactions/:id`,
    read('One credit transaction', { params: legacyIdParams }, legacyCreditTransactionSchema),
    (request) =>
      legacyCall(() => creditTransactionById(db(), request.params.id)).then(
        found('Credit transaction', 'CREDIT_TRANSACTION_NOT_FOUND'),
      ),
  );

  // ---------- users ----------
  app.get(`${base}/users/years`, read('Years legacy users joined in, with counts', {}, legacyYearListSchema), () =>
    legacyCall(() => userYears(db())),
  );
  app.get(
    `${base}/users/stats/overview`,
    read('Totals and figures per year for the overview charts', {}, legacyOverviewSchema),
    () => legacyCall(() => overview(db())),
  );
  app.get(
    `${base}/users/filter`,
    read('Legacy users by joined year, active, or text', { querystring: legacyUserFilterQuery }, legacyUserPageSchema),
    (request) => legacyCall(() => pageOfUsers(db(), request.query, request.query)),
  );
  app.get(
    `${base}/users/year/:year`,
    read(
      'Legacy users who joined in a year',
      { params: legacyYearParams, querystring: legacyPageQuery },
      legacyUserPageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfUsers(db(), { joinedYear: request.params.year }, { page, limit }));
    },
  );
  app.get(
    `${base}/users/email/:email`,
    read('The legacy user with an e-mail address (any case)', { params: legacyEmailParams }, legacyUserSchema),
    (request) =>
      legacyCall(() => userByEmail(db(), request.params.email)).then(found('Legacy user', 'LEGACY_USER_NOT_FOUND')),
  );
  app.get(
    `${base}/users/search/:term`,
    read(
      'Legacy users whose e-mail or name contains the term',
      { params: legacyTermParams, querystring: legacyPageQuery },
      legacyUserPageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfUsers(db(), { query: request.params.term }, { page, limit }));
    },
  );
  app.get(
    `${base}/users/:id/activity`,
    read(
      "A legacy user's activity, newest first",
      { params: legacyIdParams, querystring: legacyPageQuery },
      legacyActivityPageSchema,
    ),
    async (request) => {
      const { page, limit } = request.query;
      return legacyCall(async () => {
        found('Legacy user', 'LEGACY_USER_NOT_FOUND')(await userById(db(), request.params.id));
        return pageOfActivity(db(), request.params.id, { page, limit });
      });
    },
  );
  app.get(`${base}/users/:id`, read('A legacy user', { params: legacyIdParams }, legacyUserSchema), (request) =>
    legacyCall(() => userById(db(), request.params.id)).then(found('Legacy user', 'LEGACY_USER_NOT_FOUND')),
  );

  // ---------- registrations ----------
  app.get(`${base}/registrations/years`, read('Years with legacy registrations', {}, legacyYearListSchema), () =>
    legacyCall(() => registrationYears(db())),
  );
  app.get(
    `${base}/registrations/filter`,
    read(
      'Legacy registrations by year, event, user or status',
      { querystring: legacyRegistrationFilterQuery },
      legacyRegistrationPageSchema,
    ),
    (request) => legacyCall(() => pageOfRegistrations(db(), request.query, request.query)),
  );
  app.get(
    `${base}/registrations/year/:year`,
    read(
      "A year's legacy registrations",
      { params: legacyYearParams, querystring: legacyPageQuery },
      legacyRegistrationPageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfRegistrations(db(), { year: request.params.year }, { page, limit }));
    },
  );
  app.get(
    `${base}/registrations/user/:userId`,
    read(
      "A legacy user's registrations",
      { params: legacyUserIdParams, querystring: legacyPageQuery },
      legacyRegistrationPageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfRegistrations(db(), { userId: request.params.userId }, { page, limit }));
    },
  );
  app.get(
    `${base}/registrations/event/:eventId`,
    read(
      "A legacy event's registrations",
      { params: legacyEventIdParams, querystring: legacyPageQuery },
      legacyRegistrationPageSchema,
    ),
    (request) => {
      const { page, limit } = request.query;
      return legacyCall(() => pageOfRegistrations(db(), { eventId: request.params.eventId }, { page, limit }));
    },
  );
  app.get(
    `${base}/registrations/:id`,
    read('A legacy registration', { params: legacyIdParams }, legacyRegistrationSchema),
    (request) =>
      legacyCall(() => registrationById(db(), request.params.id)).then(
        found('Legacy registration', 'LEGACY_REGISTRATION_NOT_FOUND'),
      ),
  );

  // ---------- events ----------
  app.get(
    `${base}/events`,
    read(
      'Legacy events, newest year first, with their registration counts',
      { querystring: legacyEventsQuery },
      legacyEventPageSchema,
    ),
    (request) => {
      const { page, limit, year } = request.query;
      return legacyCall(() => pageOfEvents(db(), year, { page, limit }));
    },
  );

  // ---------- the audit trail (main database) ----------
  app.get(
    `${base}/audit`,
    read(
      'Corrections made to legacy rows: who, when, before, after and why (?entity=&entityId=, ?invoiceId=)',
      { querystring: legacyAuditQuery },
      legacyAuditPageSchema,
    ),
    (request) => pageOfAudit(app.db, request.query, request.query),
  );
};
