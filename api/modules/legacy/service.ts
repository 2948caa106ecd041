import { type Kysely, sql } from 'kysely';
import type {
  LegacyInvoice,
  LegacyInvoiceLine,
  LegacyInvoiceLinePatch,
  LegacyInvoicePatch,
  LegacyPayment,
  LegacyPaymentPatch,
} from '../../contracts/legacy.ts';
import type { LegacyDatabase } from '../../db/legacy-schema.ts';
import { isLegacyUnavailable, type LegacySource } from '../../db/legacy-source.ts';
import { money } from '../../db/legacy-values.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, DomainError, notFound, ruleBroken } from '../../domain/errors.ts';
import { lineById } from './queries/invoice-lines.ts';
import { invoiceById } from './queries/invoices.ts';
import { paymentById } from './queries/payments.ts';

/**
 * Corrections to legacy rows (docs/decisions/038): each PATCH carries the version the row was read at,
 * changes only the fields its form offers, and writes one audit row (who, when, the row, before, after,
 * the reason) to the main database before the legacy transaction commits. A line's invoice totals are
 * recomputed in SQL in the same transaction.
 */

export const legacyUnavailable = () =>
  new DomainError(
    503,
    'LEGACY_UNAVAILABLE',
    'The legacy billing database is not answering at the moment. The rest of the portal works; please try again shortly.',
  );

/** Runs a legacy call; a legacy database that cannot be reached is a 503 LEGACY_UNAVAILABLE. */
export async function legacyCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof DomainError) && isLegacyUnavailable(error)) throw legacyUnavailable();
    if (isNumericOverflow(error))
      throw ruleBroken(
        'LEGACY_AMOUNT_OUT_OF_RANGE',
        'The amount is too large for the legacy database (at most 9999999999.99).',
      );
    throw error;
  }
}

/** PostgreSQL numeric_value_out_of_range, MySQL ER_WARN_DATA_OUT_OF_RANGE. */
function isNumericOverflow(error: unknown): boolean {
  const code = (error as { code?: unknown; errno?: unknown } | null)?.code;
  const errno = (error as { errno?: unknown } | null)?.errno;
  return code === '22003' || code === 'ER_WARN_DATA_OUT_OF_RANGE' || errno === 1264;
}

/** Now, as a legacy DATETIME in UTC. */
const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

const versionConflict = (what: string, current: unknown, currentVersion: number) =>
  conflict('VERSION_CONFLICT', `The ${what} changed since it was read: reload it and make the change again.`, {
    currentVersion,
    current,
  });

