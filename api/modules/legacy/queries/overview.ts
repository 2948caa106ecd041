import { sql } from 'kysely';
import type { LegacyOverview } from '../../../contracts/legacy.ts';
import { count, exprText, money, sumText } from '../../../db/legacy-values.ts';
import { type LegacyDb, perYear } from './common.ts';

/** Figures per year for the overview's charts: new users, invoices and revenue, payments, registrations. */
export async function overview(db: LegacyDb): Promise<LegacyOverview> {
  const billed = db.selectFrom('invoices as i').where('i.status', '<>', 'cancelled');
  const paid = db
    .selectFrom('payments as p')
    .where('p.is_deleted', '=', sql.lit(false))
    .where('p.state', '=', 'completed');
  const [users, invoices, payments, credits, usersByYear, invoicesByYear, paymentsByYear, registrationsByYear] =
    await Promise.all([
      db
        .selectFrom('users as u')
        .select((eb) => [
          eb.fn.countAll().as('n'),
          exprText(sql`coalesce(sum(case when u.is_active = ${sql.lit(true)} then 1 else 0 end), 0)`).as('active'),
        ])
        .executeTakeFirstOrThrow(),
      billed.select((eb) => [eb.fn.countAll().as('n'), sumText('i.total').as('total')]).executeTakeFirstOrThrow(),
      paid.select(sumText('p.amount').as('total')).executeTakeFirstOrThrow(),
      db.selectFrom('credit_transactions as t').select(sumText('t.amount').as('total')).executeTakeFirstOrThrow(),
      perYear(db.selectFrom('users as u'), 'u.joined_year'),
      perYear(billed, 'i.year', 'i.total'),
      perYear(paid, 'p.year', 'p.amount'),
      perYear(db.selectFrom('registrations as r').where('r.status', '<>', 'cancelled'), 'r.year'),
    ]);
  const years = new Map<number, LegacyOverview['byYear'][number]>();
  const yearOf = (year: number) => {
    let entry = years.get(year);
    if (!entry) {
      entry = { year, newUsers: 0, invoices: 0, revenue: '0.00', payments: '0.00', registrations: 0 };
      years.set(year, entry);
    }
    return entry;
  };
  for (const r of usersByYear) yearOf(r.year).newUsers = r.count;
  for (const r of invoicesByYear) {
    const e = yearOf(r.year);
    e.invoices = r.count;
    e.revenue = r.total;
  }
  for (const r of paymentsByYear) yearOf(r.year).payments = r.total;
  for (const r of registrationsByYear) yearOf(r.year).registrations = r.count;
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
