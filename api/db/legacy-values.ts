import { type RawBuilder, sql } from 'kysely';

/**
 * Values as both legacy sources hand them over, turned into the API's shapes without a float on the way
 * (docs/decisions/037), shared by the legacy module and the import. Every BIGINT, DECIMAL, DATE and DATETIME column is selected through `asText`:
 * concat(x, '') is text on PostgreSQL and MySQL alike, so no driver parses it (pg reads int8 as a number,
 * which would lose ids above 2^53). concat ignores a NULL on PostgreSQL ('') and returns NULL on MySQL:
 * both read as null below.
 */
export const asText = (ref: string): RawBuilder<string | null> => sql<string | null>`concat(${sql.ref(ref)}, '')`;

/** An aggregate or expression as text: sums of DECIMALs stay exact. */
export const exprText = (expr: RawBuilder<unknown>): RawBuilder<string> => sql<string>`concat(${expr}, '')`;

/** A DECIMAL sum as text, 0 when there is nothing to sum. */
export const sumText = (ref: string): RawBuilder<string> => exprText(sql`coalesce(sum(${sql.ref(ref)}), 0)`);

/** A count as a number (both drivers may hand a BIGINT count over as a string). */
export const count = (v: unknown): number => Number(v ?? 0);

/** A decimal string with at least two places: '5' -> '5.00', '-1.5' -> '-1.50', '12.345' stays. */
export function money(v: string | null | undefined): string {
  const text = v === null || v === undefined || v === '' ? '0' : String(v);
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A decimal string as stored (quantities, rates): '2.00', never reformatted through a number. */
export const decimal = (v: string | null | undefined): string => money(v);

export function nullableId(v: string | null | undefined): string | null {
  return v === null || v === undefined || v === '' ? null : String(v);
}

export function id(v: string | null | undefined): string {
  return nullableId(v) ?? '';
}

/** 'YYYY-MM-DD', or null for a missing date and a legacy zero date ('0000-00-00', '2019-00-00'). */
export function dateOnly(v: string | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  const day = String(v).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day.startsWith('0000') || day.slice(5, 7) === '00' || day.slice(8) === '00')
    return null;
  return day;
}

/** A legacy DATETIME (UTC) as ISO 8601, or null when missing or zero. */
export function dateTime(v: string | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  const text = String(v);
  if (dateOnly(text) === null) return null;
  const time = text.length > 10 ? text.slice(11, 19) : '00:00:00';
  return `${text.slice(0, 10)}T${time.padEnd(8, ':00')}Z`;
}

/** A flag: boolean on PostgreSQL, TINYINT(1) on MySQL. */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
