import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { LegacyDatabase } from '../../../db/legacy-schema.ts';
import { count, money, sumText } from '../../../db/legacy-values.ts';
import { containsPattern } from '../../../db/like.ts';

/**
 * The reads of the legacy billing area (docs/legacy-billing.md), written once for both sources: the
 * `legacy` schema of PostgreSQL and MySQL/MariaDB (docs/decisions/037). Only portable SQL: lower() with
 * LIKE for searches, concat for text, coalesce(sum()) for totals, LIMIT/OFFSET for pages.
 */

export type LegacyDb = Kysely<LegacyDatabase>;
export interface Paging {
  page: number;
  limit: number;
}
export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; perPage: number };
}

/** Case-insensitive "contains" on both dialects (lower() on both sides; the wildcards escaped). */
export const containsIgnoringCase = (ref: string, text: string) =>
  sql<boolean>`lower(${sql.ref(ref)}) like ${containsPattern(text.toLowerCase())}`;

export type AnyQuery = SelectQueryBuilder<LegacyDatabase, any, any>;

export async function pageOf<R, T>(
  query: AnyQuery,
  select: (q: AnyQuery) => SelectQueryBuilder<LegacyDatabase, any, R>,
  toDto: (row: R) => T,
  { page, limit }: Paging,
): Promise<Page<T>> {
  const [totalRow, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    select(query)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return { data: rows.map(toDto), meta: { total: count((totalRow as { n?: unknown })?.n), page, perPage: limit } };
}

/** Rows per year and, given an amount column, its sum; newest year first. */
export async function perYear(query: AnyQuery, year: string): Promise<{ year: number; count: number }[]>;
export async function perYear(
  query: AnyQuery,
  year: string,
  amount: string,
): Promise<{ year: number; count: number; total: string }[]>;
export async function perYear(query: AnyQuery, year: string, amount?: string) {
  let q = query
    .select((eb) => [sql.ref(year).as('year'), eb.fn.countAll().as('n')])
    .groupBy(year)
    .orderBy(year, 'desc');
  if (amount !== undefined) q = q.select(sumText(amount).as('total'));
  const rows = (await q.execute()) as { year: unknown; n: unknown; total?: string }[];
  return rows.map((r) => ({
    year: Number(r.year),
    count: count(r.n),
    ...(amount !== undefined && { total: money(r.total ?? null) }),
  }));
}

/** A person's name from their first and last name; null when the person (a left join) is missing. */
export const nameOf = (first: string | null | undefined, last: string | null | undefined) =>
  first === null || first === undefined ? null : `${first} ${last ?? ''}`.trim();
