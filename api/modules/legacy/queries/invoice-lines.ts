import type { LegacyInvoiceLine } from '../../../contracts/legacy.ts';
import { asText, decimal, id, money } from '../../../db/legacy-values.ts';
import { type LegacyDb, type Paging, pageOf } from './common.ts';

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
