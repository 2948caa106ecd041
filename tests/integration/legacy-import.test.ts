import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLegacy, type ImportProgress, importLegacy } from '../../api/db/legacy-import.ts';
import type { LegacyDatabase } from '../../api/db/legacy-schema.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import { createMariaDbDatabase, type MariaDbDatabase } from '../support/mariadb.ts';

/**
 * npm run legacy:import (docs/legacy-billing.md): a MariaDB legacy database copied into the `legacy`
 * schema in batches, then compared table by table; zero dates arrive as NULL, ids above 2^53 intact.
 * The tool itself runs as a process in tests/processes/legacy-import.test.ts.
 */
const ID_BASE = 9007199254740980n;

let maria: MariaDbDatabase;
let database: TestDatabase;
const rows = legacyRows({ idBase: ID_BASE, zeroDates: true, users: 25, invoices: 230 });

beforeAll(async () => {
  maria = await createMariaDbDatabase('ff_legacy_import');
  await insertLegacyRows(maria.db, rows);
  database = await testDatabase();
});
afterAll(async () => {
  await database?.dispose();
  await maria?.drop();
});

const embedded = () => database.db.withSchema('legacy') as unknown as Kysely<LegacyDatabase>;

describe('legacy import', () => {
  it('copies every table in batches with progress, and the counts and sums match', async () => {
    const progress: ImportProgress[] = [];
    const report = await importLegacy(maria.db, database.db, { batchSize: 100, onProgress: (p) => progress.push(p) });
    expect(report.every((r) => r.matches)).toBe(true);
    const invoices = report.find((r) => r.table === 'invoices');
    expect(invoices).toMatchObject({ sourceRows: 230, targetRows: 230 });
    expect(invoices?.sums.map((s) => s.column)).toEqual(['subtotal', 'tax_total', 'total']);
    // 690 lines in batches of 100: 7 batches after the start.
    const lines = progress.filter((p) => p.table === 'invoice_lines');
    expect(lines.map((p) => p.done)).toEqual([0, 100, 200, 300, 400, 500, 600, 690]);
    expect(lines.every((p) => p.total === 690)).toBe(true);

    const copied = await embedded()
      .selectFrom('invoices')
      .select(['number', 'issued_on'])
      .where('id', '=', String(ID_BASE + 40n))
      .executeTakeFirstOrThrow();
    // A zero date on MariaDB is NULL in the copy; the id passed 2^53 unchanged.
    expect(copied.issued_on).toBeNull();
    expect(String(ID_BASE + 40n)).toBe('9007199254741020');
    expect(copied.number).toBe(rows.invoices[39]?.number);
  });

  it('refuses to write over a copy unless asked, and then replaces it', async () => {
    await expect(importLegacy(maria.db, database.db)).rejects.toThrow(/--replace/);
    await maria.db
      .updateTable('invoices')
      .set({ total: '1.00' })
      .where('id', '=', String(ID_BASE + 1n))
      .execute();
    const differs = await compareLegacy(maria.db, embedded());
    expect(differs.find((r) => r.table === 'invoices')?.matches).toBe(false);
    const report = await importLegacy(maria.db, database.db, { replace: true, batchSize: 5000 });
    expect(report.every((r) => r.matches)).toBe(true);
  });
});