async function lockedVersion(
  legacy: Kysely<LegacyDatabase>,
  table: 'invoices' | 'invoice_lines' | 'payments',
  rowId: string,
): Promise<number | undefined> {
  const row = await legacy.selectFrom(table).select('version').where('id', '=', rowId).forUpdate().executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

interface AuditInput {
  entity: 'invoice' | 'invoice_line' | 'payment';
  entityId: string;
  invoiceId: string | null;
  actorId: number;
  before: object;
  after: object;
  reason: string;
}

async function audit(main: Kysely<Database>, source: LegacySource, a: AuditInput) {
  await main
    .insertInto('legacy_audit')
    .values({
      entity: a.entity,
      entity_id: a.entityId,
      invoice_id: a.invoiceId,
      source: source.kind,
      actor_id: a.actorId,
      before: JSON.stringify(a.before),
      after: JSON.stringify(a.after),
      reason: a.reason,
    })
    .execute();
}

/** Only the fields a body names, before and after, so the trail shows what changed. */
function changed<T extends object>(row: T, keys: readonly (keyof T)[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

export async function patchInvoice(
  source: LegacySource,
  invoiceId: string,
  body: LegacyInvoicePatch,
  actorId: number,
): Promise<LegacyInvoice> {
  return source.transaction(async (legacy, main) => {
    const version = await lockedVersion(legacy, 'invoices', invoiceId);
    if (version === undefined) throw notFound('Invoice', 'INVOICE_NOT_FOUND');
    const before = (await invoiceById(legacy, invoiceId)) as LegacyInvoice;
    if (version !== body.expectedVersion) throw versionConflict('invoice', before, version);
    const set: Record<string, unknown> = {};
    if (body.status !== undefined) set.status = body.status;
    if (body.dueOn !== undefined) set.due_on = body.dueOn;
    if (body.notes !== undefined) set.notes = body.notes || null;
    await legacy
      .updateTable('invoices')
      .set({ ...set, version: sql`version + 1`, updated_at: nowText() })
      .where('id', '=', invoiceId)
      .execute();
    const after = (await invoiceById(legacy, invoiceId)) as LegacyInvoice;
    const keys = ['status', 'dueOn', 'notes', 'version'] as const;
    await audit(main, source, {
      entity: 'invoice',
      entityId: invoiceId,
      invoiceId,
      actorId,
      before: changed(before, keys),
      after: changed(after, keys),
      reason: body.reason,
    });
    return after;
  });
}

const scaled = (decimalText: string) => {
  const [whole = '0', fraction = ''] = decimalText.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return decimalText.startsWith('-') ? -value : value;
};
/** 9999999999.99 in hundredths: the largest DECIMAL(12,2). */
const MAX_MONEY_HUNDREDTHS = 999_999_999_999n;

export async function patchInvoiceLine(
  source: LegacySource,
  lineId: string,
  body: LegacyInvoiceLinePatch,
  actorId: number,
): Promise<{ line: LegacyInvoiceLine; invoice: LegacyInvoice }> {
  return source.transaction(async (legacy, main) => {
    const version = await lockedVersion(legacy, 'invoice_lines', lineId);
    if (version === undefined) throw notFound('Invoice line', 'INVOICE_LINE_NOT_FOUND');
    const before = (await lineById(legacy, lineId)) as LegacyInvoiceLine;
    if (version !== body.expectedVersion) throw versionConflict('invoice line', before, version);
    // The invoice is locked too: its totals are rewritten from its lines below.
    await lockedVersion(legacy, 'invoices', before.invoiceId);
    const invoiceBefore = (await invoiceById(legacy, before.invoiceId)) as LegacyInvoice;
    if (invoiceBefore.status === 'cancelled')
      throw ruleBroken('INVOICE_CANCELLED', 'A line of a cancelled invoice cannot be changed: issue a new invoice.');

    const quantity = body.quantity ?? before.quantity;
    const unitPrice = body.unitPrice ?? before.unitPrice;
    const taxRate = body.taxRate ?? before.taxRate;
    // quantity x unit price must fit DECIMAL(12,2): checked exactly (hundredths squared) before SQL sees it.
    const product = scaled(quantity) * scaled(unitPrice);
    if ((product < 0n ? -product : product) > MAX_MONEY_HUNDREDTHS * 100n)
      throw ruleBroken('LEGACY_AMOUNT_OUT_OF_RANGE', 'quantity × unitPrice is too large (at most 9999999999.99).');

    // The line's figures are computed in SQL from the values themselves (never from the columns being set:
    // MySQL and PostgreSQL disagree on which value a SET sees).
    const lineTotal = sql<string>`round(cast(${quantity} as decimal(10,2)) * cast(${unitPrice} as decimal(12,2)), 2)`;
    await legacy
      .updateTable('invoice_lines')
      .set({
        ...(body.description === undefined ? {} : { description: body.description }),
        quantity,
        unit_price: unitPrice,
        tax_rate: taxRate,
        line_total: lineTotal,
        tax_amount: sql<string>`round(${lineTotal} * cast(${taxRate} as decimal(5,2)) / 100, 2)`,
        version: sql`version + 1`,
      })
      .where('id', '=', lineId)
      .execute();
    await recomputeInvoiceTotals(legacy, before.invoiceId);
    const [line, invoice] = await Promise.all([
      lineById(legacy, lineId) as Promise<LegacyInvoiceLine>,
      invoiceById(legacy, before.invoiceId) as Promise<LegacyInvoice>,
    ]);
    const totals = (i: LegacyInvoice) => ({ subtotal: i.subtotal, taxTotal: i.taxTotal, total: i.total });
    const keys = ['description', 'quantity', 'unitPrice', 'taxRate', 'lineTotal', 'taxAmount', 'version'] as const;
    await audit(main, source, {
      entity: 'invoice_line',
      entityId: lineId,
      invoiceId: before.invoiceId,
      actorId,
      before: { ...changed(before, keys), invoice: totals(invoiceBefore) },
      after: { ...changed(line, keys), invoice: totals(invoice) },
      reason: body.reason,
    });
    return { line, invoice };
  });
}

/** An invoice's totals are the sums of its lines, in SQL; its version moves with them. */
async function recomputeInvoiceTotals(legacy: Kysely<LegacyDatabase>, invoiceId: string) {
  const sumOf = (column: 'line_total' | 'tax_amount' | 'both') =>
    legacy
      .selectFrom('invoice_lines as l')
      .where('l.invoice_id', '=', invoiceId)
      .select(
        sql<string>`coalesce(sum(${column === 'both' ? sql`l.line_total + l.tax_amount` : sql.ref(`l.${column}`)}), 0)`.as(
          's',
        ),
      );
  await legacy
    .updateTable('invoices')
    .set({
      subtotal: sumOf('line_total'),
      tax_total: sumOf('tax_amount'),
      total: sumOf('both'),
      version: sql`version + 1`,
      updated_at: nowText(),
    })
    .where('id', '=', invoiceId)
    .execute();
}

export async function patchPayment(
  source: LegacySource,
  paymentId: string,
  body: LegacyPaymentPatch,
  actorId: number,
): Promise<LegacyPayment> {
  return source.transaction(async (legacy, main) => {
    const version = await lockedVersion(legacy, 'payments', paymentId);
    if (version === undefined) throw notFound('Payment', 'PAYMENT_NOT_FOUND');
    const before = (await paymentById(legacy, paymentId)) as LegacyPayment;
    if (version !== body.expectedVersion) throw versionConflict('payment', before, version);
    if (body.amount !== undefined) {
      const allocated = await legacy
        .selectFrom('payment_allocations as pa')
        .where('pa.payment_id', '=', paymentId)
        .select(sql<string>`concat(coalesce(sum(pa.amount), 0), '')`.as('s'))
        .executeTakeFirstOrThrow();
      if (scaled(body.amount) < scaled(money(allocated.s)))
        throw ruleBroken(
          'PAYMENT_BELOW_ALLOCATED',
          `The amount cannot be less than the ${money(allocated.s)} it settles on invoices.`,
        );
    }
    const set: Record<string, unknown> = {};
    if (body.state !== undefined) set.state = body.state;
    if (body.amount !== undefined) set.amount = body.amount;
    if (body.method !== undefined) set.method = body.method;
    if (body.reference !== undefined) set.reference = body.reference;
    if (body.notes !== undefined) set.notes = body.notes || null;
    if (body.isDeleted !== undefined && body.isDeleted !== before.isDeleted) {
      set.is_deleted = sql.lit(body.isDeleted);
      set.deleted_at = body.isDeleted ? nowText() : null;
    }
    await legacy
      .updateTable('payments')
      .set({ ...set, version: sql`version + 1` })
      .where('id', '=', paymentId)
      .execute();
    const after = (await paymentById(legacy, paymentId)) as LegacyPayment;
    const keys = ['state', 'amount', 'method', 'reference', 'notes', 'isDeleted', 'deletedAt', 'version'] as const;
    await audit(main, source, {
      entity: 'payment',
      entityId: paymentId,
      invoiceId: null,
      actorId,
      before: changed(before, keys),
      after: changed(after, keys),
      reason: body.reason,
    });
    return after;
  });
}
