import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  LegacyAuditEntry,
  LegacyCodeValidation,
  LegacyCreditLedger,
  LegacyCreditTransaction,
  LegacyEvent,
  LegacyInvoice,
  LegacyInvoiceDetail,
  LegacyInvoiceFilter,
  LegacyInvoiceLine,
  LegacyInvoiceTotals,
  LegacyOverview,
  LegacyPayment,
  LegacyPaymentCode,
  LegacyPaymentDetail,
  LegacyPaymentFilter,
  LegacyRegistration,
  LegacyRegistrationFilter,
  LegacyUser,
  LegacyUserFilter,
} from '../../contracts/legacy.ts';
import type { LegacyDatabase } from '../../db/legacy-schema.ts';
import {
  asText,
  count,
  dateOnly,
  dateTime,
  decimal,
  exprText,
  flag,
  id,
  money,
  nullableId,
  sumText,
} from '../../db/legacy-values.ts';
import { containsPattern } from '../../db/like.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The reads of the legacy billing area (docs/legacy-billing.md), written once for both sources: the
 * `legacy` schema of PostgreSQL and MySQL/MariaDB (docs/decisions/037). Only portable SQL: lower() with
 * LIKE for searches, concat for text, coalesce(sum()) for totals, LIMIT/OFFSET for pages.
 */

type LegacyDb = Kysely<LegacyDatabase>;
export interface Paging {
  page: number;
  limit: number;
}
export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; perPage: number };
}

/** Case-insensitive "contains" on both dialects (lower() on both sides; the wildcards escaped). */
const containsIgnoringCase = (ref: string, text: string) =>
  sql<boolean>`lower(${sql.ref(ref)}) like ${containsPattern(text.toLowerCase())}`;

