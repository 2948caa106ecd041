import type { LegacyCreditLedger, LegacyCreditTransaction } from '../../../contracts/legacy.ts';
import { asText, dateTime, id, money, nullableId, sumText } from '../../../db/legacy-values.ts';
import { type LegacyDb, type Paging, pageOf } from './common.ts';

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
