import { type Kysely, sql } from 'kysely';
import {
  LEGACY_COLUMNS,
  LEGACY_MONEY_COLUMNS,
  LEGACY_TABLES,
  type LegacyDatabase,
  type LegacyTable,
} from './legacy-schema.ts';
import { dateOnly, flag, money } from './legacy-values.ts';
import type { Database } from './schema.ts';

export interface ImportProgress {
  table: LegacyTable;
  done: number;
  total: number;
}

export interface TableComparison {
  table: LegacyTable;
  sourceRows: number;
  targetRows: number;
  sums: { column: string; source: string; target: string }[];
  matches: boolean;
}

export class LegacyImportError extends Error {
  override name = 'LegacyImportError';
}

/** A value that looks like a date but is a legacy zero date ('0000-00-00', '2019-00-00 ...'): NULL here. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
/** TINYINT(1) flags (is_active, is_deleted) arrive as '0'/'1' text and become booleans. */
const normalised = (column: string, v: unknown) => {
  if (column.startsWith('is_')) return v === null ? null : flag(v);
  return typeof v === 'string' && DATE_LIKE.test(v) && dateOnly(v) === null ? null : v;
};

/**
 * Copies every legacy table of a MySQL/MariaDB database into the `legacy` schema of the main database
 * (npm run legacy:import, docs/legacy-billing.md): in batches in primary-key order, every value read as
 * text (nothing passes through a float), zero dates as NULL, all in one transaction on the main database.
 * Refuses to write over rows already there unless `replace`. Then compares row counts and DECIMAL sums.
 */
export async function importLegacy(
  from: Kysely<LegacyDatabase>,
  main: Kysely<Database>,
  {
    batchSize = 2000,
    replace = false,
    onProgress,
  }: { batchSize?: number; replace?: boolean; onProgress?: (p: ImportProgress) => void } = {},
): Promise<TableComparison[]> {
  await main.transaction().execute(async (trx) => {
    const to = trx.withSchema('legacy') as unknown as Kysely<LegacyDatabase>;
    for (const table of LEGACY_TABLES) {
      const existing = await countOf(to, table);
      if (existing > 0 && !replace)
        throw new LegacyImportError(
          `The embedded legacy.${table} already has ${existing} rows: run with --replace to overwrite the legacy schema.`,
        );
    }
    if (replace) for (const table of [...LEGACY_TABLES].reverse()) await to.deleteFrom(table).execute();
    for (const table of LEGACY_TABLES) {
      const total = await countOf(from, table);
      const columns = LEGACY_COLUMNS[table] as readonly string[];
      const keys = table === 'payment_allocations' ? ['payment_id', 'invoice_id'] : ['id'];
      let done = 0;
      let after: string[] | undefined;
      onProgress?.({ table, done, total });
      for (;;) {
        // Keyset pages in primary-key order: each batch starts after the last key of the one before.
        let query = (from as Kysely<any>)
          .selectFrom(table)
          .select(columns.map((c) => sql<string | null>`concat(${sql.ref(c)}, '')`.as(c)));
        if (after) {
          const [k1, k2] = keys as [string, string | undefined];
          const [v1, v2] = after as [string, string | undefined];
          query = query.where((eb: any) =>
            k2 === undefined ? eb(k1, '>', v1) : eb.or([eb(k1, '>', v1), eb.and([eb(k1, '=', v1), eb(k2, '>', v2)])]),
          );
        }
        for (const k of keys) query = query.orderBy(k);
        const batch: Record<string, unknown>[] = await query.limit(batchSize).execute();
        if (batch.length === 0) break;
        const values = batch.map((row) => Object.fromEntries(columns.map((c) => [c, normalised(c, row[c])])));
        await (to as Kysely<any>).insertInto(table).values(values).execute();
        done += batch.length;
        onProgress?.({ table, done, total });
        const last = batch[batch.length - 1] as Record<string, string>;
        after = keys.map((k) => last[k] as string);
        if (batch.length < batchSize) break;
      }
    }
  });
  return compareLegacy(from, main.withSchema('legacy') as unknown as Kysely<LegacyDatabase>);
}

async function countOf(db: Kysely<LegacyDatabase>, table: LegacyTable): Promise<number> {
  const row = await (db as Kysely<any>)
    .selectFrom(table)
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

async function sumsOf(db: Kysely<LegacyDatabase>, table: LegacyTable, columns: readonly string[]) {
  if (columns.length === 0) return {};
  const row = await (db as Kysely<any>)
    .selectFrom(table)
    .select(columns.map((c) => sql<string>`concat(coalesce(sum(${sql.ref(c)}), 0), '')`.as(c)))
    .executeTakeFirstOrThrow();
  return row as Record<string, string>;
}

/** Row counts and DECIMAL sums of every legacy table on both sides. */
export async function compareLegacy(
  source: Kysely<LegacyDatabase>,
  target: Kysely<LegacyDatabase>,
): Promise<TableComparison[]> {
  const report: TableComparison[] = [];
  for (const table of LEGACY_TABLES) {
    const columns = (LEGACY_MONEY_COLUMNS[table] ?? []) as readonly string[];
    const [sourceRows, targetRows, sourceSums, targetSums] = await Promise.all([
      countOf(source, table),
      countOf(target, table),
      sumsOf(source, table, columns),
      sumsOf(target, table, columns),
    ]);
    const sums = columns.map((column) => ({
      column,
      source: money(sourceSums[column]),
      target: money(targetSums[column]),
    }));
    report.push({
      table,
      sourceRows,
      targetRows,
      sums,
      matches: sourceRows === targetRows && sums.every((s) => s.source === s.target),
    });
  }
  return report;
}
