import { type Insertable, type Kysely, sql } from 'kysely';
import type { LegacyDatabase, LegacyTable } from '../db/legacy-schema.ts';
import { LEGACY_TABLES } from '../db/legacy-schema.ts';
import type { Database } from '../db/schema.ts';

/**
 * Legacy billing rows (docs/legacy-billing.md): the demo data of the embedded source, and the fixtures of
 * the tests and the benchmark on either source. Money is built in whole cents (integers) and written as
 * decimal strings; an invoice's totals are the sums of its lines.
 */
export type LegacyRows = { [T in LegacyTable]: Insertable<LegacyDatabase[T]>[] };

export interface LegacyRowsOptions {
  /** The first year; one year after another from there. */
  firstYear?: number;
  years?: number;
  users?: number;
  invoices?: number;
  linesPerInvoice?: number;
  /** Added to every id (a BigInt, so ids can start above 2^53). */
  idBase?: bigint;
  /** Write legacy zero dates ('0000-00-00') where the old system left them: MySQL only. */
  zeroDates?: boolean;
  /** The e-mail domain of the users. */
  domain?: string;
}

const FIRST_NAMES = ['Jordan', 'Avery', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Taylor', 'Jamie', 'Drew', 'Robin'];
const LAST_NAMES = ['MacLeod', 'Tremblay', 'Singh', 'Nguyen', 'Okafor', 'Roy', 'Campbell', 'Gagnon', 'Chen', 'Wilson'];
const CITIES = ['Halifax', 'Moncton', 'Quebec City', 'Ottawa', 'Toronto', 'Winnipeg', 'Calgary', 'Vancouver'];
const CATEGORIES = ['Open', 'Masters 40+', 'Rookie', 'Relay'];
const ITEMS: ReadonlyArray<{ description: string; cents: number }> = [
  { description: 'Individual entry', cents: 8500 },
  { description: 'Relay entry (per member)', cents: 4550 },
  { description: 'Late registration fee', cents: 1999 },
  { description: 'Event T-shirt', cents: 2475 },
  { description: 'Timing chip rental', cents: 1000 },
  { description: 'Banquet ticket', cents: 3333 },
];

/** Whole cents as a decimal string: 123456 -> '1234.56', -5 -> '-0.05'. */
export function centsText(cents: number | bigint): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function legacyRows(options: LegacyRowsOptions = {}): LegacyRows {
  const firstYear = options.firstYear ?? 2019;
  const years = options.years ?? 5;
  const userCount = options.users ?? 40;
  const invoiceCount = options.invoices ?? 120;
  const linesPerInvoice = options.linesPerInvoice ?? 3;
  const base = options.idBase ?? 0n;
  const domain = options.domain ?? 'legacy.example';
  const zero = (day: string, every: number, i: number) =>
    i % every === every - 1 ? (options.zeroDates ? '0000-00-00' : null) : day;
  const idOf = (n: number) => String(base + BigInt(n));
  const rows: LegacyRows = {
    events: [],
    users: [],
    user_activity: [],
    registrations: [],
    invoices: [],
    invoice_lines: [],
    payments: [],
    payment_allocations: [],
    payment_codes: [],
    credit_transactions: [],
  };

  for (let y = 0; y < years; y++) {
    const year = firstYear + y;
    for (let e = 0; e < 2; e++) {
      const n = y * 2 + e + 1;
      rows.events.push({
        id: idOf(n),
        name: `${CITIES[n % CITIES.length]} FireFit ${year}`,
        year,
        event_date: zero(`${year}-${pad(6 + e * 2)}-${pad(10 + y)}`, 7, n),
        city: CITIES[n % CITIES.length] as string,
      });
    }
  }

  for (let u = 1; u <= userCount; u++) {
    const first = FIRST_NAMES[u % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(u * 3) % LAST_NAMES.length] as string;
    const joined = firstYear + (u % years);
    rows.users.push({
      id: idOf(u),
      email: `${first}.${last}${u}@${domain}`.toLowerCase(),
      first_name: first,
      last_name: last,
      joined_year: joined,
      is_active: u % 9 !== 0,
      created_at: `${joined}-0${1 + (u % 9)}-15 10:${pad(u % 60)}:00`,
      last_login_at: u % 5 === 0 ? null : `${firstYear + years - 1}-11-${pad(1 + (u % 28))} 18:30:00`,
    });
    rows.user_activity.push(
      {
        id: idOf(u * 2 - 1),
        user_id: idOf(u),
        occurred_at: `${joined}-02-01 09:00:00`,
        action: 'signed_up',
        detail: '',
      },
      {
        id: idOf(u * 2),
        user_id: idOf(u),
        occurred_at: `${firstYear + years - 1}-11-${pad(1 + (u % 28))} 18:30:00`,
        action: 'signed_in',
        detail: 'web',
      },
    );
  }

  const statuses = ['paid', 'paid', 'paid', 'issued', 'partially_paid', 'overdue', 'draft'];
  let lineId = 0;
  let paymentId = 0;
  for (let i = 1; i <= invoiceCount; i++) {
    const y = i % years;
    const year = firstYear + y;
    const userN = 1 + (i % userCount);
    const eventN = y * 2 + (i % 2) + 1;
    let subtotal = 0;
    let tax = 0;
    const lines = linesPerInvoice;
    for (let l = 1; l <= lines; l++) {
      const item = ITEMS[(i + l) % ITEMS.length] as { description: string; cents: number };
      const quantity = 1 + ((i + l) % 3);
      const lineTotal = quantity * item.cents;
      const rateBp = (i + l) % 4 === 0 ? 0 : 1300;
      const lineTax = Math.floor((lineTotal * rateBp + 5000) / 10000);
      subtotal += lineTotal;
      tax += lineTax;
      lineId++;
      rows.invoice_lines.push({
        id: idOf(lineId),
        invoice_id: idOf(i),
        position: l,
        description: item.description,
        quantity: `${quantity}.00`,
        unit_price: centsText(item.cents),
        tax_rate: centsText(rateBp),
        line_total: centsText(lineTotal),
        tax_amount: centsText(lineTax),
      });
    }
    const status = i % 23 === 0 ? 'cancelled' : (statuses[i % statuses.length] as string);
    const month = 1 + (i % 12);
    rows.invoices.push({
      id: idOf(i),
      number: `INV-${year}-${String(i).padStart(6, '0')}`,
      year,
      user_id: idOf(userN),
      event_id: idOf(eventN),
      issued_on: zero(`${year}-${pad(month)}-${pad(1 + (i % 28))}`, 41, i),
      due_on: zero(`${year}-${pad(month)}-28`, 29, i),
      status,
      currency: 'CAD',
      subtotal: centsText(subtotal),
      tax_total: centsText(tax),
      total: centsText(subtotal + tax),
      cancels_invoice_id: null,
      notes: i % 17 === 0 ? 'Paid at the registration desk.' : null,
      updated_at: `${year}-${pad(month)}-${pad(1 + (i % 28))} 12:00:00`,
    });
    rows.registrations.push({
      id: idOf(i),
      user_id: idOf(userN),
      event_id: idOf(eventN),
      year,
      category: CATEGORIES[i % CATEGORIES.length] as string,
      status: status === 'cancelled' ? 'cancelled' : i % 13 === 0 ? 'waitlisted' : 'confirmed',
      registered_at: `${year}-${pad(month)}-${pad(1 + (i % 28))} 08:15:00`,
      invoice_id: idOf(i),
    });
    if (status === 'paid' || status === 'partially_paid') {
      paymentId++;
      const total = subtotal + tax;
      const amount = status === 'paid' ? total : Math.floor(total / 2);
      const deleted = paymentId % 19 === 0;
      rows.payments.push({
        id: idOf(paymentId),
        year,
        user_id: idOf(userN),
        amount: centsText(amount),
        method: ['card', 'cheque', 'transfer', 'cash'][paymentId % 4] as string,
        reference: `PAY-${year}-${String(paymentId).padStart(6, '0')}`,
        state: paymentId % 29 === 0 ? 'refunded' : paymentId % 31 === 0 ? 'failed' : 'completed',
        paid_on: zero(`${year}-${pad(month)}-${pad(1 + (i % 28))}`, 37, paymentId),
        notes: null,
        is_deleted: deleted,
        deleted_at: deleted ? `${year}-12-01 09:00:00` : null,
      });
      rows.payment_allocations.push({ payment_id: idOf(paymentId), invoice_id: idOf(i), amount: centsText(amount) });
    }
  }

  // Payment codes: per year, one valid all year, one used up, one expired early, one from next year on.
  let codeId = 0;
  for (let y = 0; y < years; y++) {
    const year = firstYear + y;
    const codes: Array<[string, string, string, number | null, number, string | null, string | null]> = [
      ['EARLYBIRD', 'percent', '10.00', null, 14, `${year}-01-01`, `${year}-12-31`],
      ['TEAM25', 'fixed', '25.00', 5, 5, `${year}-01-01`, `${year}-12-31`],
      ['SPRING', 'percent', '15.00', 50, 3, `${year}-03-01`, `${year}-04-30`],
      ['VOLUNTEER', 'fixed', '85.00', 20, 2, null, null],
    ];
    for (const [code, type, value, maxUses, uses, from, until] of codes) {
      codeId++;
      rows.payment_codes.push({
        id: idOf(codeId),
        code,
        year,
        discount_type: type,
        discount_value: value,
        max_uses: maxUses,
        uses,
        valid_from: from,
        valid_until: until,
        description: `${code} ${year}`,
      });
    }
  }

  // Credits: a grant, a use and sometimes a refund per user with credits.
  let creditId = 0;
  for (let u = 1; u <= userCount; u += 3) {
    const year = firstYear + (u % years);
    const entries: Array<[number, string, string]> = [
      [5000, 'granted', 'Event cancelled: credit for next season'],
      [-1999, 'used', 'Applied to a registration'],
    ];
    if (u % 2 === 1) entries.push([725, 'refunded', 'Partial refund as credit']);
    for (const [cents, kind, description] of entries) {
      creditId++;
      rows.credit_transactions.push({
        id: idOf(creditId),
        user_id: idOf(u),
        amount: centsText(cents),
        kind,
        description,
        invoice_id: kind === 'used' ? idOf(1 + ((u * 7) % invoiceCount)) : null,
        created_at: `${year}-0${1 + (creditId % 9)}-10 14:00:00`,
      });
    }
  }
  return rows;
}

/** Writes rows to either source with multi-row inserts, parents first; `onProgress` after each batch. */
export async function insertLegacyRows(
  db: Kysely<LegacyDatabase>,
  rows: Partial<LegacyRows>,
  {
    batchSize = 1000,
    onProgress,
  }: { batchSize?: number; onProgress?: (table: LegacyTable, done: number) => void } = {},
): Promise<void> {
  for (const table of LEGACY_TABLES) {
    const list = rows[table] ?? [];
    for (let from = 0; from < list.length; from += batchSize) {
      const batch = list.slice(from, from + batchSize);
      await db
        .insertInto(table)
        .values(batch as any)
        .execute();
      onProgress?.(table, from + batch.length);
    }
  }
}

/** The demo legacy data of the embedded source, loaded when its tables are empty (the seed calls this). */
export async function seedLegacyDemo(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ any: boolean }>`select exists(select 1 from legacy.invoices) as any`.execute(db);
  if (rows[0]?.any) return 0;
  const data = legacyRows();
  // The demo competitor of the current site is a legacy user too, so the search finds someone familiar.
  const first = data.users[0];
  if (first) first.email = 'jordan.macleod@legacy.example';
  await db
    .transaction()
    .execute((trx) => insertLegacyRows(trx.withSchema('legacy') as unknown as Kysely<LegacyDatabase>, data));
  return data.invoices.length;
}