async function pageOf<R, T>(
  query: SelectQueryBuilder<LegacyDatabase, any, any>,
  select: (q: SelectQueryBuilder<LegacyDatabase, any, any>) => SelectQueryBuilder<LegacyDatabase, any, R>,
  toDto: (row: R) => T,
  { page, limit }: Paging,
): Promise<Page<T>> {
  const [totalRow, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    select(query)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return { data: rows.map(toDto), meta: { total: count((totalRow as { n?: unknown })?.n), page, perPage: limit } };
}

// ---------- invoices ----------

function invoicesFrom(db: LegacyDb) {
  return db
    .selectFrom('invoices as i')
    .leftJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('events as e', 'e.id', 'i.event_id');
}

function selectInvoice(q: ReturnType<typeof invoicesFrom>) {
  return q.select([
    asText('i.id').as('id'),
    'i.number',
    'i.year',
    asText('i.user_id').as('user_id'),
    'u.email as user_email',
    'u.first_name',
    'u.last_name',
    asText('i.event_id').as('event_id'),
    'e.name as event_name',
    asText('i.issued_on').as('issued_on'),
    asText('i.due_on').as('due_on'),
    'i.status',
    'i.currency',
    asText('i.subtotal').as('subtotal'),
    asText('i.tax_total').as('tax_total'),
    asText('i.total').as('total'),
    (eb) =>
      eb
        .selectFrom('payment_allocations as pa')
        .innerJoin('payments as pp', 'pp.id', 'pa.payment_id')
        .select(sumText('pa.amount').as('paid'))
        .whereRef('pa.invoice_id', '=', 'i.id')
        .where('pp.is_deleted', '=', sql.lit(false))
        .where('pp.state', '=', 'completed')
        .as('amount_paid'),
    asText('i.cancels_invoice_id').as('cancels_invoice_id'),
    'i.notes',
    'i.version',
    asText('i.updated_at').as('updated_at'),
  ]);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoice>['executeTakeFirstOrThrow']>>;

function toInvoice(r: InvoiceRow): LegacyInvoice {
  return {
    id: id(r.id),
    number: r.number,
    year: Number(r.year),
    userId: id(r.user_id),
    userEmail: r.user_email ?? null,
    userName:
      r.first_name === null || r.first_name === undefined ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    eventId: nullableId(r.event_id),
    eventName: r.event_name ?? null,
    issuedOn: dateOnly(r.issued_on),
    dueOn: dateOnly(r.due_on),
    status: r.status,
    currency: r.currency,
    subtotal: money(r.subtotal),
    taxTotal: money(r.tax_total),
    total: money(r.total),
    amountPaid: money(r.amount_paid),
    cancelsInvoiceId: nullableId(r.cancels_invoice_id),
    notes: r.notes ?? null,
    version: Number(r.version),
    updatedAt: dateTime(r.updated_at),
  };
}

export async function invoiceYears(db: LegacyDb) {
  const rows = await db
    .selectFrom('invoices as i')
    .select(['i.year', (eb) => eb.fn.countAll().as('n'), sumText('i.total').as('total')])
    .groupBy('i.year')
    .orderBy('i.year', 'desc')
    .execute();
  return { data: rows.map((r) => ({ year: Number(r.year), count: count(r.n), total: money(r.total) })) };
}

export function pageOfInvoices(db: LegacyDb, filter: Partial<LegacyInvoiceFilter>, paging: Paging) {
  let q = invoicesFrom(db);
  if (filter.year !== undefined) q = q.where('i.year', '=', filter.year);
  if (filter.status !== undefined) q = q.where('i.status', '=', filter.status);
  if (filter.userId !== undefined) q = q.where('i.user_id', '=', filter.userId);
  if (filter.eventId !== undefined) q = q.where('i.event_id', '=', filter.eventId);
  if (filter.number) q = q.where(containsIgnoringCase('i.number', filter.number));
  if (filter.email) q = q.where(containsIgnoringCase('u.email', filter.email));
  return pageOf(q, (s) => selectInvoice(s).orderBy('i.id', 'desc'), toInvoice, paging);
}

export async function invoiceById(db: LegacyDb, invoiceId: string): Promise<LegacyInvoice | undefined> {
  const row = await selectInvoice(invoicesFrom(db)).where('i.id', '=', invoiceId).executeTakeFirst();
  return row && toInvoice(row);
}

export async function invoiceDetail(db: LegacyDb, invoiceId: string): Promise<LegacyInvoiceDetail | undefined> {
  const invoice = await invoiceById(db, invoiceId);
  if (!invoice) return undefined;
  const [lines, payments] = await Promise.all([
    linesOfInvoice(db, invoiceId, { page: 1, limit: 1000 }),
    allocations(db, 'invoice', invoiceId),
  ]);
  return { ...invoice, lines: lines.data, payments };
}

async function allocations(db: LegacyDb, by: 'invoice' | 'payment', key: string) {
  const rows = await db
    .selectFrom('payment_allocations as pa')
    .leftJoin('payments as p', 'p.id', 'pa.payment_id')
    .leftJoin('invoices as i', 'i.id', 'pa.invoice_id')
    .select([
      asText('pa.payment_id').as('payment_id'),
      asText('pa.invoice_id').as('invoice_id'),
      'i.number',
      asText('pa.amount').as('amount'),
      'p.method',
      'p.state',
      asText('p.paid_on').as('paid_on'),
      'p.is_deleted',
    ])
    .where(by === 'invoice' ? 'pa.invoice_id' : 'pa.payment_id', '=', key)
    .orderBy('pa.payment_id')
    .orderBy('pa.invoice_id')
    .execute();
  return rows.map((r) => ({
    paymentId: id(r.payment_id),
    invoiceId: id(r.invoice_id),
    invoiceNumber: r.number ?? null,
    amount: money(r.amount),
    method: r.method ?? null,
    state: r.state ?? null,
    paidOn: dateOnly(r.paid_on),
    isDeleted: flag(r.is_deleted),
  }));
}

function selectLine(db: LegacyDb) {
  return db
    .selectFrom('invoice_lines as l')
    .select([
      asText('l.id').as('id'),
      asText('l.invoice_id').as('invoice_id'),
      'l.position',
      'l.description',
      asText('l.quantity').as('quantity'),
      asText('l.unit_price').as('unit_price'),
      asText('l.tax_rate').as('tax_rate'),
      asText('l.line_total').as('line_total'),
      asText('l.tax_amount').as('tax_amount'),
      'l.version',
    ]);
}
type LineRow = Awaited<ReturnType<ReturnType<typeof selectLine>['executeTakeFirstOrThrow']>>;

function toLine(r: LineRow): LegacyInvoiceLine {
  return {
    id: id(r.id),
    invoiceId: id(r.invoice_id),
    position: Number(r.position),
    description: r.description,
    quantity: decimal(r.quantity),
    unitPrice: money(r.unit_price),
    taxRate: decimal(r.tax_rate),
    lineTotal: money(r.line_total),
    taxAmount: money(r.tax_amount),
    version: Number(r.version),
  };
}

export function linesOfInvoice(db: LegacyDb, invoiceId: string, paging: Paging) {
  const q = db.selectFrom('invoice_lines as l').where('l.invoice_id', '=', invoiceId);
  return pageOf(
    q,
    () => selectLine(db).where('l.invoice_id', '=', invoiceId).orderBy('l.position').orderBy('l.id'),
    toLine,
    paging,
  );
}

export async function lineById(db: LegacyDb, lineId: string): Promise<LegacyInvoiceLine | undefined> {
  const row = await selectLine(db).where('l.id', '=', lineId).executeTakeFirst();
  return row && toLine(row);
}

export async function invoiceTotals(db: LegacyDb, year?: number): Promise<LegacyInvoiceTotals> {
  const totals = (r: { n: unknown; subtotal: string; tax_total: string; total: string }) => ({
    count: count(r.n),
    subtotal: money(r.subtotal),
    taxTotal: money(r.tax_total),
    total: money(r.total),
  });
  let scoped = db.selectFrom('invoices as i');
  if (year !== undefined) scoped = scoped.where('i.year', '=', year);
  const [byYear, byStatus, overall] = await Promise.all([
    scoped
      .select((eb) => [
        'i.year',
        eb.fn.countAll().as('n'),
        sumText('i.subtotal').as('subtotal'),
        sumText('i.tax_total').as('tax_total'),
        sumText('i.total').as('total'),
      ])
      .groupBy('i.year')
      .orderBy('i.year', 'desc')
      .execute(),
    scoped
      .select((eb) => [
        'i.status',
        eb.fn.countAll().as('n'),
        sumText('i.subtotal').as('subtotal'),
        sumText('i.tax_total').as('tax_total'),
        sumText('i.total').as('total'),
      ])
      .groupBy('i.status')
      .orderBy('i.status')
      .execute(),
    scoped
      .select((eb) => [
        eb.fn.countAll().as('n'),
        sumText('i.subtotal').as('subtotal'),
        sumText('i.tax_total').as('tax_total'),
        sumText('i.total').as('total'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byYear: byYear.map((r) => ({ year: Number(r.year), ...totals(r) })),
    byStatus: byStatus.map((r) => ({ status: r.status, ...totals(r) })),
    overall: totals(overall),
  };
}

// ---------- payments ----------

function paymentsFrom(db: LegacyDb) {
  return db.selectFrom('payments as p').leftJoin('users as u', 'u.id', 'p.user_id');
}

function selectPayment(q: ReturnType<typeof paymentsFrom>) {
  return q.select([
    asText('p.id').as('id'),
    'p.year',
    asText('p.user_id').as('user_id'),
    'u.email as user_email',
    asText('p.amount').as('amount'),
    'p.method',
    'p.reference',
    'p.state',
    asText('p.paid_on').as('paid_on'),
    'p.notes',
    'p.is_deleted',
    asText('p.deleted_at').as('deleted_at'),
    'p.version',
  ]);
}
type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayment>['executeTakeFirstOrThrow']>>;

function toPayment(r: PaymentRow): LegacyPayment {
  return {
    id: id(r.id),
    year: Number(r.year),
    userId: id(r.user_id),
    userEmail: r.user_email ?? null,
    amount: money(r.amount),
    method: r.method,
    reference: r.reference,
    state: r.state,
    paidOn: dateOnly(r.paid_on),
    notes: r.notes ?? null,
    isDeleted: flag(r.is_deleted),
    deletedAt: dateTime(r.deleted_at),
    version: Number(r.version),
  };
}

export async function paymentYears(db: LegacyDb) {
  const rows = await db
    .selectFrom('payments as p')
    .where('p.is_deleted', '=', sql.lit(false))
    .select(['p.year', (eb) => eb.fn.countAll().as('n'), sumText('p.amount').as('total')])
    .groupBy('p.year')
    .orderBy('p.year', 'desc')
    .execute();
  return { data: rows.map((r) => ({ year: Number(r.year), count: count(r.n), total: money(r.total) })) };
}

export function pageOfPayments(db: LegacyDb, filter: Partial<LegacyPaymentFilter>, paging: Paging) {
  let q = paymentsFrom(db);
  if (!filter.showDeleted) q = q.where('p.is_deleted', '=', sql.lit(false));
  if (filter.year !== undefined) q = q.where('p.year', '=', filter.year);
  if (filter.userId !== undefined) q = q.where('p.user_id', '=', filter.userId);
  if (filter.state !== undefined) q = q.where('p.state', '=', filter.state);
  if (filter.method !== undefined) q = q.where('p.method', '=', filter.method);
  if (filter.reference) q = q.where(containsIgnoringCase('p.reference', filter.reference));
  const invoiceId = filter.invoiceId;
  if (invoiceId !== undefined)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('payment_allocations as pa')
          .select('pa.payment_id')
          .whereRef('pa.payment_id', '=', 'p.id')
          .where('pa.invoice_id', '=', invoiceId),
      ),
    );
  return pageOf(q, (s) => selectPayment(s).orderBy('p.id', 'desc'), toPayment, paging);
}

export async function paymentById(db: LegacyDb, paymentId: string): Promise<LegacyPayment | undefined> {
  const row = await selectPayment(paymentsFrom(db)).where('p.id', '=', paymentId).executeTakeFirst();
  return row && toPayment(row);
}

export async function paymentDetail(db: LegacyDb, paymentId: string): Promise<LegacyPaymentDetail | undefined> {
  const payment = await paymentById(db, paymentId);
  return payment && { ...payment, allocations: await allocations(db, 'payment', paymentId) };
}

// ---------- payment codes ----------

function selectCode(db: LegacyDb) {
  return db
    .selectFrom('payment_codes as c')
    .select([
      asText('c.id').as('id'),
      'c.code',
      'c.year',
      'c.discount_type',
      asText('c.discount_value').as('discount_value'),
      'c.max_uses',
      'c.uses',
      asText('c.valid_from').as('valid_from'),
      asText('c.valid_until').as('valid_until'),
      'c.description',
    ]);
}
type CodeRow = Awaited<ReturnType<ReturnType<typeof selectCode>['executeTakeFirstOrThrow']>>;

function toCode(r: CodeRow): LegacyPaymentCode {
  return {
    id: id(r.id),
    code: r.code,
    year: Number(r.year),
    discountType: r.discount_type,
    discountValue: decimal(r.discount_value),
    maxUses: r.max_uses === null ? null : Number(r.max_uses),
    uses: Number(r.uses),
    validFrom: dateOnly(r.valid_from),
    validUntil: dateOnly(r.valid_until),
    description: r.description,
  };
}

export async function paymentCodeYears(db: LegacyDb) {
  const rows = await db
    .selectFrom('payment_codes as c')
    .select(['c.year', (eb) => eb.fn.countAll().as('n')])
    .groupBy('c.year')
    .orderBy('c.year', 'desc')
    .execute();
  return { data: rows.map((r) => ({ year: Number(r.year), count: count(r.n) })) };
}

export function pageOfPaymentCodes(db: LegacyDb, year: number, paging: Paging) {
  const q = db.selectFrom('payment_codes as c').where('c.year', '=', year);
  return pageOf(q, () => selectCode(db).where('c.year', '=', year).orderBy('c.code'), toCode, paging);
}

export async function paymentCodeById(db: LegacyDb, codeId: string): Promise<LegacyPaymentCode | undefined> {
  const row = await selectCode(db).where('c.id', '=', codeId).executeTakeFirst();
  return row && toCode(row);
}

/**
 * Whether a code may be used on `on` (a 'YYYY-MM-DD' day): in `year` when given, else the latest year
 * that has it. Unknown, not yet valid, expired, used up or valid, each with the reason in words.
 */
export async function validatePaymentCode(
  db: LegacyDb,
  code: string,
  { year, on }: { year?: number; on: string },
): Promise<LegacyCodeValidation> {
  let q = selectCode(db).where('c.code', '=', code);
  if (year !== undefined) q = q.where('c.year', '=', year);
  const row = await q.orderBy('c.year', 'desc').executeTakeFirst();
  if (!row)
    return {
      code,
      state: 'unknown',
      reason: year === undefined ? `No payment code ${code} exists.` : `No payment code ${code} exists for ${year}.`,
      paymentCode: null,
    };
  const paymentCode = toCode(row);
  const { validFrom, validUntil, maxUses, uses } = paymentCode;
  if (validFrom !== null && on < validFrom)
    return { code, state: 'not_yet_valid', reason: `The code is valid from ${validFrom}.`, paymentCode };
  if (validUntil !== null && on > validUntil)
    return { code, state: 'expired', reason: `The code expired after ${validUntil}.`, paymentCode };
  if (maxUses !== null && uses >= maxUses)
    return { code, state: 'used_up', reason: `The code was used ${uses} of ${maxUses} times.`, paymentCode };
  const left = maxUses === null ? 'no use limit' : `${maxUses - uses} of ${maxUses} uses left`;
  return {
    code,
    state: 'valid',
    reason: `The code is valid${validUntil ? ` until ${validUntil}` : ''}, ${left}.`,
    paymentCode,
  };
}

// ---------- credits ----------

function selectCredit(db: LegacyDb) {
  return db
    .selectFrom('credit_transactions as t')
    .select([
      asText('t.id').as('id'),
      asText('t.user_id').as('user_id'),
      asText('t.amount').as('amount'),
      't.kind',
      't.description',
      asText('t.invoice_id').as('invoice_id'),
      asText('t.created_at').as('created_at'),
    ]);
}
type CreditRow = Awaited<ReturnType<ReturnType<typeof selectCredit>['executeTakeFirstOrThrow']>>;

const toCredit = (r: CreditRow): LegacyCreditTransaction => ({
  id: id(r.id),
  userId: id(r.user_id),
  amount: money(r.amount),
  kind: r.kind,
  description: r.description,
  invoiceId: nullableId(r.invoice_id),
  createdAt: dateTime(r.created_at),
});

/** A user's credit ledger, newest first, and its balance: the sum of every signed amount, in SQL. */
export async function creditLedger(db: LegacyDb, userId: string, paging: Paging): Promise<LegacyCreditLedger> {
  const q = db.selectFrom('credit_transactions as t').where('t.user_id', '=', userId);
  const [entries, balance] = await Promise.all([
    pageOf(
      q,
      () => selectCredit(db).where('t.user_id', '=', userId).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
      toCredit,
      paging,
    ),
    q.select(sumText('t.amount').as('balance')).executeTakeFirstOrThrow(),
  ]);
  return { ...entries, userId, balance: money(balance.balance) };
}

export async function creditTransactionById(db: LegacyDb, txId: string) {
  const row = await selectCredit(db).where('t.id', '=', txId).executeTakeFirst();
  return row && toCredit(row);
}

// ---------- users ----------

function selectUser(db: LegacyDb) {
  return db
    .selectFrom('users as u')
    .select([
      asText('u.id').as('id'),
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.joined_year',
      'u.is_active',
      asText('u.created_at').as('created_at'),
      asText('u.last_login_at').as('last_login_at'),
    ]);
}
type UserRow = Awaited<ReturnType<ReturnType<typeof selectUser>['executeTakeFirstOrThrow']>>;

const toUser = (r: UserRow): LegacyUser => ({
  id: id(r.id),
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  joinedYear: Number(r.joined_year),
  isActive: flag(r.is_active),
  createdAt: dateTime(r.created_at),
  lastLoginAt: dateTime(r.last_login_at),
});

export async function userYears(db: LegacyDb) {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.joined_year', (eb) => eb.fn.countAll().as('n')])
    .groupBy('u.joined_year')
    .orderBy('u.joined_year', 'desc')
    .execute();
  return { data: rows.map((r) => ({ year: Number(r.joined_year), count: count(r.n) })) };
}

export function pageOfUsers(db: LegacyDb, filter: Partial<LegacyUserFilter>, paging: Paging) {
  let q = db.selectFrom('users as u');
  if (filter.joinedYear !== undefined) q = q.where('u.joined_year', '=', filter.joinedYear);
  if (filter.active !== undefined) q = q.where('u.is_active', '=', sql.lit(filter.active));
  const text = filter.query?.trim();
  if (text)
    q = q.where((eb) =>
      eb.or([
        containsIgnoringCase('u.email', text),
        containsIgnoringCase('u.first_name', text),
        containsIgnoringCase('u.last_name', text),
        eb(sql`lower(concat(u.first_name, ' ', u.last_name))`, 'like', containsPattern(text.toLowerCase())),
      ]),
    );
  return pageOf(
    q,
    (s) =>
      s
        .select([
          asText('u.id').as('id'),
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.joined_year',
          'u.is_active',
          asText('u.created_at').as('created_at'),
          asText('u.last_login_at').as('last_login_at'),
        ])
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id'),
    toUser,
    paging,
  );
}

export async function userById(db: LegacyDb, userId: string): Promise<LegacyUser | undefined> {
  const row = await selectUser(db).where('u.id', '=', userId).executeTakeFirst();
  return row && toUser(row);
}

export async function userByEmail(db: LegacyDb, email: string): Promise<LegacyUser | undefined> {
  const row = await selectUser(db)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .orderBy('u.id')
    .executeTakeFirst();
  return row && toUser(row);
}

export function pageOfActivity(db: LegacyDb, userId: string, paging: Paging) {
  const q = db.selectFrom('user_activity as a').where('a.user_id', '=', userId);
  return pageOf(
    q,
    (s) =>
      s
        .select([
          asText('a.id').as('id'),
          asText('a.user_id').as('user_id'),
          asText('a.occurred_at').as('occurred_at'),
          'a.action',
          'a.detail',
        ])
        .orderBy('a.occurred_at', 'desc')
        .orderBy('a.id', 'desc'),
    (r: { id: string | null; user_id: string | null; occurred_at: string | null; action: string; detail: string }) => ({
      id: id(r.id),
      userId: id(r.user_id),
      occurredAt: dateTime(r.occurred_at),
      action: r.action,
      detail: r.detail,
    }),
    paging,
  );
}

/** Figures per year for the overview's charts: new users, invoices and revenue, payments, registrations. */
export async function overview(db: LegacyDb): Promise<LegacyOverview> {
  const [users, invoices, payments, credits, usersByYear, invoicesByYear, paymentsByYear, registrationsByYear] =
    await Promise.all([
      db
        .selectFrom('users as u')
        .select((eb) => [
          eb.fn.countAll().as('n'),
          exprText(sql`coalesce(sum(case when u.is_active = ${sql.lit(true)} then 1 else 0 end), 0)`).as('active'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('invoices as i')
        .where('i.status', '<>', 'cancelled')
        .select((eb) => [eb.fn.countAll().as('n'), sumText('i.total').as('total')])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('payments as p')
        .where('p.is_deleted', '=', sql.lit(false))
        .where('p.state', '=', 'completed')
        .select(sumText('p.amount').as('total'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('credit_transactions as t').select(sumText('t.amount').as('total')).executeTakeFirstOrThrow(),
      db
        .selectFrom('users as u')
        .select(['u.joined_year as year', (eb) => eb.fn.countAll().as('n')])
        .groupBy('u.joined_year')
        .execute(),
      db
        .selectFrom('invoices as i')
        .where('i.status', '<>', 'cancelled')
        .select(['i.year', (eb) => eb.fn.countAll().as('n'), sumText('i.total').as('total')])
        .groupBy('i.year')
        .execute(),
      db
        .selectFrom('payments as p')
        .where('p.is_deleted', '=', sql.lit(false))
        .where('p.state', '=', 'completed')
        .select(['p.year', sumText('p.amount').as('total')])
        .groupBy('p.year')
        .execute(),
      db
        .selectFrom('registrations as r')
        .where('r.status', '<>', 'cancelled')
        .select(['r.year', (eb) => eb.fn.countAll().as('n')])
        .groupBy('r.year')
        .execute(),
    ]);
  const years = new Map<number, LegacyOverview['byYear'][number]>();
  const yearOf = (y: unknown) => {
    const year = Number(y);
    let entry = years.get(year);
    if (!entry) {
      entry = { year, newUsers: 0, invoices: 0, revenue: '0.00', payments: '0.00', registrations: 0 };
      years.set(year, entry);
    }
    return entry;
  };
  for (const r of usersByYear) yearOf(r.year).newUsers = count(r.n);
  for (const r of invoicesByYear) {
    const e = yearOf(r.year);
    e.invoices = count(r.n);
    e.revenue = money(r.total);
  }
  for (const r of paymentsByYear) yearOf(r.year).payments = money(r.total);
  for (const r of registrationsByYear) yearOf(r.year).registrations = count(r.n);
  return {
    users: count(users.n),
    activeUsers: count(users.active),
    invoices: count(invoices.n),
    revenue: money(invoices.total),
    payments: money(payments.total),
    creditBalance: money(credits.total),
    byYear: [...years.values()].sort((a, b) => a.year - b.year),
  };
}

// ---------- registrations and events ----------

function registrationsFrom(db: LegacyDb) {
  return db
    .selectFrom('registrations as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('events as e', 'e.id', 'r.event_id');
}

function selectRegistration(q: ReturnType<typeof registrationsFrom>) {
  return q.select([
    asText('r.id').as('id'),
    asText('r.user_id').as('user_id'),
    'u.email as user_email',
    'u.first_name',
    'u.last_name',
    asText('r.event_id').as('event_id'),
    'e.name as event_name',
    'r.year',
    'r.category',
    'r.status',
    asText('r.registered_at').as('registered_at'),
    asText('r.invoice_id').as('invoice_id'),
  ]);
}
type RegistrationRow = Awaited<ReturnType<ReturnType<typeof selectRegistration>['executeTakeFirstOrThrow']>>;

const toRegistration = (r: RegistrationRow): LegacyRegistration => ({
  id: id(r.id),
  userId: id(r.user_id),
  userEmail: r.user_email ?? null,
  userName: r.first_name === null || r.first_name === undefined ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
  eventId: id(r.event_id),
  eventName: r.event_name ?? null,
  year: Number(r.year),
  category: r.category,
  status: r.status,
  registeredAt: dateTime(r.registered_at),
  invoiceId: nullableId(r.invoice_id),
});

export async function registrationYears(db: LegacyDb) {
  const rows = await db
    .selectFrom('registrations as r')
    .select(['r.year', (eb) => eb.fn.countAll().as('n')])
    .groupBy('r.year')
    .orderBy('r.year', 'desc')
    .execute();
  return { data: rows.map((r) => ({ year: Number(r.year), count: count(r.n) })) };
}

export function pageOfRegistrations(db: LegacyDb, filter: Partial<LegacyRegistrationFilter>, paging: Paging) {
  let q = registrationsFrom(db);
  if (filter.year !== undefined) q = q.where('r.year', '=', filter.year);
  if (filter.eventId !== undefined) q = q.where('r.event_id', '=', filter.eventId);
  if (filter.userId !== undefined) q = q.where('r.user_id', '=', filter.userId);
  if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
  return pageOf(
    q,
    (s) => selectRegistration(s).orderBy('r.registered_at', 'desc').orderBy('r.id', 'desc'),
    toRegistration,
    paging,
  );
}

export async function registrationById(db: LegacyDb, registrationId: string) {
  const row = await selectRegistration(registrationsFrom(db)).where('r.id', '=', registrationId).executeTakeFirst();
  return row && toRegistration(row);
}

export function pageOfEvents(db: LegacyDb, year: number | undefined, paging: Paging) {
  let q = db.selectFrom('events as e');
  if (year !== undefined) q = q.where('e.year', '=', year);
  return pageOf(
    q,
    (s) =>
      s
        .select([
          asText('e.id').as('id'),
          'e.name',
          'e.year',
          asText('e.event_date').as('event_date'),
          'e.city',
          (eb) =>
            eb
              .selectFrom('registrations as rr')
              .select((eb2) => eb2.fn.countAll().as('n'))
              .whereRef('rr.event_id', '=', 'e.id')
              .as('registrations'),
        ])
        .orderBy('e.year', 'desc')
        .orderBy('e.name'),
    (r: {
      id: string | null;
      name: string;
      year: number;
      event_date: string | null;
      city: string;
      registrations: unknown;
    }): LegacyEvent => ({
      id: id(r.id),
      name: r.name,
      year: Number(r.year),
      eventDate: dateOnly(r.event_date),
      city: r.city,
      registrations: count(r.registrations),
    }),
    paging,
  );
}

// ---------- the audit trail (main database) ----------

export async function pageOfAudit(
  db: Kysely<Database>,
  filter: { entity?: 'invoice' | 'invoice_line' | 'payment'; entityId?: string; invoiceId?: string },
  { page, limit }: Paging,
): Promise<Page<LegacyAuditEntry>> {
  let q = db.selectFrom('legacy_audit as a');
  if (filter.entity) q = q.where('a.entity', '=', filter.entity);
  if (filter.entityId) q = q.where('a.entity_id', '=', filter.entityId);
  if (filter.invoiceId) q = q.where('a.invoice_id', '=', filter.invoiceId);
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .innerJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.entity',
        'a.entity_id',
        'a.invoice_id',
        'a.source',
        'a.actor_id',
        'u.first_name',
        'u.last_name',
        'a.at',
        'a.before',
        'a.after',
        'a.reason',
      ])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      entity: r.entity,
      entityId: r.entity_id,
      invoiceId: r.invoice_id,
      source: r.source,
      actorId: r.actor_id,
      actorName: `${r.first_name} ${r.last_name}`.trim(),
      at: iso(r.at),
      before: r.before,
      after: r.after,
      reason: r.reason,
    })),
    meta: { total: Number(total.n), page, perPage: limit },
  };
}
