import { sql } from 'kysely';
import type {
  LegacyInvoice,
  LegacyInvoiceDetail,
  LegacyInvoiceFilter,
  LegacyInvoiceTotals,
} from '../../../contracts/legacy.ts';
import { asText, count, dateOnly, dateTime, id, money, nullableId, sumText } from '../../../db/legacy-values.ts';
import { allocations } from './allocations.ts';
import { containsIgnoringCase, type LegacyDb, nameOf, type Paging, pageOf, perYear } from './common.ts';
import { linesOfInvoice } from './invoice-lines.ts';

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
    userName: nameOf(r.first_name, r.last_name),
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
  return { data: await perYear(db.selectFrom('invoices as i'), 'i.year', 'i.total') };
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

export async function invoiceTotals(db: LegacyDb, year?: number): Promise<LegacyInvoiceTotals> {
  const totals = (r: { n: unknown; subtotal: string; tax_total: string; total: string }) => ({
    count: count(r.n),
    subtotal: money(r.subtotal),
    taxTotal: money(r.tax_total),
    total: money(r.total),
  });
  let scoped = db.selectFrom('invoices as i');
  if (year !== undefined) scoped = scoped.where('i.year', '=', year);
  const sums = scoped.select((eb) => [
    eb.fn.countAll().as('n'),
    sumText('i.subtotal').as('subtotal'),
    sumText('i.tax_total').as('tax_total'),
    sumText('i.total').as('total'),
  ]);
  const [byYear, byStatus, overall] = await Promise.all([
    sums.select('i.year').groupBy('i.year').orderBy('i.year', 'desc').execute(),
    sums.select('i.status').groupBy('i.status').orderBy('i.status').execute(),
    sums.executeTakeFirstOrThrow(),
  ]);
  return {
    byYear: byYear.map((r) => ({ year: Number(r.year), ...totals(r) })),
    byStatus: byStatus.map((r) => ({ status: r.status, ...totals(r) })),
    overall: totals(overall),
  };
}
