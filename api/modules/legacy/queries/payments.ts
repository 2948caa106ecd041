import { sql } from 'kysely';
import type { LegacyPayment, LegacyPaymentDetail, LegacyPaymentFilter } from '../../../contracts/legacy.ts';
import { asText, dateOnly, dateTime, flag, id, money } from '../../../db/legacy-values.ts';
import { allocations } from './allocations.ts';
import { containsIgnoringCase, type LegacyDb, type Paging, pageOf, perYear } from './common.ts';

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
  return {
    data: await perYear(
      db.selectFrom('payments as p').where('p.is_deleted', '=', sql.lit(false)),
      'p.year',
      'p.amount',
    ),
  };
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
