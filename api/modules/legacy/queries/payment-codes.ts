import type { LegacyCodeValidation, LegacyPaymentCode } from '../../../contracts/legacy.ts';
import { asText, dateOnly, decimal, id } from '../../../db/legacy-values.ts';
import { type LegacyDb, type Paging, pageOf, perYear } from './common.ts';

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
  return { data: await perYear(db.selectFrom('payment_codes as c'), 'c.year') };
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
