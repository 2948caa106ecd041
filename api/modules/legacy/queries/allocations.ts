import { asText, dateOnly, flag, id, money } from '../../../db/legacy-values.ts';
import type { LegacyDb } from './common.ts';

export async function allocations(db: LegacyDb, by: 'invoice' | 'payment', key: string) {
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
